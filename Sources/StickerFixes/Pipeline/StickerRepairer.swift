import Foundation
import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// One file of a repaired sticker: where it was, where it goes, and its new bytes when they changed.
public struct RepairedFile: Equatable, Sendable {
    /// Path relative to the catalog root, as read.
    public var original: String
    /// Path relative to the catalog root, as written (differs after a rename).
    public var path: String
    /// The new bytes, nil when the file is copied unchanged.
    public var bytes: [UInt8]?
}

/// What repairing one sticker did.
public struct StickerRepair: Equatable, Sendable {
    /// The sticker's name.
    public var name: String
    /// What was done, in order.
    public var records: [FixRecord]
    /// Its files.
    public var files: [RepairedFile]
    /// Why some repair could not be made (the finding then remains).
    public var problems: [String]
    /// Fixes the guard rolled back because their result had an error the source did not have.
    public var refused: [RefusedFix] = []
}

/// Runs every fix on one sticker's files: decode, pixel fixes, encode (only when something
/// changed: untouched files keep their exact bytes), file fixes.
public struct StickerRepairer: Sendable {
    /// The fix context.
    public var context: FixContext
    /// Decode limits.
    public var limits: DecodeLimits
    /// Fixes to run.
    public var pixelFixes: [any StickerFix] = FixRegistry.pixelFixes
    /// File fixes to run.
    public var fileFixes: [any StickerFix] = FixRegistry.fileFixes

    /// A repairer.
    public init(context: FixContext, limits: DecodeLimits = .default) { self.context = context; self.limits = limits }

    /// Repairs `source`, whose paths are relative to `root`; files that cannot be read or decoded
    /// are left as they are (their findings remain). A fix the guard refuses for one frame file of
    /// a sequence is left out for every frame file, so the frames keep one size and one treatment.
    public func repair(_ source: StickerSource, root: String) -> StickerRepair {
        var sources: [FixWork] = []
        for path in source.files {
            do {
                let bytes = try FileIO.read(FileIO.join(root, path), maxBytes: limits.maxFileBytes)
                let image = try ImageDecoder(limits: limits).decode(bytes)
                sources.append(FixWork(sticker: source.name, file: path, isSequenceFrame: source.isSequence, image: image, bytes: bytes))
            } catch {
                continue
            }
        }
        var excluded: Set<String> = []
        var refused: [RefusedFix] = []
        while true {
            var repair = StickerRepair(name: source.name, records: [], files: [], problems: [])
            var perFile: [[FixRecord]] = []
            var newly: [RefusedFix] = []
            for var work in sources {
                let path = work.file
                let records = run(&work, problems: &repair.problems, refused: &newly, excluding: excluded)
                perFile.append(records)
                repair.files.append(RepairedFile(original: path, path: work.file, bytes: records.isEmpty ? nil : work.bytes))
            }
            for refusal in newly where !refused.contains(where: { $0.action == refusal.action }) { refused.append(refusal) }
            let added = Set(newly.map(\.action)).subtracting(excluded)
            if sources.count <= 1 || added.isEmpty {
                repair.records = Self.merged(perFile)
                repair.refused = refused
                return repair
            }
            excluded.formUnion(added)
        }
    }

    /// Every fix on one work item, guarded: when the result has an error finding the source did not
    /// have, the fix responsible is found by running the fixes again without each one in turn (in
    /// the order they ran) and is refused; when no single fix is responsible every fix is refused and
    /// the work keeps the source (its bytes are copied unchanged). Fixes in `excluded` do not run.
    func run(_ work: inout FixWork, problems: inout [String], refused: inout [RefusedFix],
             excluding excluded: Set<String> = []) -> [FixRecord] {
        let source = work
        var attemptProblems: [String] = []
        let records = run(&work, problems: &attemptProblems, excluding: excluded)
        guard !records.isEmpty else { problems += attemptProblems; return records }
        let had = Set(errors(of: source).map(\.rule))
        let added = errors(of: work).filter { !had.contains($0.rule) }
        guard !added.isEmpty else { problems += attemptProblems; return records }
        for record in records {
            var trial = source
            var trialProblems: [String] = []
            let trialRecords = run(&trial, problems: &trialProblems, excluding: excluded.union([record.action]))
            guard trialRecords.isEmpty || !errors(of: trial).contains(where: { !had.contains($0.rule) }) else { continue }
            refused.append(RefusedFix(record, findings: added))
            work = trial
            problems += trialProblems
            return trialRecords
        }
        refused += records.map { RefusedFix($0, findings: added) }
        work = source
        return []
    }

    /// The error findings of every sticker rule on `work`, as the fix context's configuration sets severities.
    func errors(of work: FixWork) -> [Finding] {
        let subject = work.subject
        return RuleRegistry.stickerChecks.flatMap { $0.check(subject, context: context.check) }.filter { $0.severity == .error }
    }

    /// Every fix not in `excluded` on one work item; the bytes are encoded again when a pixel fix
    /// changed them. A fix that fails leaves the work as it was and says why in `problems`; the
    /// others still run.
    func run(_ work: inout FixWork, problems: inout [String], excluding excluded: Set<String>) -> [FixRecord] {
        var records: [FixRecord] = []
        func attempt(_ fix: any StickerFix) {
            guard !context.check.isOff(ruleDescription(fix)), !excluded.contains(fix.fixDescription.action) else { return }
            var copy = work
            do {
                if let record = try fix.apply(to: &copy, context: context) { records.append(record); work = copy }
            } catch {
                problems.append("\(error)")
            }
        }
        pixelFixes.forEach(attempt)
        settleEdges(&work, records: &records, excluding: excluded)
        if work.needsEncoding {
            do { work.bytes = try encode(work) } catch {
                problems.append("\(error)")
                return []
            }
        }
        let unfitted = work
        fileFixes.forEach(attempt)
        if let remaining = haloLeftByFileFixes(before: unfitted, after: work, records: records) { problems.append(remaining) }
        return records
    }

    /// A pixel fix after the edge fix (scaling resamples the edge; a 2000 px sticker scaled to
    /// 618 px got a black fringe back) can leave a matte that `edge_halo` finds and its fix removes:
    /// the edge fix then runs once more, so that what the pixel fixes leave is nothing the check
    /// calls fixable. Its record says after which fixes it ran.
    func settleEdges(_ work: inout FixWork, records: inout [FixRecord], excluding excluded: Set<String>) {
        guard let position = pixelFixes.firstIndex(where: { $0 is EdgeHaloFix }) else { return }
        let fix = pixelFixes[position]
        let later = Set(pixelFixes[(position + 1)...].map(\.fixDescription.action))
        let after = records.filter { later.contains($0.action) }.map(\.action)
        guard !after.isEmpty, !excluded.contains(fix.fixDescription.action),
              !context.check.isOff(ruleDescription(fix)) else { return }
        var copy = work
        guard let record = try? fix.apply(to: &copy, context: context) else { return }
        work = copy
        let again = "again after \(NumberText.list(after)): " + record.details
        if let first = records.firstIndex(where: { $0.action == record.action }) {
            records[first].details += "; " + again
        } else {
            records.append(FixRecord(rule: record.rule, action: record.action, details: again))
        }
    }

    /// Why an `edge_halo` the pixel fixes had removed is found in the file the file fixes wrote
    /// (a lossy fit's palette maps the un-mixed edge to darker or lighter entries), or nil. The edge
    /// fix cannot run again there: un-mixing the fitted colours takes them out of the palette and
    /// the file over the limit again. `fix` says so ("Could not fix:") and the check's hint, on a
    /// palette image, does not promise that `fix` removes it (`EdgeHaloCheck`).
    func haloLeftByFileFixes(before: FixWork, after: FixWork, records: [FixRecord]) -> String? {
        guard let bytes = after.bytes, bytes != before.bytes, !context.check.isOff(EdgeHaloCheck.description),
              EdgeHaloCheck().check(before.subject, context: context.check).isEmpty,
              let image = try? ImageDecoder(limits: limits).decode(bytes) else { return nil }
        let written = FixWork(sticker: after.sticker, file: after.file, isSequenceFrame: after.isSequenceFrame,
                              image: image, bytes: bytes)
        guard let finding = EdgeHaloCheck().check(written.subject, context: context.check).first else { return nil }
        let fileActions = Set(fileFixes.map(\.fixDescription.action)).subtracting([ExtensionFix.description.action])
        let cause = records.last { fileActions.contains($0.action) }.map { "\($0.rule) \($0.action)" } ?? "a file fix"
        let palette = image.facts.paletteSize.map { " into a \($0)-colour palette" } ?? ""
        return "\(after.file): edge_halo remains (\(finding.message)) because \(cause) quantized the edge\(palette) after "
            + "the matte was removed; un-mixing the written colours again would undo that fit. Allow more bytes "
            + "(max_bytes, --max-bytes) so that the fit keeps more colours, or re-export the artwork smaller"
    }

    private func ruleDescription(_ fix: any StickerFix) -> RuleDescription {
        let id = fix.fixDescription.rules[0]
        return RuleRegistry.description(for: id) ?? RuleDescription(id: id, name: id, summary: "", defaultSeverity: .warning,
                                                                     category: .pixels)
    }

    /// The work's image as a lossless PNG or APNG.
    func encode(_ work: FixWork) throws -> [UInt8] {
        let encoder = PNGEncoder(options: PNGEncodeOptions(effort: context.settings.effort))
        do {
            if work.image.isAnimated {
                return try encoder.encodeAnimation(work.image.frames.map { AnimationFrame(image: $0.image, delay: $0.delay) },
                                                   loopCount: work.image.loopCount)
            }
            return try encoder.encode(work.image.frames[0].image)
        } catch {
            throw FixError.codec(file: work.file, reason: "encoding failed: \(error)")
        }
    }

    /// One sticker's records: a sequence's frames repaired alike give one record per rule and
    /// action, the first frame's details with the number of frame files.
    static func merged(_ perFile: [[FixRecord]]) -> [FixRecord] {
        guard perFile.count > 1 else { return perFile.first ?? [] }
        var order: [String] = [], first: [String: FixRecord] = [:], counts: [String: Int] = [:]
        for record in perFile.flatMap({ $0 }) {
            let key = record.rule + "/" + record.action
            if first[key] == nil { order.append(key); first[key] = record }
            counts[key, default: 0] += 1
        }
        return order.compactMap { key in
            guard var record = first[key] else { return nil }
            let n = counts[key] ?? 1
            if n > 1 { record.details = "\(NumberText.int(n)) frame files, e.g. " + record.details }
            return record
        }
    }
}
