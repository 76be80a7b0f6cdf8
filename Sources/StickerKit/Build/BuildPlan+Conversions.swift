import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// What a build settles that the check before it reported: a foreign file (WebP...) that the build
/// converted to PNG/APNG ships in a format Messages accepts.
extension BuildPlan {
    /// The check's `unsupported_format` findings that still hold after this build: those whose file
    /// no built sticker names among its `sources` (a file that was converted ships as PNG/APNG).
    public func unsettledFormatFindings(of report: CheckReport) -> [Finding] {
        let converted = Set(manifest.stickers.filter { $0.format == "png" || $0.format == "apng" }.flatMap(\.sources))
        return report.findings.filter {
            $0.rule == UnsupportedFormatCheck.description.id && !converted.contains($0.file ?? "")
        }
    }
}

/// One truth: what a build reports about a sticker it fitted is what `check` finds in the written
/// catalog. Fitting changes the pixels (placed into the grid cell, scaled, padded, quantised), so
/// the check's findings on the source no longer describe the file that ships: the file's rules are
/// run again on the built file.
extension BuildPlan {
    /// Findings of the sticker rules about the file itself (every category but `catalog`, and not
    /// `file_too_large`, which the build reports with the fitter's reason) on each fitted sticker's
    /// built file, and the names of the stickers rechecked.
    public func builtFileFindings(context: CheckContext, limits: DecodeLimits = .default) -> (stickers: Set<String>, findings: [Finding]) {
        let checks = Self.builtFileChecks
        var names = Set<String>(), findings: [Finding] = []
        for entry in manifest.stickers where entry.fit != nil {
            guard let bytes = files[entry.file] else { continue }
            names.insert(entry.name)
            // Named as `check` names it in the written catalog: relative to the .xcstickers folder.
            let file = entry.file.hasPrefix(PackLayout.catalog + "/") ? String(entry.file.dropFirst(PackLayout.catalog.count + 1)) : entry.file
            do {
                let image = try ImageDecoder(limits: limits).decode(bytes)
                let subject = FixWork(sticker: entry.name, file: file, image: image, bytes: bytes).subject
                findings += checks.flatMap { $0.check(subject, context: context) }
            } catch {
                findings.append(Finding(rule: BuildRules.buildFailed.id, severity: .error, sticker: entry.name, file: file,
                                        message: "the built file does not decode: \(error)",
                                        hint: "This is a StickerForge bug; please report it with the source file."))
            }
        }
        return (names, findings)
    }

    /// The rules `builtFileFindings` runs again.
    public static var builtFileRules: Set<String> { Set(builtFileChecks.map(\.ruleDescription.id)) }

    private static var builtFileChecks: [any StickerCheck] {
        RuleRegistry.stickerChecks.filter {
            $0.ruleDescription.category != .catalog && $0.ruleDescription.id != FileTooLargeCheck.description.id
        }
    }

    /// `report` with the findings of the file's rules on each fitted sticker replaced by those on its
    /// built file (the other stickers keep theirs), plus `added`; the rules in `replacing` are
    /// replaced for every sticker by `added`.
    public func truthful(_ report: CheckReport, context: CheckContext, added: [Finding], replacing: Set<String>) -> CheckReport {
        let (rechecked, built) = builtFileFindings(context: context)
        let rules = Self.builtFileRules.subtracting(replacing)
        let kept = report.findings.filter { rules.contains($0.rule) && !rechecked.contains($0.sticker ?? "") }
        return report.amended(with: added + kept + built.filter { !replacing.contains($0.rule) }, replacing: replacing.union(rules))
    }
}
