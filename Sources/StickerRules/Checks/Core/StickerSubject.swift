import ImageCodec
import StickerCore

/// One input file of a sticker as loaded: what its bytes are, whatever its name says.
public struct LoadedFile: Equatable, Sendable {
    /// Path relative to the catalog root.
    public var path: String
    /// Size of the file in bytes.
    public var byteCount: Int
    /// Real format, sniffed from the bytes.
    public var format: ImageFormat
    /// The name's extension, lower case, without the dot ("" when there is none).
    public var pathExtension: String
    /// Canvas size when the file decoded.
    public var pixelSize: PixelSize?
    /// What the file says about itself when it decoded.
    public var facts: SourceFacts?

    /// A loaded file; the extension is taken from `path`.
    public init(path: String, byteCount: Int, format: ImageFormat,
                pixelSize: PixelSize? = nil, facts: SourceFacts? = nil) {
        self.path = path; self.byteCount = byteCount; self.format = format
        self.pathExtension = LoadedFile.pathExtension(of: path)
        self.pixelSize = pixelSize; self.facts = facts
    }

    /// The last component's extension, lower case; a leading dot (`.hidden`) is not an extension.
    public static func pathExtension(of path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }

    /// The last path component.
    public var fileName: String { LoadedFile.name(of: path) }
}

/// A file that could not be decoded (or read), with the precise reason.
public struct FileFailure: Equatable, Sendable {
    /// Path relative to the catalog root.
    public var file: String
    /// Why: the decoder's error, or a limit refusal.
    public var error: CodecError
    /// A failure.
    public init(file: String, error: CodecError) { self.file = file; self.error = error }
}

/// Everything a sticker check sees about one sticker: its declaration, its files, its pixels.
///
/// A subject comes in two kinds. One holds the decoded image with every frame (`image`): fixes,
/// builds and the reports' overlays work on its pixels. One loaded for checking only
/// (`SubjectLoader.loadMeasured`) holds what the rules need of the pixels, measured as the frames
/// were decoded, and no frame: `image` is nil, `decoded`, `alphaScans` and the halo measure are
/// set. The rules read only `decoded`, `alphaScans` and `haloMeasure`, so they judge both alike.
public struct StickerSubject: Sendable {
    /// The sticker as the catalog declares it.
    public var source: StickerSource
    /// Its files that exist, in declaration order (missing files are catalog problems instead).
    public var files: [LoadedFile]
    /// The decoded image: a file's decode, or a sequence's frames assembled (format `apng`).
    /// Nil when any file failed to decode or a sequence's frames differ in size, and in a subject
    /// loaded for checking only. Setting it measures it again.
    public var image: DecodedImage? {
        didSet {
            decoded = image.map(DecodedSummary.init)
            alphaScans = Self.scans(of: image)
            measuredHalo = nil
        }
    }
    /// The decoded image without its pixels (canvas, delays, loop count, facts): what the rules
    /// read. Nil exactly when the sticker has no decoded image (a file failed, a sequence's frames
    /// differ in size).
    public private(set) var decoded: DecodedSummary?
    /// One alpha scan per frame of the decoded image, in order (empty without one): the
    /// transparency rules and the summary read these instead of each walking the pixels again.
    public private(set) var alphaScans: [FrameAlphaScan]
    /// `edge_halo`'s measure when it was taken as the frames were decoded.
    private var measuredHalo: HaloMeasure?
    /// Files that failed to decode or were refused by the decode limits.
    public var failures: [FileFailure]

    /// A subject with its decoded image.
    public init(source: StickerSource, files: [LoadedFile], image: DecodedImage?, failures: [FileFailure]) {
        self.source = source; self.files = files; self.image = image; self.failures = failures
        decoded = image.map(DecodedSummary.init)
        alphaScans = Self.scans(of: image)
    }

    /// A subject measured as its frames were decoded, without them: `decoded` and `alphaScans` (one
    /// per frame) as a decoded image would give them, and `edge_halo`'s measure when it was taken.
    init(source: StickerSource, files: [LoadedFile], measured decoded: DecodedSummary?, scans: [FrameAlphaScan],
         halo: HaloMeasure?, failures: [FileFailure]) {
        precondition(decoded.map { $0.frameCount == scans.count } ?? scans.isEmpty, "one scan per frame")
        self.source = source; self.files = files; self.failures = failures
        self.decoded = decoded; alphaScans = scans; measuredHalo = halo
    }

    private static func scans(of image: DecodedImage?) -> [FrameAlphaScan] {
        image?.frames.map { FrameAlphaScan($0.image) } ?? []
    }

    /// `edge_halo`'s measure: the one taken as the frames were decoded, or else measured now from
    /// `image`'s frames; an empty measure when there is neither.
    var haloMeasure: HaloMeasure {
        if let measuredHalo { return measuredHalo }
        return image.map { HaloMeasure.of($0, scans: alphaScans) } ?? HaloMeasure()
    }

    /// Whether any pixel of any frame has alpha below 255.
    public var hasTransparency: Bool { alphaScans.contains { $0.hasTransparency } }

    /// The sticker's name.
    public var name: String { source.name }

    /// Whether the sticker is a frame sequence rather than one file.
    public var isSequence: Bool { source.isSequence }

    /// The file a whole-sticker finding points at: the sticker's file, or its folder for a
    /// sequence (a finding about all frames is about no single frame file).
    public var primaryFile: String? { source.primaryFile }

    /// Whether the sticker animates: several frames, an animation format, or a sequence.
    public var isAnimated: Bool {
        guard let decoded else { return false }
        return isSequence || decoded.isAnimated
    }
}
