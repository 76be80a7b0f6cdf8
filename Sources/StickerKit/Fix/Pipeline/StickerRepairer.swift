import Foundation
import ImageCodec

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
    /// are left as they are (their findings remain).
    public func repair(_ source: StickerSource, root: String) -> StickerRepair {
        var repair = StickerRepair(name: source.name, records: [], files: [], problems: [])
        var perFile: [[FixRecord]] = []
        for path in source.files {
            let bytes: [UInt8]
            let image: DecodedImage
            do {
                bytes = try FileIO.read(FileIO.join(root, path), maxBytes: limits.maxFileBytes)
                image = try ImageDecoder(limits: limits).decode(bytes)
            } catch {
                continue
            }
            var work = FixWork(sticker: source.name, file: path, isSequenceFrame: source.isSequence, image: image, bytes: bytes)
            let records = run(&work, problems: &repair.problems)
            perFile.append(records)
            repair.files.append(RepairedFile(original: path, path: work.file, bytes: records.isEmpty ? nil : work.bytes))
        }
        repair.records = Self.merged(perFile)
        return repair
    }

    /// Every fix on one work item; the bytes are encoded again when a pixel fix changed them. A fix
    /// that fails leaves the work as it was and says why in `problems`; the others still run.
    func run(_ work: inout FixWork, problems: inout [String]) -> [FixRecord] {
        var records: [FixRecord] = []
        func attempt(_ fix: any StickerFix) {
            guard !context.check.isOff(ruleDescription(fix)) else { return }
            var copy = work
            do {
                if let record = try fix.apply(to: &copy, context: context) { records.append(record); work = copy }
            } catch {
                problems.append("\(error)")
            }
        }
        pixelFixes.forEach(attempt)
        if work.needsEncoding {
            do { work.bytes = try encode(work) } catch {
                problems.append("\(error)")
                return []
            }
        }
        fileFixes.forEach(attempt)
        return records
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
