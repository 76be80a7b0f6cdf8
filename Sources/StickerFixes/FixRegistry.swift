import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// Every fix `stickerforge fix` can run, in the order they run on a file: colour first (every
/// later fix works on sRGB), then format and pixels, then the encoded file (fitting, naming).
public enum FixRegistry {
    /// Fixes of the pixels, in order.
    public static let pixelFixes: [any StickerFix] = [
        ColorProfileFix(), GIFToAPNGFix(), RemoveBackgroundFix(), EdgeHaloFix(), ScaleToGridFix(), UpscaleFix(), PaddingFix(),
    ]
    /// Fixes of the encoded file, in order.
    public static let fileFixes: [any StickerFix] = [FileTooLargeFix(), ExtensionFix()]
    /// The icon set's fix, run once over the copy after the stickers (icons are not stickers).
    public static let iconFix = IconFlattenFix()
    /// All sticker fixes.
    public static var all: [any StickerFix] { pixelFixes + fileFixes }
}
