import ImageCodec
import StickerCore

/// Every frame of a sequence must share one canvas size; otherwise it cannot be assembled.
public struct SequenceFrameMismatchCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "sequence_frame_mismatch", name: "Sequence frames differ in size",
        summary: "The frame files of one sequence do not all have the same pixel size, so it cannot be assembled.",
        defaultSeverity: .error, category: .catalog)

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard subject.isSequence else { return [] }
        let measured = subject.files.compactMap { f in f.pixelSize.map { (f, $0) } }
        guard let (_, reference) = measured.first else { return [] }
        let differing = measured.filter { $0.1 != reference }
        guard let (file, size) = differing.first else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: file.path,
            frame: differing.count == 1 ? frameIndex(of: file.path, in: subject) : nil,
            message: "\(NumberText.int(differing.count)) of \(NumberText.count(measured.count, "frame")) differ from the first "
                + "frame's \(reference) (first: \(file.fileName), \(size))",
            hint: "Export every frame on the same canvas size.")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        let small = ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20))
        let wide = ExampleImage.still(ExampleImage.canvas(418, 408, inset: 20))
        return CheckExamples(
            triggering: [CheckExample("one wider frame", .exampleSequence(frames: [small, small, wide]))],
            nonTriggering: [
                CheckExample("equal frames", .exampleSequence(frames: [small, small, small])),
                CheckExample("a one-file sticker", .example(image: small)),
            ])
    }
}
