import ImageCodec
import StickerCore

/// A file in a sticker format that does not decode: Messages would show nothing or refuse it.
public struct CorruptImageCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "corrupt_image", name: "Corrupt image",
        summary: "A file cannot be decoded; the message gives the decoder's precise reason.",
        defaultSeverity: .error, category: .format)

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        // Limit refusals have their own rule; they say nothing about the file being damaged.
        subject.failures.filter { !$0.error.isLimit }.compactMap { failure in
            context.finding(
                Self.description, sticker: subject.name, file: failure.file,
                frame: frameIndex(of: failure.file, in: subject),
                message: "\(LoadedFile.name(of: failure.file)) cannot be decoded: \(failure.error)",
                hint: "Re-export the file from the original artwork; a damaged file cannot be repaired by renaming.")
        }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("truncated PNG", .example(
                    image: nil, file: "Wave.png", format: .png,
                    failures: [FileFailure(file: "Wave.png", error: .truncated("IDAT chunk ends at byte 1,024 of 4,096"))])),
            ],
            nonTriggering: [
                CheckExample("decodes", .example(image: ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20)))),
                CheckExample("refused by a limit only", .example(
                    image: nil, file: "Huge.png", format: .png,
                    failures: [FileFailure(file: "Huge.png", error: .limitExceeded(what: "canvas 9000x9000 px",
                                                                                   limit: "8192 px a side"))])),
            ])
    }
}

/// The frame index of a sequence's frame file, nil for a one-file sticker.
func frameIndex(of file: String, in subject: StickerSubject) -> Int? {
    guard case .sequence(let frames, _, _) = subject.source.content else { return nil }
    return frames.firstIndex(of: file)
}

extension LoadedFile {
    /// The last component of a relative path.
    package static func name(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }
}
