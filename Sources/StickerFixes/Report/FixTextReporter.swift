import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// The `fix` report for people: what was done to each sticker, with figures, then what remains
/// (the text report of the repaired catalog, whose findings carry their hints).
///
/// ```
/// Fixed: halo (halo.png)
///   edge_halo unmix_matte: removed a black matte: 8,155 edge pixels changed in 1 frame (alpha unchanged)
///
/// Refused (each would add an error; the sticker keeps what it had before that fix):
///   tall: dimensions_too_large scale rolled back (375x519 px -> 295x408 px ...): its result has the
///   error dimensions_too_small (...), which the source does not have
///
/// Remains:
/// Sticker: photo (photo.jpg)
///   warning no_transparency: JPEG has no transparency: every pixel is opaque
///           hint: ...
///
/// 3 stickers repaired with 4 fixes; 7 stickers: 0 errors, 1 warning, 0 infos; 7 passed
/// ```
public struct FixTextReporter: Sendable {
    /// A reporter.
    public init() {}

    /// The text; `problems` are repairs that could not be made.
    public func render(_ outcome: FixOutcome, context: ReportContext, dryRun: Bool) -> String {
        let report = outcome.report
        var blocks: [String] = []
        let verb = dryRun ? "Would fix" : "Fixed"
        if let pack = report.fixes, !pack.isEmpty {
            blocks.append((["\(verb): the catalog"] + pack.map(Self.line)).joined(separator: "\n"))
        }
        for sticker in report.stickers {
            guard let fixes = sticker.fixes, !fixes.isEmpty else { continue }
            let location = TextReporter.location(of: sticker.files).map { " (\(TextReporter.visible($0)))" } ?? ""
            blocks.append((["\(verb): \(TextReporter.visible(sticker.name))\(location)"] + fixes.map(Self.line)).joined(separator: "\n"))
        }
        let refused = report.stickers.flatMap { sticker in
            (sticker.refusedFixes ?? []).map { "  \(TextReporter.visible(sticker.name)): \(TextReporter.visible($0.sentence))" }
        }
        if !refused.isEmpty {
            blocks.append((["Refused (each would add an error; the sticker keeps what it had before that fix):"] + refused)
                .joined(separator: "\n"))
        }
        if !outcome.problems.isEmpty {
            blocks.append((["Could not fix:"] + outcome.problems.map { "  " + TextReporter.visible($0) }).joined(separator: "\n"))
        }
        if report.findings.isEmpty {
            blocks.append("Remains: nothing.")
        } else {
            var remaining = TextReporter().render(report, context: context)
            // The summary sentence closes the whole report instead.
            if let cut = remaining.dropLast().lastIndex(of: "\n") { remaining = String(remaining[..<cut]) }
            blocks.append("Remains (no safe fix; see the hints):\n" + remaining.trimmingTrailingNewlines)
        }
        let count = outcome.allFixes.count
        blocks.append("\(outcome.changedStickers) sticker\(outcome.changedStickers == 1 ? "" : "s") "
            + "\(dryRun ? "would be " : "")repaired with \(count) fix\(count == 1 ? "" : "es"); after fixing: "
            + report.summary.sentence)
        return TextReporter.trimmingTrailingWhitespace(blocks.joined(separator: "\n\n")) + "\n"
    }

    private static func line(_ record: FixRecord) -> String {
        "  \(record.rule) \(record.action): \(TextReporter.visible(record.details))"
    }
}

private extension String {
    var trimmingTrailingNewlines: String {
        var s = self
        while s.hasSuffix("\n") { s.removeLast() }
        return s
    }
}
