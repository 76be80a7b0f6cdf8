import Foundation
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// The file layout each store's tools read (docs/platforms.md, "build --platform"): the only
/// store-specific code of `build --platform`; every limit comes from the `PlatformRules` table.
public enum StoreLayout: Equatable, Sendable {
    /// `contents.json` of WhatsApp's sample apps and a `.wastickers` ZIP.
    case whatsapp
    /// `stickerset.json` for the Bot API's `createNewStickerSet`.
    case telegram
    /// LINE Creators Market's `submission.zip`, stickers numbered 01.png, 02.png, ...
    case line
    /// The sticker files alone (Signal, Discord); the manifest carries the emoji.
    case files

    /// The layout of a store's table.
    public init(_ rules: PlatformRules) {
        switch rules.id {
        case PlatformRules.whatsapp.id: self = .whatsapp
        case PlatformRules.telegram.id: self = .telegram
        case PlatformRules.line.id: self = .line
        default: self = .files
        }
    }

    /// The file name (without extension) of the pack's `index`th (0-based) sticker called `name`.
    public func stem(index: Int, name: String) -> String {
        self == .line ? String(format: "%02d", index + 1) : name
    }

    /// The file name of the pack image `role` ("tray image" -> "tray.png").
    public func imageFile(role: String) -> String {
        switch role {
        case "main image": return "main.png"
        case "tab image": return "tab.png"
        default: return (role.split(separator: " ").first.map(String.init) ?? "tray") + ".png"
        }
    }

    /// The store's metadata files and archives for `pack` (whose stickers and images are built).
    /// - Throws: `PlatformBuildError.layout` when a ZIP or JSON file cannot be made.
    func metadata(for pack: StorePack) throws -> [String: [UInt8]] {
        do {
            switch self {
            case .whatsapp:
                let contents = try WhatsAppContents(pack: pack).encoded()
                let zip = try ZipWriter().archive(
                    [.init(name: "title.txt", bytes: Array(pack.name.utf8)),
                     .init(name: "author.txt", bytes: Array((pack.publisher ?? "").utf8))]
                        + pack.images.map { .init(name: $0.file, bytes: $0.bytes) }
                        + pack.stickers.map { .init(name: $0.file, bytes: $0.bytes) })
                return ["contents.json": contents, "\(pack.identifier).wastickers": zip]
            case .telegram:
                return ["stickerset.json": try TelegramStickerSet(pack: pack).encoded()]
            case .line:
                let zip = try ZipWriter().archive(pack.images.map { .init(name: $0.file, bytes: $0.bytes) }
                                                   + pack.stickers.map { .init(name: $0.file, bytes: $0.bytes) })
                return ["submission.zip": zip]
            case .files:
                return [:]
            }
        } catch let error as ZipWriterError {
            throw PlatformBuildError.layout(store: pack.rules.name, reason: error.description)
        } catch let error as EncodingError {
            throw PlatformBuildError.layout(store: pack.rules.name, reason: "\(error)")
        }
    }

    /// Sorted, pretty JSON with a final newline: part of the output, so reproducible.
    static func json<T: Encodable>(_ value: T) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value)) + [0x0A]
    }
}

/// WhatsApp's `contents.json`, in the schema of its official sample apps (github.com/WhatsApp/stickers).
struct WhatsAppContents: Encodable {
    struct Pack: Encodable {
        var identifier: String
        var name: String
        var publisher: String
        var tray_image_file: String
        var image_data_version = "1"
        var avoid_cache = false
        var publisher_email = ""
        var publisher_website = ""
        var privacy_policy_website = ""
        var license_agreement_website = ""
        var animated_sticker_pack: Bool
        var stickers: [Sticker]
    }
    struct Sticker: Encodable {
        var image_file: String
        var emojis: [String]
        /// The sticker's label, when it has one (the key the later sample apps read); left out otherwise.
        var accessibility_text: String?
    }
    var android_play_store_link = ""
    var ios_app_store_link = ""
    var sticker_packs: [Pack]

    init(pack: StorePack) {
        let tray = pack.images.first { $0.role == pack.rules.trayImage?.role }?.file ?? ""
        sticker_packs = [Pack(identifier: pack.identifier, name: pack.name, publisher: pack.publisher ?? "",
                              tray_image_file: tray, animated_sticker_pack: pack.stickers.contains { $0.isAnimated },
                              stickers: pack.stickers.map { Sticker(image_file: $0.file, emojis: pack.rules.emojis(of: $0.emojis).kept,
                                                                                   accessibility_text: $0.accessibilityText) })]
    }

    func encoded() throws -> [UInt8] { try StoreLayout.json(self) }
}

/// `stickerset.json`: the arguments of the Bot API's `createNewStickerSet` but the bot's user id,
/// each `InputSticker` naming its file beside it.
struct TelegramStickerSet: Encodable {
    struct Sticker: Encodable {
        var sticker: String
        var format: String
        var emoji_list: [String]
    }
    var name: String
    var title: String
    var sticker_type = "regular"
    var stickers: [Sticker]

    init(pack: StorePack) {
        name = pack.identifier
        title = pack.name
        stickers = pack.stickers.map { sticker in
            let format = sticker.format == .webm ? "video" : sticker.format == .tgs ? "animated" : "static"
            return Sticker(sticker: sticker.file, format: format, emoji_list: pack.rules.emojis(of: sticker.emojis).kept)
        }
    }

    func encoded() throws -> [UInt8] { try StoreLayout.json(self) }
}
