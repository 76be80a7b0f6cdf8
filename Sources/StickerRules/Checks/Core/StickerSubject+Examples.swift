import ImageCodec
import StickerCore

extension StickerSubject {
    /// A one-file sticker subject around an in-memory image, for rule examples and tests.
    /// The file is named `<name>.<extension>` (the format's usual extension unless given) and its
    /// byte count is `byteCount`, or the image's `facts.fileSize`.
    public static func example(image: DecodedImage?, name: String = "Example", file: String? = nil,
                               format: ImageFormat? = nil, byteCount: Int? = nil,
                               label: String? = "An example sticker",
                               failures: [FileFailure] = []) -> StickerSubject {
        let realFormat = format ?? image?.facts.format ?? .png
        let path = file ?? "\(name).\(realFormat.usualExtensions.first ?? "bin")"
        let loaded = LoadedFile(path: path, byteCount: byteCount ?? image?.facts.fileSize ?? 100_000,
                                format: realFormat,
                                pixelSize: image.map { PixelSize(width: $0.width, height: $0.height) },
                                facts: image?.facts)
        let source = StickerSource(name: name, folder: nil, content: .file(path), accessibilityLabel: label)
        return StickerSubject(source: source, files: [loaded], image: image, failures: failures)
    }

    /// A frame-sequence sticker subject from in-memory frame images, assembled exactly as the
    /// pipeline assembles decoded frame files.
    public static func exampleSequence(frames: [DecodedImage], name: String = "Sequence",
                                       timing: SequenceTiming = .fps(15), repetitions: Int = 0,
                                       label: String? = "An example sequence") -> StickerSubject {
        let folder = "\(name).stickersequence"
        let paths = frames.indices.map { "\(folder)/frame_\($0 + 1).png" }
        let source = StickerSource(name: name, folder: folder,
                                   content: .sequence(frames: paths, timing: timing, repetitions: repetitions),
                                   accessibilityLabel: label)
        let files = zip(paths, frames).map { path, image in
            LoadedFile(path: path, byteCount: image.facts.fileSize, format: image.facts.format,
                       pixelSize: PixelSize(width: image.width, height: image.height), facts: image.facts)
        }
        return StickerSubject.assembled(source: source, files: files,
                                        decoded: Dictionary(uniqueKeysWithValues: zip(paths, frames)),
                                        failures: [])
    }
}
