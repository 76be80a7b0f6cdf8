import Foundation
import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// What `build` is asked to do (its flags); the pack's settings fill what is not given.
public struct CatalogBuildRequest: Sendable {
    /// The build folder.
    public var output: String
    /// Deflate effort; nil for the pack's `effort`, else default.
    public var effort: DeflateEffort?
    /// Write `.stickersequence` folders for Xcode to assemble instead of APNGs.
    public var keepSequences = false
    /// Convert GIF and JPEG stickers to PNG/APNG instead of copying them.
    public var convertGIFAndJPEG = false
    /// The fitting flags.
    public var fit = FitRequest()
    /// `--fix`'s switches: the pack is repaired into a temporary copy first; nil for no fix.
    public var fix: FixSettings?
    /// `--config`: read again by `--fix` for the repaired copy.
    public var explicitConfig: String?
    /// An image to draw all 13 app icons from (`--icon`); nil for the pack's icon setting.
    public var icon: String?
    /// `--icon-background`; nil for the pack's, else the source's border colour.
    public var iconBackground: RGBA?
    /// `--icon-fit`; nil for the pack's, else letterbox.
    public var iconFit: IconFit?
    /// The Sticker Pack App project to write around the catalog (`--xcode-project`), or nil.
    public var xcodeProject: XcodeProjectSettings?

    /// A request to build into `output` with every flag at its default.
    public init(output: String) { self.output = output }
}
