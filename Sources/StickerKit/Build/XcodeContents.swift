import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// The `Contents.json` documents of a generated catalog (docs/xcstickers-format.md).
enum XcodeContents {
    /// `"info" : {"author" : "xcode", "version" : 1}`, present in every file.
    static let info: XcodeJSON = .object(["author": .string("xcode"), "version": .int(1)])

    /// The catalog root's Contents.json: info only.
    static func root() -> XcodeJSON { .object(["info": info]) }

    /// A `.stickerpack`: grid size and the sticker folders in display order.
    static func pack(gridSize: GridSize, stickerFolders: [String]) -> XcodeJSON {
        .object([
            "info": info,
            "properties": .object(["grid-size": .string(gridSize.rawValue)]),
            "stickers": .array(stickerFolders.map { .object(["filename": .string($0)]) }),
        ])
    }

    /// A `.sticker`: its file and, when present, its accessibility label.
    static func sticker(filename: String, accessibilityLabel: String?) -> XcodeJSON {
        var properties: [String: XcodeJSON] = ["filename": .string(filename)]
        if let accessibilityLabel { properties["accessibility-label"] = .string(accessibilityLabel) }
        return .object(["info": info, "properties": .object(properties)])
    }

    /// A `.stickersequence`: frames in order, timing and repetitions (extra plays; 0 = forever).
    static func sequence(frames: [String], durationType: String, duration: Double, repetitions: Int,
                         accessibilityLabel: String?) -> XcodeJSON {
        var properties: [String: XcodeJSON] = [
            "duration": .number(duration), "duration-type": .string(durationType), "repetitions": .int(repetitions),
        ]
        if let accessibilityLabel { properties["accessibility-label"] = .string(accessibilityLabel) }
        return .object([
            "frames": .array(frames.map { .object(["filename": .string($0)]) }),
            "info": info,
            "properties": .object(properties),
        ])
    }

    /// The icon set: every slot, with its file when it has one.
    static func iconSet(slots: [(slot: IconSlot, filename: String?)]) -> XcodeJSON {
        .object([
            "images": .array(slots.map { entry in
                var image: [String: XcodeJSON] = [
                    "idiom": .string(entry.slot.idiom), "scale": .string(entry.slot.scale), "size": .string(entry.slot.size),
                ]
                if let platform = entry.slot.platform { image["platform"] = .string(platform) }
                if let filename = entry.filename { image["filename"] = .string(filename) }
                return .object(image)
            }),
            "info": info,
        ])
    }
}
