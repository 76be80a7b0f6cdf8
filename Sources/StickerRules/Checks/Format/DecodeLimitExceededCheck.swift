import ImageCodec
import StickerCore

/// A file that declares more than the decode limits allow is refused before anything is allocated.
public struct DecodeLimitExceededCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "decode_limit_exceeded", name: "Decode limit exceeded",
        summary: "A file declares more pixels, frames or bytes than the decode limits allow, so it was not decoded.",
        defaultSeverity: .error, category: .format,
        threshold: "8,192 px a side, 256,000,000 pixels over all frames, 10,000 frames, 64 MiB a file (decodeLimits)")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        subject.failures.filter { $0.error.isLimit }.compactMap { failure in
            context.finding(
                Self.description, sticker: subject.name, file: failure.file,
                frame: frameIndex(of: failure.file, in: subject),
                message: "\(LoadedFile.name(of: failure.file)) \(failure.error)",
                hint: "Stickers are at most 618x618 px and 500,000 bytes: reduce the file. Raise the decode limits only for a file you trust.")
        }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("canvas over the limit", .example(
                    image: nil, file: "Huge.png", format: .png,
                    failures: [FileFailure(file: "Huge.png", error: .limitExceeded(what: "canvas 9000x9000 px",
                                                                                   limit: "8192 px a side"))])),
            ],
            nonTriggering: [
                CheckExample("decodes", .example(image: ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20)))),
                CheckExample("corrupt, not too large", .example(
                    image: nil, file: "Wave.png", format: .png,
                    failures: [FileFailure(file: "Wave.png", error: .corruptData("invalid distance too far back"))])),
            ])
    }
}
