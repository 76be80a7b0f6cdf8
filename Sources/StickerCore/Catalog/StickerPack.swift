import ImageCodec

/// Where a pack came from.
public enum CatalogKind: String, Sendable, Codable {
    /// An Xcode `.xcstickers` catalog, or a `.stickerpack` inside an `.xcassets`.
    case xcstickers
    /// A plain folder of images and frame folders, optionally with `stickerforge.yml`.
    case folder
}

/// How a sequence's timing is given (Xcode `duration-type`).
public enum SequenceTiming: Equatable, Sendable, Codable {
    /// `duration` frames per second.
    case fps(Double)
    /// `duration` seconds for one whole cycle.
    case fixed(seconds: Double)
    /// An explicit delay per frame, in milliseconds (plain-folder config).
    case perFrame([Int])
}

/// What a sticker is made of.
public enum StickerContent: Equatable, Sendable {
    /// One image file (still, or animated APNG/GIF), path relative to the catalog root.
    case file(String)
    /// Numbered frames assembled into an animation, paths relative to the catalog root, in order.
    case sequence(frames: [String], timing: SequenceTiming, repetitions: Int)
}

/// One sticker as the catalog declares it.
public struct StickerSource: Equatable, Sendable {
    /// Display name (folder or file name without extension).
    public var name: String
    /// The sticker's own folder relative to the catalog root (`Wave.sticker`), or nil for a plain file.
    public var folder: String?
    /// Its image file or frames.
    public var content: StickerContent
    /// VoiceOver description, nil when absent.
    public var accessibilityLabel: String?

    /// A sticker.
    public init(name: String, folder: String?, content: StickerContent, accessibilityLabel: String?) {
        self.name = name; self.folder = folder; self.content = content; self.accessibilityLabel = accessibilityLabel
    }

    /// Every input file, relative to the catalog root.
    public var files: [String] {
        switch content {
        case .file(let f): return [f]
        case .sequence(let frames, _, _): return frames
        }
    }

    /// Plays as Messages counts them: 0 = forever, else repetitions + 1 (sequences); nil for files.
    public var sequenceLoopCount: Int? {
        if case .sequence(_, _, let reps) = content { return reps == 0 ? 0 : reps + 1 }
        return nil
    }
}

/// One slot of the Messages app icon set.
public struct IconSlot: Equatable, Hashable, Sendable, Codable {
    public var idiom: String
    public var platform: String?
    /// Size in points, as Xcode writes it ("60x45").
    public var size: String
    /// "1x", "2x" or "3x".
    public var scale: String
    /// Required pixel width.
    public var pixelWidth: Int
    /// Required pixel height.
    public var pixelHeight: Int
    /// A slot.
    public init(idiom: String, platform: String?, size: String, scale: String, pixelWidth: Int, pixelHeight: Int) {
        self.idiom = idiom; self.platform = platform; self.size = size; self.scale = scale
        self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight
    }

    /// The 13 slots Xcode creates today (docs/imessage-rules.md).
    public static let all: [IconSlot] = [
        IconSlot(idiom: "iphone", platform: nil, size: "29x29", scale: "2x", pixelWidth: 58, pixelHeight: 58),
        IconSlot(idiom: "iphone", platform: nil, size: "29x29", scale: "3x", pixelWidth: 87, pixelHeight: 87),
        IconSlot(idiom: "iphone", platform: nil, size: "60x45", scale: "2x", pixelWidth: 120, pixelHeight: 90),
        IconSlot(idiom: "iphone", platform: nil, size: "60x45", scale: "3x", pixelWidth: 180, pixelHeight: 135),
        IconSlot(idiom: "ipad", platform: nil, size: "29x29", scale: "2x", pixelWidth: 58, pixelHeight: 58),
        IconSlot(idiom: "ipad", platform: nil, size: "67x50", scale: "2x", pixelWidth: 134, pixelHeight: 100),
        IconSlot(idiom: "ipad", platform: nil, size: "74x55", scale: "2x", pixelWidth: 148, pixelHeight: 110),
        IconSlot(idiom: "ios-marketing", platform: nil, size: "1024x1024", scale: "1x", pixelWidth: 1024, pixelHeight: 1024),
        IconSlot(idiom: "universal", platform: "ios", size: "27x20", scale: "2x", pixelWidth: 54, pixelHeight: 40),
        IconSlot(idiom: "universal", platform: "ios", size: "27x20", scale: "3x", pixelWidth: 81, pixelHeight: 60),
        IconSlot(idiom: "universal", platform: "ios", size: "32x24", scale: "2x", pixelWidth: 64, pixelHeight: 48),
        IconSlot(idiom: "universal", platform: "ios", size: "32x24", scale: "3x", pixelWidth: 96, pixelHeight: 72),
        IconSlot(idiom: "ios-marketing", platform: "ios", size: "1024x768", scale: "1x", pixelWidth: 1024, pixelHeight: 768),
    ]
}

/// The icon set as read: which slots name which files.
public struct IconSetSource: Equatable, Sendable {
    /// The `.stickersiconset` folder relative to the catalog root.
    public var folder: String
    /// Slots that name a file, with the file relative to the catalog root.
    public var filled: [IconSlot: String]
    /// An icon set.
    public init(folder: String, filled: [IconSlot: String]) { self.folder = folder; self.filled = filled }
}

/// A problem with the catalog's structure, found while reading it. Pack checks turn these into findings.
public enum CatalogProblem: Equatable, Sendable {
    /// Unreadable or invalid Contents.json / stickerforge.yml, unknown grid-size or duration-type,
    /// a path that escapes the catalog. `file` is relative to the catalog root.
    case invalid(file: String, reason: String, sticker: String?)
    /// A listed sticker, frame or image that does not exist.
    case missingFile(file: String, listedIn: String, sticker: String?)
    /// A sticker folder that the pack does not list.
    case unlistedSticker(folder: String)
    /// A key Xcode does not know; `suggestion` names the key probably meant.
    case unknownKey(file: String, key: String, suggestion: String?, sticker: String?)
}

/// A sticker pack as read from disk, with the problems found on the way.
public struct StickerPack: Equatable, Sendable {
    /// Pack name (catalog or folder name, or the config's `name`).
    public var name: String
    /// The catalog root as an absolute or given path; sticker paths are relative to it.
    public var root: String
    /// How it was read.
    public var kind: CatalogKind
    /// Grid size in force.
    public var gridSize: GridSize
    /// Stickers in display order.
    public var stickers: [StickerSource]
    /// The icon set, when the catalog has one.
    public var iconSet: IconSetSource?
    /// Structural problems met while reading.
    public var problems: [CatalogProblem]
    /// The `stickerforge.yml` settings in force (defaults when the catalog has none).
    public var config: PackConfig

    /// A pack.
    public init(name: String, root: String, kind: CatalogKind, gridSize: GridSize,
                stickers: [StickerSource], iconSet: IconSetSource?, problems: [CatalogProblem],
                config: PackConfig = PackConfig()) {
        self.name = name; self.root = root; self.kind = kind; self.gridSize = gridSize
        self.stickers = stickers; self.iconSet = iconSet; self.problems = problems
        self.config = config
    }
}
