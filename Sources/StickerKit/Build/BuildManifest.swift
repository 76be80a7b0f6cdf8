import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// `manifest.json`: what a build wrote, one entry per sticker. Its keys are a public contract
/// (docs/manifest.md); the file is sorted, pretty-printed and carries no timestamps.
public struct BuildManifest: Equatable, Sendable, Codable {
    /// The pack as built.
    public var pack: ManifestPack
    /// Built stickers in display order.
    public var stickers: [ManifestSticker]
    /// A manifest.
    public init(pack: ManifestPack, stickers: [ManifestSticker]) { self.pack = pack; self.stickers = stickers }
}

/// `manifest.json` `pack`.
public struct ManifestPack: Equatable, Sendable, Codable {
    /// Pack name.
    public var name: String
    /// `small`, `regular` or `large`.
    public var gridSize: GridSize
    /// Stickers in the built pack.
    public var count: Int
    /// The pack entry.
    public init(name: String, gridSize: GridSize, count: Int) { self.name = name; self.gridSize = gridSize; self.count = count }
}

/// `manifest.json` `stickers[]`.
public struct ManifestSticker: Equatable, Sendable, Codable {
    /// Sticker name.
    public var name: String
    /// The sticker's file relative to the build folder (a `.stickersequence` folder when sequences are kept).
    public var file: String
    /// `png`, `apng`, `gif`, `jpeg`, or `stickersequence` for a kept sequence.
    public var format: String
    /// Canvas width in pixels.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// Frames stored in the file (1 for stills).
    public var frames: Int
    /// One loop in milliseconds (0 for stills).
    public var durationMs: Double
    /// Plays; 0 = forever (stills: 0).
    public var loops: Int
    /// Size of the file (kept sequences: of all frame files together).
    public var bytes: Int
    /// SHA-256 of the file, lowercase hex (kept sequences: of the frame files concatenated in order).
    public var sha256: String
    /// VoiceOver label; null when absent.
    public var accessibilityLabel: String?
    /// Input files, relative to the catalog root.
    public var sources: [String]
    /// What `--fit` did (docs/manifest.md); absent when the build did not fit this sticker.
    public var fit: FitReport?

    /// A sticker entry.
    public init(name: String, file: String, format: String, width: Int, height: Int, frames: Int, durationMs: Double,
                loops: Int, bytes: Int, sha256: String, accessibilityLabel: String?, sources: [String],
                fit: FitReport? = nil) {
        self.name = name; self.file = file; self.format = format; self.width = width; self.height = height
        self.frames = frames; self.durationMs = durationMs; self.loops = loops; self.bytes = bytes
        self.sha256 = sha256; self.accessibilityLabel = accessibilityLabel; self.sources = sources; self.fit = fit
    }

    private enum CodingKeys: String, CodingKey {
        case name, file, format, width, height, frames, durationMs, loops, bytes, sha256, accessibilityLabel, sources, fit
    }

    // `accessibilityLabel` is written as an explicit null: the contract documents the key as always present.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name); try c.encode(file, forKey: .file); try c.encode(format, forKey: .format)
        try c.encode(width, forKey: .width); try c.encode(height, forKey: .height); try c.encode(frames, forKey: .frames)
        try c.encode(durationMs, forKey: .durationMs); try c.encode(loops, forKey: .loops)
        try c.encode(bytes, forKey: .bytes); try c.encode(sha256, forKey: .sha256)
        try c.encode(accessibilityLabel, forKey: .accessibilityLabel); try c.encode(sources, forKey: .sources)
        try c.encodeIfPresent(fit, forKey: .fit)
    }
}
