import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// One of a store pack's own images as built (a tray icon, cover, thumbnail, main or tab image).
public struct StorePackImage: Equatable, Sendable, Codable {
    /// What the store calls it ("tray image").
    public var role: String
    /// Its file name in the store's folder.
    public var file: String
    /// Its bytes (PNG; APNG for an animated main image; not in the build record, which keeps their SHA-256).
    public var bytes: [UInt8] = []
    /// Its pixel size.
    public var width: Int, height: Int
    /// Where it came from ("tray.png from `tray:`", or the sticker it was derived from).
    public var source: String
    /// The key of its inputs and settings (`StoreBuildCache`).
    var cacheKey = ""

    /// What the build record keeps of it: everything but the bytes and the key.
    enum CodingKeys: String, CodingKey { case role, file, width, height, source }
}

/// A pack as `build --platform` built it for one store: the stickers, the pack's images, the
/// store's metadata files and every file of its folder (`OUT/<store>/`) but the manifest and the
/// reports, which follow the check of the written folder.
public struct StorePack: Sendable {
    /// The store's table.
    public var rules: PlatformRules
    /// The pack's title (`name:`, else the source folder's name).
    public var name: String
    /// Who publishes it (`publisher:` / `author:`); nil when not given.
    public var publisher: String?
    /// The identifier stores want in file names and metadata: the name in lower case, `a-z0-9_`.
    public var identifier: String
    /// The stickers, in the pack's order.
    public var stickers: [StoreSticker]
    /// The pack's images.
    public var images: [StorePackImage]
    /// What the build decided for the whole pack, in words (a derived tray image...).
    public var notes: [String]
    /// Every file of the store's folder, by name, but `manifest.json` and the reports.
    public var files: [String: [UInt8]]
    /// Which half of a mixed pack this is, for a store that takes packs all still or all animated
    /// (`PlatformRules.mixesStillAndAnimated` false); nil for the whole pack.
    public var part: Part? = nil
    /// `.stickerforge-build.json` of its folder: each sticker's and image's key, file and what was
    /// built (`StoreBuildCache` reads it back, so an unchanged source is not built again).
    public var record = BuildRecord(units: [:])

    /// How many of its stickers were taken unchanged from the folder's previous build.
    public var reusedCount: Int { stickers.filter(\.reused).count }

    /// A half of a mixed pack split for a store that takes one kind per pack.
    public enum Part: String, Sendable, CaseIterable {
        /// The stills, in `OUT/<store>/static/`.
        case stills
        /// The animations, in `OUT/<store>/animated/`.
        case animated

        /// Its folder under `OUT/<store>/`.
        public var folder: String { self == .stills ? "static" : "animated" }
        /// What is added to the pack's name and identifier: "stills", "animated".
        public var suffix: String { rawValue }
    }

    /// `name` as an identifier: lower case ASCII letters, digits and single underscores, at most
    /// 64 characters (WhatsApp's identifier and Telegram's set name both take it); "stickers" when
    /// nothing is left.
    public static func identifier(for name: String) -> String {
        var out = ""
        for scalar in name.lowercased().unicodeScalars {
            if Self.identifierCharacters.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else if !out.isEmpty && !out.hasSuffix("_") {
                out += "_"
            }
        }
        while out.hasSuffix("_") { out.removeLast() }
        if let first = out.unicodeScalars.first, !("a"..."z").contains(first) { out = "s_" + out }
        return out.isEmpty ? "stickers" : String(out.prefix(64))
    }

    private static let identifierCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789".unicodeScalars)

    /// Of the findings of a check of the store's folder, those on `sticker`: the check names a
    /// sticker by its file there (`StoreSticker.fileStem`; LINE's `05.png` is "05").
    public func findings(_ findings: [Finding], on sticker: StoreSticker) -> [Finding] {
        findings.filter { $0.sticker == sticker.fileStem }
    }

    /// The findings that name no sticker of the pack: the pack's own.
    public func packFindings(_ findings: [Finding]) -> [Finding] {
        let files = Set(stickers.map(\.fileStem))
        return findings.filter { $0.sticker.map { !files.contains($0) } ?? true }
    }
}
