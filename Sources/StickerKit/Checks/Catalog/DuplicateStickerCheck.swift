import ImageCodec

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
        // Hash first so that only candidates are compared pixel by pixel.
        var buckets: [Int: [Int]] = [:]
        var findings: [Finding] = []
        for (index, subject) in pack.subjects.enumerated() {
            guard let image = subject.image else { continue }
            let key = Self.pixelHash(image)
            let earlier = buckets[key, default: []]
            if let original = earlier.first(where: { Self.samePixels(pack.subjects[$0].image, image) }) {
                let frames = image.frames.count == 1 ? "1 frame" : "all \(NumberText.int(image.frames.count)) frames"
                if let f = context.finding(
                    Self.description, sticker: subject.name, file: subject.primaryFile,
                    message: "identical pixels to \"\(pack.subjects[original].name)\" (\(frames) equal)",
                    hint: "Remove one of the two, or replace it with the artwork it was meant to be.") {
                    findings.append(f)
                }
            } else {
                buckets[key, default: []].append(index)
            }
        }
        return findings
    }

    /// A cheap fingerprint: sizes plus about 1,024 evenly spaced 8-byte words of every frame.
    /// Equal stickers always collide; candidates are then compared pixel by pixel, so sampling
    /// costs no precision, only the full-byte hashing time (which dominated checking a big pack).
    static func pixelHash(_ image: DecodedImage) -> Int {
        var hasher = Hasher()
        hasher.combine(image.width); hasher.combine(image.height); hasher.combine(image.frames.count)
        for frame in image.frames {
            frame.image.pixels.withUnsafeBytes { raw in
                let words = raw.count / 8
                guard words > 0 else { hasher.combine(bytes: raw); return }
                let step = max(1, words / 1024)
                var index = 0
                while index < words {
                    hasher.combine(raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
                    index += step
                }
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw[(words * 8)...]))
            }
        }
        return hasher.finalize()
    }

    static func samePixels(_ a: DecodedImage?, _ b: DecodedImage) -> Bool {
        guard let a, a.width == b.width, a.height == b.height, a.frames.count == b.frames.count else { return false }
        return zip(a.frames, b.frames).allSatisfy { $0.image == $1.image }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [CheckExample("same artwork twice", pack: .example(subjects: [
                PackSubject.exampleSticker("Wave"), PackSubject.exampleSticker("Wave copy")]))],
            nonTriggering: [CheckExample("different artwork", pack: .example(subjects: [
                PackSubject.exampleSticker("Wave"), PackSubject.exampleSticker("Smile", inset: 24)]))])
    }
}
