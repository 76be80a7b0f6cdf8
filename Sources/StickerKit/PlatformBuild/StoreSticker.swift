import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// One sticker as `build --platform` wrote it for a store, and what was done to get there.
public struct StoreSticker: Equatable, Sendable, Codable {
    /// The source sticker's name (its `emojis:` key).
    public var name: String
    /// Its source files, relative to the pack.
    public var sources: [String]
    /// The file's name in the store's folder.
    public var file: String
    /// What a check of the store's folder names this sticker by (its file without the extension,
    /// as `FolderPackReader` names stickers): how findings are matched to it.
    public var fileStem: String { FolderPackReader.stem(file) }
    /// The file's bytes (not in the build record, which keeps their SHA-256).
    public var bytes: [UInt8] = []
    /// What the file is.
    public var format: ImageFormat
    /// Its pixel size.
    public var width: Int, height: Int
    /// Frames the file holds (1 for a still).
    public var frames: Int
    /// One loop in milliseconds (0 for a still).
    public var durationMs: Double
    /// Plays; 0 = forever (stills: 0).
    public var loops: Int
    /// The emoji from `emojis:`, never made up.
    public var emojis: [String]
    /// How it was scaled and padded; nil when it was not.
    public var scaled: String?
    /// How it was retimed; empty when it was not.
    public var retimed: [String]
    /// How it was fitted under the store's byte limit.
    public var fitted: String?
    /// Anything else the build decided for it (why a Lottie source did not become a .tgs).
    public var notes: [String] = []
    /// The source as decoded, before the store's changes (the comparison page's left column).
    public var source: StoreSourceFacts?
    /// What a screen reader says for it: the sticker's label from stickerforge.yml's `labels:`
    /// (WhatsApp's `accessibility_text`); nil without one.
    public var accessibilityText: String? = nil
    /// What the fit's search cost (full and partial encodes, pixels against the file's); nil for a
    /// file not searched for (a .tgs).
    public var search: FitSearchCost? = nil

    /// Whether the store shows it as animated.
    public var isAnimated: Bool { frames > 1 }

    /// The key of its inputs and settings (`StoreBuildCache`): the same key builds the same file.
    /// Empty for a sticker made outside a pack build.
    var cacheKey = ""
    /// Whether it was taken from the folder's previous build rather than built.
    var reused = false

    /// What the build record keeps of it: everything but the bytes and the key.
    enum CodingKeys: String, CodingKey {
        case name, sources, file, format, width, height, frames, durationMs, loops, emojis, scaled, retimed, fitted, notes
        case source, accessibilityText, search
    }
}

/// What a source sticker was before a store's build changed it.
public struct StoreSourceFacts: Equatable, Sendable, Codable {
    /// Its (first) file, relative to the pack.
    public var file: String
    /// Its format by the bytes.
    public var format: ImageFormat
    /// Pixel size as decoded (a vector source: its canvas).
    public var width: Int, height: Int
    /// Frames and one loop in milliseconds (0 for a still).
    public var frames: Int
    public var durationMs: Double
}

/// The pixels and timing of a decoded source sticker, before the store's changes.
struct SourceAnimation {
    var frames: [AnimationFrame]
    var plays: Int
    /// The format of its (first) file by the bytes.
    var format: ImageFormat
}
