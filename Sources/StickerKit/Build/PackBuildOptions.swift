import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// Settings for `PackBuilder`.
public struct PackBuildOptions: Equatable, Sendable {
    /// The build folder (`DIR`): receives `Stickers.xcstickers`, `manifest.json` and the build record.
    public var outputDirectory: String
    /// Deflate effort for every encode.
    public var effort: DeflateEffort
    /// Write sequences as `.stickersequence` folders (Xcode assembles them) instead of APNGs.
    public var keepSequences: Bool
    /// An image to generate all 13 icon slots from (letterboxed), or nil.
    public var iconSource: String?
    /// How the icon source fills the slots and what shows behind it (`icon_fit`, `icon_background`).
    public var iconStyle = IconStyle()
    /// `file_too_large` above this many bytes.
    public var maxBytes: Int
    /// Convert GIF and JPEG stickers to (A)PNG. Off by default: GIF and JPEG files are copied
    /// byte for byte, because converting a JPEG to PNG usually makes it larger and the user chose
    /// the format.
    public var convertGIFAndJPEG: Bool
    /// Stickers encoded at once.
    public var maxConcurrency: Int
    /// When set, the build also writes the Sticker Pack App project around the catalog
    /// (`build --xcode-project`, docs/xcode.md).
    public var xcodeProject: XcodeProjectSettings?
    /// When set, every sticker the build encodes is fitted under the limit (docs/fit.md); stickers
    /// that cannot be fitted are written losslessly and reported as `file_too_large` with the
    /// fitter's figures. Kept `.stickersequence` folders are not encoded by us, so never fitted.
    public var fit: FitTarget?
    /// Vector stickers (Lottie, TGS) render straight at the size that fits this square (the pack's
    /// grid cell, `GridSize.maxPixels`), aspect ratio kept; nil = at their canvas size.
    public var vectorBox: Int?

    /// Options; defaults follow the sticker rules (500,000 bytes) and use every core.
    public init(outputDirectory: String, effort: DeflateEffort = .default, keepSequences: Bool = false,
                iconSource: String? = nil, maxBytes: Int = PlatformRules.iMessageMaxBytes, convertGIFAndJPEG: Bool = false,
                maxConcurrency: Int = BatchRunner().maxConcurrency, fit: FitTarget? = nil, vectorBox: Int? = nil) {
        self.outputDirectory = outputDirectory; self.effort = effort; self.keepSequences = keepSequences
        self.iconSource = iconSource; self.maxBytes = maxBytes; self.convertGIFAndJPEG = convertGIFAndJPEG
        self.maxConcurrency = maxConcurrency; self.fit = fit; self.vectorBox = vectorBox
    }

    /// The settings that change a sticker's output, as text for its build key.
    var keyText: String {
        "effort=\(effort.rawValue);keepSequences=\(keepSequences);convertGIFAndJPEG=\(convertGIFAndJPEG)"
            + (fit.map { ";" + $0.keyText } ?? "") + (vectorBox.map { ";vectorBox=\($0)" } ?? "")
    }
}

/// Everything `PackBuilder.prepare` produced, in memory, ready to write.
public struct BuildPlan: Sendable {
    /// Every file of the build, by path relative to the build folder.
    public var files: [String: [UInt8]]
    /// The manifest (also in `files` as `manifest.json`).
    public var manifest: BuildManifest
    /// Oversized stickers, stickers that failed to build, missing icons.
    public var findings: [Finding]
    /// Stickers whose previous output was reused unchanged.
    public var reusedCount: Int
    /// Stickers encoded in this run.
    public var builtCount: Int
    /// Whether the icon set was reused from the previous build.
    public var iconsReused: Bool
}
