import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// `OUT/<store>/manifest.json`: what `build --platform` wrote for one store, per sticker its source,
/// file, format, size, bytes, frames, timing, emoji, what was done (scaled, retimed, fitted) and what
/// the store's check of the written folder found. Its keys are a public contract (docs/platforms.md).
public struct PlatformManifest: Equatable, Sendable, Codable {
    /// The pack as the store gets it.
    public struct Pack: Equatable, Sendable, Codable {
        public var platform: String
        public var name: String
        public var publisher: String?
        public var identifier: String
        public var count: Int
        public var notes: [String]
        /// "static" or "animated" for a half of a mixed pack a store takes one kind of
        /// (`OUT/<store>/static`, `OUT/<store>/animated`); absent for a whole pack.
        public var part: String?
    }
    /// One sticker.
    public struct Sticker: Equatable, Sendable, Codable {
        public var name: String
        public var source: [String]
        public var file: String
        public var format: String
        public var width: Int
        public var height: Int
        public var bytes: Int
        public var frames: Int
        public var duration_ms: Double
        public var loops: Int
        public var emojis: [String]
        /// The emoji given beyond the store's most, which it does not get; absent when none are.
        public var emojis_dropped: [String]?
        public var scaled: String?
        public var retimed: [String]
        public var fitted: String?
        /// What the fit's search cost: full and partial encodes, and the pixels encoded against the
        /// file's own (`FitSearchCost`); absent for a file not fitted by a search (a .tgs).
        public var search: Search?
        public var notes: [String]
        public var findings: [Item]
    }
    /// A fit's search cost, in the manifest's key style.
    public struct Search: Equatable, Sendable, Codable {
        public var full_encodes: Int
        public var partial_encodes: Int
        public var encoded_pixels: Int
        public var output_pixels: Int
        /// `encoded_pixels` over `output_pixels`, to 0.01: encodes of the output the search was worth.
        public var cost: Double

        init(_ cost: FitSearchCost) {
            (full_encodes, partial_encodes, encoded_pixels, output_pixels, self.cost) =
                (cost.fullEncodes, cost.partialEncodes, cost.encodedPixels, cost.outputPixels, cost.cost)
        }
    }
    /// One pack image.
    public struct Image: Equatable, Sendable, Codable {
        public var role: String
        public var file: String
        public var width: Int
        public var height: Int
        public var bytes: Int
        public var source: String
    }
    /// One finding of the check of the written folder.
    public struct Item: Equatable, Sendable, Codable {
        public var rule: String
        public var severity: String
        public var message: String
    }

    public var pack: Pack
    public var stickers: [Sticker]
    public var images: [Image]
    /// Findings about the pack as a whole (pack size, tray image, mixed kinds...).
    public var findings: [Item]

    /// The manifest of `pack` with the `findings` the store's check made of its folder; a finding
    /// goes to the sticker whose file it names, the rest to the pack.
    public init(_ pack: StorePack, findings: [Finding]) {
        func item(_ finding: Finding) -> Item { Item(rule: finding.rule, severity: finding.severity.rawValue, message: finding.message) }
        self.pack = Pack(platform: pack.rules.id, name: pack.name, publisher: pack.publisher, identifier: pack.identifier,
                         count: pack.stickers.count, notes: pack.notes, part: pack.part?.folder)
        stickers = pack.stickers.map { sticker in
            Sticker(name: sticker.name, source: sticker.sources, file: sticker.file, format: sticker.format.rawValue,
                    width: sticker.width, height: sticker.height, bytes: sticker.bytes.count, frames: sticker.frames,
                    duration_ms: (sticker.durationMs * 1000).rounded() / 1000, loops: sticker.loops, emojis: pack.rules.emojis(of: sticker.emojis).kept,
                    emojis_dropped: Optional(pack.rules.emojis(of: sticker.emojis).dropped).flatMap { $0.isEmpty ? nil : $0 },
                    scaled: sticker.scaled,
                    retimed: sticker.retimed, fitted: sticker.fitted, search: sticker.search.map(Search.init), notes: sticker.notes,
                    findings: pack.findings(findings, on: sticker).map(item))
        }
        images = pack.images.map { Image(role: $0.role, file: $0.file, width: $0.width, height: $0.height, bytes: $0.bytes.count, source: $0.source) }
        self.findings = pack.packFindings(findings).map(item)
    }

    /// Sorted, pretty JSON with a final newline.
    public func encoded() throws -> [UInt8] { try StoreLayout.json(self) }
}
