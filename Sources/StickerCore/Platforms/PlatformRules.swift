import ImageCodec

/// What one sticker store accepts, as data (docs/platforms.md gives each value and its source).
///
/// `check --platform` judges a pack against one of these tables through the ordinary rules; `build`
/// reads the same table for the formats to write, the sizes to scale to, the byte budgets to fit and
/// the duration and frame-rate caps to retime to. Adding a store is adding a table to `all`.
public struct PlatformRules: Equatable, Sendable {
    /// The `--platform` name ("whatsapp").
    public var id: String
    /// The store's name in messages ("WhatsApp").
    public var name: String
    /// What a still sticker must be; nil when the store takes no stills.
    public var still: StickerKindRules?
    /// What an animated sticker must be; nil when the store takes no animation.
    public var animated: StickerKindRules?
    /// Timing limits of animated stickers.
    public var animation: AnimationLimits
    /// Whether one pack may hold still and animated stickers together.
    public var mixesStillAndAnimated: Bool
    /// Emoji a sticker must carry (`emojis:` in stickerforge.yml); nil when the store asks for none.
    public var emojiPerSticker: ClosedRange<Int>?
    /// The pack's own images (tray icon, cover, main image, tab image), in the order `tray:` fills them.
    public var packImages: [PackImageRules]
    /// Most characters of the pack's name (title); nil when the store sets no limit we know of.
    public var maxNameCharacters: Int?
    /// Most characters of the publisher (author) name.
    public var maxPublisherCharacters: Int?
    /// Which of `publisher:` and `author:` names the pack's maker in the store's own metadata, when
    /// a pack gives both with different values.
    public var creditField: CreditField
    /// Rules of the iMessage set that say nothing about this store, off unless configured.
    public var inapplicableRules: Set<String>
    /// The chat backgrounds and bubble the store shows stickers on (the HTML report's previews).
    public var chatColors: ChatColors
    /// How the store shows a pack: Messages' grid of cells or a chat (the HTML report; `vectorBox`).
    public var layout: StickerLayout
    /// Whether the store limits the decoded memory of an animation (Messages does: `animation_memory`),
    /// so the HTML report gives each sticker's.
    public var limitsDecodedMemory: Bool
    /// Whether the configured byte limit (`CheckConfiguration.maxBytes`: `--max-bytes`, `max_bytes:`)
    /// replaces the table's for every sticker (`byteLimit`): Messages' 500,000 bytes are that setting's default.
    public var configurableMaxBytes: Bool
    /// Which sticker files `build` converts rather than ships as they are (`converts`).
    public var convertedFiles: ConvertedFiles
    /// How the size rules word this table's limits.
    public var wording: LimitWording
    /// Whether `build` writes this store's pack as an Xcode sticker catalog (`.xcstickers`) rather than
    /// a store folder (`build --platform`).
    public var buildsStickerCatalog: Bool

    /// A table.
    public init(id: String, name: String, still: StickerKindRules?, animated: StickerKindRules?,
                animation: AnimationLimits = AnimationLimits(), mixesStillAndAnimated: Bool,
                emojiPerSticker: ClosedRange<Int>?, packImages: [PackImageRules],
                maxNameCharacters: Int?, maxPublisherCharacters: Int?, creditField: CreditField = .publisher,
                inapplicableRules: Set<String>, chatColors: ChatColors = ChatColors(light: "#FFFFFF", dark: "#000000", sentBubble: nil),
                layout: StickerLayout = .chat, limitsDecodedMemory: Bool = false, configurableMaxBytes: Bool = false,
                convertedFiles: ConvertedFiles = .formatsNotTaken, wording: LimitWording = .store,
                buildsStickerCatalog: Bool = false) {
        self.id = id; self.name = name; self.still = still; self.animated = animated; self.animation = animation
        self.mixesStillAndAnimated = mixesStillAndAnimated; self.emojiPerSticker = emojiPerSticker
        self.packImages = packImages; self.maxNameCharacters = maxNameCharacters
        self.maxPublisherCharacters = maxPublisherCharacters; self.creditField = creditField
        self.inapplicableRules = inapplicableRules
        self.chatColors = chatColors; self.layout = layout; self.limitsDecodedMemory = limitsDecodedMemory
        self.configurableMaxBytes = configurableMaxBytes; self.convertedFiles = convertedFiles; self.wording = wording
        self.buildsStickerCatalog = buildsStickerCatalog
    }

    /// Every store StickerForge knows, iMessage first.
    public static let all: [PlatformRules] = [.imessage, .whatsapp, .telegram, .signal, .discord, .line]

    /// The table called `id`, nil when there is none.
    public static func named(_ id: String) -> PlatformRules? { all.first { $0.id == id } }

    /// The emoji the store files a sticker under, of those `emojis:` gives (in order): the first
    /// `emojiPerSticker.upperBound`; and the rest, which it drops (`emoji_dropped` names them).
    public func emojis(of given: [String]) -> (kept: [String], dropped: [String]) {
        guard let most = emojiPerSticker?.upperBound, given.count > most else { return (given, []) }
        return (Array(given.prefix(most)), Array(given.dropFirst(most)))
    }

    /// The key of stickerforge.yml a store's maker field reads first.
    public enum CreditField: String, Sendable {
        /// WhatsApp's `publisher`, LINE's creator.
        case publisher
        /// Signal's `author`.
        case author
    }

    /// The rules for a still or an animated sticker.
    public func kind(animated isAnimated: Bool) -> StickerKindRules? { isAnimated ? animated : still }

    /// The box vector stickers (Lottie, TGS) are rendered into for this store: its largest animated
    /// sticker side; nil where stickers fill a grid cell (iMessage), whose size decides.
    public var vectorBox: Int? {
        guard layout != .messagesGrid, let limits = animated?.pixels ?? still?.pixels else { return nil }
        return max(limits.maximum.width, limits.maximum.height)
    }

    /// The byte limit of a sticker file: the configured one where the table lets the configuration
    /// set it (`configurableMaxBytes`), else the table's for the sticker's kind and the file's format;
    /// nil when the store takes no sticker of that kind.
    public func byteLimit(animated isAnimated: Bool, format: ImageFormat, configured: Int) -> Int? {
        configurableMaxBytes ? configured : kind(animated: isAnimated)?.maxBytes(for: format)
    }

    /// Whether `build` converts a sticker file of `format` rather than shipping it as it is.
    public func converts(_ format: ImageFormat, animated isAnimated: Bool) -> Bool {
        switch convertedFiles {
        case .formatsNotTaken: return !(kind(animated: isAnimated)?.formats.contains(format) ?? false)
        case .convertibleForeign: return format.isConvertibleForeign
        }
    }

    /// Formats as a message names them: "WebP", "PNG or APNG", "WebM, TGS or PNG".
    public static func formatsText(_ formats: [ImageFormat]) -> String {
        NumberText.list(formats.map(\.displayName), conjunction: "or")
    }

    /// The image the `tray:` key of stickerforge.yml supplies, nil when the store has none.
    public var trayImage: PackImageRules? { packImages.first { $0.fromTray } }

    /// The rules added for other stores than iMessage, off when judging an iMessage pack.
    static let storeOnlyRules: Set<String> = ["platform_format", "pack_size", "emoji_missing", "tray_icon",
                                              "frame_count", "loop_count", "mixed_animation", "emoji_dropped", "frame_rate_exact",
                                              "odd_dimensions", "name_too_long"]

    /// The iMessage rules that judge what only Messages cares about (its grid, its icons, its
    /// formats and limits, VoiceOver labels): off for every other store.
    static let iMessageOnlyRules: Set<String> = ["unsupported_format", "exceeds_grid_size", "not_square",
                                                 "icon_slot_missing", "icon_wrong_size", "icon_not_opaque",
                                                 "icon_color_profile", "animation_memory",
                                                 "finite_loop", "missing_accessibility_label",
                                                 "accessibility_label_too_long"]

    /// What a store's table leaves off unless the pack configures it: the iMessage rules, and the
    /// advice on framing the artwork (`content_touches_edge`, `excess_padding`) that no store asks for;
    /// store art is often full-bleed by design, and those rules fired on nearly every store sticker.
    static let notTheStoresRules: Set<String> = iMessageOnlyRules.union(["content_touches_edge", "excess_padding"])
}

/// What a still or an animated sticker of one store must be.
public struct StickerKindRules: Equatable, Sendable {
    /// Formats the store takes, by the bytes (an APNG is `.apng`, a still PNG `.png`).
    public var formats: [ImageFormat]
    /// The pixel sizes it takes.
    public var pixels: PixelLimits
    /// Most bytes per file.
    public var maxBytes: Int
    /// A lower byte limit for some formats (Telegram: .tgs 64 KB where video takes 256 KB).
    public var maxBytesByFormat: [ImageFormat: Int]
    /// Other pixel sizes for some formats, judged on a vector document's own canvas (Telegram: a
    /// .tgs is exactly 512 x 512 where video takes one side of 512).
    public var pixelsByFormat: [ImageFormat: PixelLimits]
    /// Sticker counts a pack of this kind may hold.
    public var packSize: PackSizeRule
    /// Most UTF-16 units of a sticker's accessibility text in the store's metadata; nil: no limit
    /// (or no such text).
    public var maxAccessibilityText: Int?

    /// Rules for one kind.
    public init(formats: [ImageFormat], pixels: PixelLimits, maxBytes: Int,
                maxBytesByFormat: [ImageFormat: Int] = [:], pixelsByFormat: [ImageFormat: PixelLimits] = [:],
                packSize: PackSizeRule, maxAccessibilityText: Int? = nil) {
        self.formats = formats; self.pixels = pixels; self.maxBytes = maxBytes
        self.maxBytesByFormat = maxBytesByFormat; self.pixelsByFormat = pixelsByFormat; self.packSize = packSize; self.maxAccessibilityText = maxAccessibilityText
    }

    /// The pixel sizes for a file of `format`.
    public func pixels(for format: ImageFormat) -> PixelLimits { pixelsByFormat[format] ?? pixels }

    /// The byte limit for a file of `format`.
    public func maxBytes(for format: ImageFormat) -> Int { maxBytesByFormat[format] ?? maxBytes }
}

/// Pixel sizes a store takes: every side within `minimum`...`maximum`, and at least one side of
/// `oneSideAtLeast` (with `maximum` of the same value, "one side exactly 512").
public struct PixelLimits: Equatable, Sendable {
    /// Smallest width and height; nil for no minimum.
    public var minimum: PixelSize?
    /// Largest width and height.
    public var maximum: PixelSize
    /// One side (either) must be at least this long; nil when no side must be.
    public var oneSideAtLeast: Int?
    /// Width and height must be even (LINE resizes by halves).
    public var evenSides: Bool

    /// Limits.
    public init(minimum: PixelSize? = nil, maximum: PixelSize, oneSideAtLeast: Int? = nil, evenSides: Bool = false) {
        self.minimum = minimum; self.maximum = maximum; self.oneSideAtLeast = oneSideAtLeast; self.evenSides = evenSides
    }

    /// Exactly `width` x `height`.
    public static func exactly(_ width: Int, _ height: Int) -> PixelLimits {
        PixelLimits(minimum: PixelSize(width: width, height: height), maximum: PixelSize(width: width, height: height))
    }

    /// Whether the exact size is the only one taken.
    public var isExact: Bool { minimum == maximum }

    /// The limits in words: "512x512 px exactly", "at most 512x512 px with one side at least 512 px".
    public var text: String {
        if isExact { return "exactly \(maximum)" }
        var parts = ["at most \(maximum)"]
        if let minimum { parts.append("at least \(minimum)") }
        if let side = oneSideAtLeast {
            parts.append(side == max(maximum.width, maximum.height) ? "one side exactly \(side) px" : "one side at least \(side) px")
        }
        return parts.joined(separator: ", ")
    }
}

/// How many stickers a pack may hold.
public enum PackSizeRule: Equatable, Sendable {
    /// Any count in the range.
    case range(ClosedRange<Int>)
    /// One of these counts exactly (LINE: 8, 16, 24, ...).
    case oneOf([Int])

    /// Whether `count` stickers are allowed.
    public func allows(_ count: Int) -> Bool {
        switch self {
        case .range(let range): return range.contains(count)
        case .oneOf(let counts): return counts.contains(count)
        }
    }

    /// How many stickers `count` is short of the smallest pack taken; nil when it is not short.
    public func missing(_ count: Int) -> Int? {
        guard let smallest, count < smallest else { return nil }
        return smallest - count
    }

    /// The smallest pack taken.
    public var smallest: Int? {
        switch self {
        case .range(let range): return range.lowerBound
        case .oneOf(let counts): return counts.min()
        }
    }

    /// "3 to 30", "8, 16 or 24".
    public var text: String {
        switch self {
        case .range(let range): return "\(range.lowerBound) to \(range.upperBound)"
        case .oneOf(let counts): return NumberText.list(counts.map(String.init), conjunction: "or")
        }
    }
}

/// Timing limits of a store's animated stickers; nil means the store sets none.
public struct AnimationLimits: Equatable, Sendable {
    /// Longest playback in milliseconds: one loop, or every play together when `durationCountsEveryPlay`.
    public var maxDurationMilliseconds: Double?
    /// Whether the cap is on all plays together (LINE: loops x loop length at most 4 s).
    public var durationCountsEveryPlay: Bool
    /// Highest average frame rate.
    public var maxFPS: Double?
    /// A different frame-rate cap for some formats (Telegram: .tgs 60 fps where video takes 30).
    public var maxFPSByFormat: [ImageFormat: Double]
    /// The one frame rate some formats must declare (Telegram: a .tgs is 60 fps).
    public var frameRateByFormat: [ImageFormat: Double]
    /// Shortest frame delay in milliseconds.
    public var minFrameDelayMilliseconds: Double?
    /// Frame counts taken.
    public var frameCount: ClosedRange<Int>?
    /// How many times the store expects an animation to play (docs/platforms.md, "plays"): forever
    /// (WhatsApp, Signal, Discord, Telegram) or a count (LINE: 1 to 4); nil when any count is fine.
    /// `build` writes it unless `--loops` says otherwise; `loop_count` judges it.
    public var loops: LoopExpectation?
    /// Where the store shows an animation's first frame instead of playing it, in words ("in its
    /// tray and picker and ends on it" for WhatsApp, "as the sticker's still in its shop" for LINE),
    /// so a first frame with hardly anything visible is judged (`first_frame_blank`); nil when it
    /// does not.
    public var firstFrameShown: String?
    /// Whether the store shows the first frame where it does not play the animation.
    public var firstFrameShowsSticker: Bool { firstFrameShown != nil }
    /// Whether an APNG's acTL must come before its first IDAT, the store's own rule (Signal; the APNG
    /// spec's for every viewer): an APNG that breaks it is an error, not a warning (`apng_actl_order`).
    public var requiresACTLBeforeIDAT: Bool
    /// The timings the configurable thresholds judge where this table sets no limit of its own:
    /// viewers stretch delays of 10 ms or less whatever the store; Messages takes any frame rate and
    /// loop length but plays fast, long loops badly, so iMessage takes all three.
    public var advice: Set<TimingAdvice>

    /// The frame-rate cap for a file of `format`.
    public func maxFPS(for format: ImageFormat) -> Double? { maxFPSByFormat[format] ?? maxFPS }

    /// Plays taken (1...4) when the store takes a count, never forever; nil otherwise.
    public var plays: ClosedRange<Int>? {
        if case .plays(let range) = loops { return range }
        return nil
    }

    /// Limits.
    public init(maxDurationMilliseconds: Double? = nil, durationCountsEveryPlay: Bool = false, maxFPS: Double? = nil,
                maxFPSByFormat: [ImageFormat: Double] = [:], frameRateByFormat: [ImageFormat: Double] = [:],
                minFrameDelayMilliseconds: Double? = nil, frameCount: ClosedRange<Int>? = nil, loops: LoopExpectation? = nil,
                firstFrameShown: String? = nil, requiresACTLBeforeIDAT: Bool = false,
                advice: Set<TimingAdvice> = [.shortDelay]) {
        self.maxDurationMilliseconds = maxDurationMilliseconds; self.durationCountsEveryPlay = durationCountsEveryPlay
        self.maxFPS = maxFPS; self.maxFPSByFormat = maxFPSByFormat; self.frameRateByFormat = frameRateByFormat; self.minFrameDelayMilliseconds = minFrameDelayMilliseconds
        self.frameCount = frameCount; self.loops = loops; self.firstFrameShown = firstFrameShown
        self.requiresACTLBeforeIDAT = requiresACTLBeforeIDAT; self.advice = advice
    }
}

/// One of a pack's own images: a tray icon, a cover, a main or tab image.
public struct PackImageRules: Equatable, Sendable {
    /// What the store calls it ("tray image").
    public var role: String
    /// Its exact pixel size; nil when any size up to `maximum` is taken.
    public var size: PixelSize?
    /// Formats taken.
    public var formats: [ImageFormat]
    /// Most bytes; nil for no limit we know of.
    public var maxBytes: Int?
    /// Whether the store refuses a pack without it.
    public var required: Bool
    /// Whether `tray:` in stickerforge.yml supplies it (others `build` derives from it).
    public var fromTray: Bool
    /// Formats taken for a pack of animated stickers, when they differ from `formats` (LINE's main
    /// image of an animated pack is an APNG); nil: `formats` for every pack.
    public var animatedPackFormats: [ImageFormat]?

    /// An image rule.
    public init(role: String, size: PixelSize?, formats: [ImageFormat], maxBytes: Int?, required: Bool, fromTray: Bool,
                animatedPackFormats: [ImageFormat]? = nil) {
        self.role = role; self.size = size; self.formats = formats; self.maxBytes = maxBytes
        self.required = required; self.fromTray = fromTray; self.animatedPackFormats = animatedPackFormats
    }

    /// The formats taken for a pack whose stickers are all animated (`animated`) or not.
    public func formats(animatedPack animated: Bool) -> [ImageFormat] {
        animated ? animatedPackFormats ?? formats : formats
    }
}
