import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// One sticker file being repaired: its pixels, its bytes while they are still the file's, and
/// where it will be written. A sequence is repaired one frame file at a time.
public struct FixWork: Equatable, Sendable {
    /// The sticker's name.
    public var sticker: String
    /// The file's path relative to the catalog root; a rename changes it.
    public var file: String
    /// Whether the file is one frame of a sequence (file-level fixes such as fitting skip frames).
    public var isSequenceFrame: Bool
    /// The pixels as decoded, then as repaired.
    public var image: DecodedImage
    /// The file's bytes: the source's until a pixel fix runs (nil then, until encoded again).
    public var bytes: [UInt8]?
    /// The format the bytes are (or will be encoded) in.
    public var format: ImageFormat

    /// Work on a decoded file.
    public init(sticker: String, file: String, isSequenceFrame: Bool = false, image: DecodedImage, bytes: [UInt8]?) {
        self.sticker = sticker; self.file = file; self.isSequenceFrame = isSequenceFrame
        self.image = image; self.bytes = bytes; self.format = image.facts.format
    }

    /// Whether the pixels or the format changed, so the file must be encoded again.
    public var needsEncoding: Bool { bytes == nil }

    /// Replaces the frames' pixels (same timing); the file is encoded again as PNG or APNG.
    public mutating func replacePixels(_ transform: (PixelBuffer) throws -> PixelBuffer) rethrows {
        for i in image.frames.indices {
            image.frames[i].image = try transform(image.frames[i].image)
            image.frames[i].raw = nil
        }
        if let first = image.frames.first { image.width = first.image.width; image.height = first.image.height }
        markReencoded()
    }

    /// The file will be written as PNG (still) or APNG (animation) from `image`.
    /// The facts follow the new file: 8-bit RGBA, a full alpha channel, the play count made explicit
    /// (a GIF without a loop block plays once).
    public mutating func markReencoded() {
        let animated = image.isAnimated
        if animated { image.loopCount = StickerConverter.playCount(of: image) }
        bytes = nil
        format = animated ? .apng : .png
        image.facts.format = format
        image.facts.bitDepth = 8
        image.facts.colorModel = .rgba
        image.facts.paletteSize = nil
        image.facts.transparency = image.frames.contains { $0.image.hasTransparency } ? .alphaChannel : .none
        image.facts.interlaced = false
        image.facts.frameCount = image.frames.count
        image.facts.declaredLoopCount = animated ? image.loopCount : nil
        image.facts.defaultImage = animated ? .firstFrame : nil
        image.facts.rawFrames = []
    }

    /// The one-file subject the checks see.
    public var subject: StickerSubject {
        var facts = image.facts
        if let bytes { facts.fileSize = bytes.count }
        let loaded = LoadedFile(path: file, byteCount: bytes?.count ?? facts.fileSize, format: format,
                                pixelSize: PixelSize(width: image.width, height: image.height), facts: facts)
        let source = StickerSource(name: sticker, folder: nil, content: .file(file), accessibilityLabel: "-")
        var shown = image
        shown.facts = facts
        return StickerSubject(source: source, files: [loaded], image: shown, failures: [])
    }

    /// Work on an in-memory image, for examples and tests; the bytes are the image's facts' size of
    /// zeros unless given.
    public static func example(_ image: DecodedImage, name: String = "Example", file: String? = nil,
                               bytes: [UInt8]? = nil) -> FixWork {
        let path = file ?? "\(name).\(image.facts.format.usualExtensions.first ?? "png")"
        return FixWork(sticker: name, file: path, image: image, bytes: bytes ?? [UInt8](repeating: 0, count: image.facts.fileSize))
    }
}
