import ImageCodec
import StickerCore

/// Two stickers with the same pixels waste a slot and file size, and usually mean a copy mistake.
public struct DuplicateStickerCheck: PackCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "duplicate_sticker", name: "Duplicate sticker",
        summary: "Two stickers have identical pixels in every frame.",
        defaultSeverity: .warning, category: .catalog)

    public func check(_ pack: PackSubject, context: CheckContext) -> [Finding] {
        guard !context.isOff(Self.description) else { return [] }
        // Digests are equal exactly when every frame is the same buffer in the same order, so the
        // first sticker with a digest is the original of every later one with it.
        var firstWith: [PixelDigest: Int] = [:]
        var findings: [Finding] = []
        for (index, summary) in pack.summaries.enumerated() {
            guard let digest = summary.pixels else { continue }
            if let original = firstWith[digest] {
                let count = digest.frames.count
                let frames = count == 1 ? "1 frame" : "all \(NumberText.int(count)) frames"
                if let f = context.finding(
                    Self.description, sticker: summary.name, file: summary.primaryFile,
                    message: "identical pixels to \"\(pack.summaries[original].name)\" (\(frames) equal)",
                    hint: "Remove one of the two, or replace it with the artwork it was meant to be.") {
                    findings.append(f)
                }
            } else {
                firstWith[digest] = index
            }
        }
        return findings
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [CheckExample("same artwork twice", pack: .example(subjects: [
                PackSubject.exampleSticker("Wave"), PackSubject.exampleSticker("Wave copy")]))],
            nonTriggering: [CheckExample("different artwork", pack: .example(subjects: [
                PackSubject.exampleSticker("Wave"), PackSubject.exampleSticker("Smile", inset: 24)]))])
    }
}
