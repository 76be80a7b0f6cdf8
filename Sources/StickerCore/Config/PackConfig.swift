import ImageCodec

/// The settings of `stickerforge.yml`: how a plain folder becomes a pack, and how checks and the
/// build are tuned. Every key is documented in docs/config.md. Values not given keep the defaults
/// below; for an Xcode catalog, values given override what Contents.json says.
public struct PackConfig: Equatable, Sendable {
    /// How hard the encoder works for smaller files.
    public enum Effort: String, Equatable, Sendable, CaseIterable {
        case fast
        case `default`
        case max
    }

    /// The file name the readers look for in a catalog or folder.
    public static let fileName = "stickerforge.yml"
    /// Frames per second of a plain-folder sequence when nothing else is given (docs/imessage-rules.md).
    public static let defaultFPS: Double = 15

    /// Where the configuration was read from, used to name it in problems; nil when built in code.
    public var file: String?
    /// Pack name, replacing the folder or catalog name.
    public var name: String?
    /// Who publishes the pack (`publisher:`), for the stores whose field is the publisher.
    public var publisher: String?
    /// Who made the pack (`author:`), for the stores whose field is the author. Either key alone
    /// serves every store; given both, each store takes its own (`credit(for:)`).
    public var author: String?
    /// Emoji per sticker name (`emojis:`), for the stores that file stickers under emoji.
    public var emojis: [String: [String]] = [:]
    /// What `emojis:` gives a sticker that is not emoji (`"abc"`, `":)"`, a plain `"1"`), by sticker
    /// name, each item as written and in order: left out of `emojis`, and named by `emoji_invalid`.
    public var refusedEmojis: [String: [String]] = [:]
    /// The pack's tray, cover or main image (`tray:`), relative to the folder.
    public var tray: String?
    /// Files of a plain folder that are not stickers (`ignore:`): the store metadata and reports
    /// `build --platform` writes beside the stickers.
    public var ignore: [String] = []
    /// Grid size, replacing the catalog's (and the check's) grid size.
    public var gridSize: GridSize?
    /// Sticker names shown first, in this order; the rest follow in their natural order.
    public var order: [String] = []
    /// VoiceOver labels by sticker name.
    public var labels: [String: String] = [:]
    /// Timing and loops per sequence, by sticker name.
    public var sequences: [String: SequenceSettings] = [:]
    /// Frames per second of plain-folder sequences without their own timing.
    public var fps: Double = PackConfig.defaultFPS
    /// Plays of plain-folder sequences without their own `loops`: 0 = forever, else the total number
    /// of plays (Xcode `repetitions` = loops - 1; see `SequenceSettings.repetitions(forLoops:)`).
    public var loops: Int = 0
    /// `file_too_large` limit in bytes.
    public var maxBytes: Int?
    /// Severity per rule id (`off` disables a rule).
    public var rules: [String: Severity] = [:]
    /// Our own thresholds; only the ones given replace the defaults.
    public var thresholds = ThresholdOverrides()
    /// Source image for the generated Messages app icons, relative to the folder.
    public var icon: String?
    /// `icon_background`: the colour behind the icon artwork and in its bars; nil = the source's
    /// border colour when it is opaque and near-uniform, else white.
    public var iconBackground: RGBA?
    /// `icon_fit`: letterbox (default) or cover.
    public var iconFit: IconFit?
    /// Whether `build` fits every sticker under the size limit (`--fit`): lossless first.
    public var fit = false
    /// Whether fitting may trade quality (palette, frame rate, scale) when lossless is not enough.
    public var lossy = false
    /// The lowest quality a lossy fit may reach (composited SSIM, 0...1); nil = the fitter's default.
    public var minQuality: Double?
    /// Dithering policy of lossy fitting; nil = the fitter's default (`auto`).
    public var dither: FitDithering?
    /// Wall seconds the fit search may take per sticker; nil = the fitter's default.
    public var timeBudget: Double?
    /// Encoder effort.
    public var effort: Effort = .default
    /// The `app:` section: settings of the Xcode project `build --xcode-project` writes.
    public var app = AppConfig()

    /// Defaults: no overrides, 15 fps, loop forever, lossless, default effort.
    public init() {}

    /// Applies the check-related settings (size limit, grid size, rule severities, thresholds) on top
    /// of `configuration`. Later layers (command-line flags) are applied after this by the caller.
    public func apply(to configuration: inout CheckConfiguration) {
        if let maxBytes { configuration.maxBytes = maxBytes }
        if let gridSize { configuration.gridSizeOverride = gridSize }
        for (rule, severity) in rules { configuration.severities[rule] = severity }
        thresholds.apply(to: &configuration.thresholds)
    }
}

extension PackConfig {
    /// The name a store credits the pack to: its own field's key when given, else the other one.
    public func credit(for field: PlatformRules.CreditField) -> String? {
        switch field {
        case .publisher: return publisher ?? author
        case .author: return author ?? publisher
        }
    }
}
