import ImageCodec
import StickerCore

extension DimensionsTooLargeCheck {
    /// A side above the store's maximum for the sticker's kind.
    func storeFindings(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let image = subject.decoded, let kind = subject.platformKind(context) else { return [] }
        let limits = kind.pixels
        guard image.width > limits.maximum.width || image.height > limits.maximum.height else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "\(NumberText.size(image.width, image.height)), larger than \(context.platform.name) takes for "
                + "\(subject.kindText): \(limits.text)",
            hint: "Scale it to fit \(limits.maximum), keeping the aspect ratio.")]
            .compactMap { $0 }
    }
}

extension DimensionsTooSmallCheck {
    /// A side below the store's minimum, or no side as long as the store needs one side to be.
    func storeFindings(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let image = subject.decoded, let kind = subject.platformKind(context) else { return [] }
        let limits = kind.pixels
        let belowMinimum = limits.minimum.map { image.width < $0.width || image.height < $0.height } ?? false
        let noLongSide = limits.oneSideAtLeast.map { max(image.width, image.height) < $0 } ?? false
        guard belowMinimum || noLongSide else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "\(NumberText.size(image.width, image.height)), smaller than \(context.platform.name) takes for "
                + "\(subject.kindText): \(limits.text)",
            hint: "Export the artwork larger (or scale it up) to \(limits.text).")]
            .compactMap { $0 }
    }
}
