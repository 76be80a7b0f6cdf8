import Foundation
import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

extension PlatformComparison {
    /// One store's build as written: the pack, the folder it was written to and the findings of
    /// `check --platform` on that folder.
    public struct BuiltStore: Sendable {
        public var pack: StorePack
        public var folder: URL
        public var findings: [Finding]

        /// A written store build.
        public init(pack: StorePack, folder: URL, findings: [Finding]) {
            self.pack = pack; self.folder = folder; self.findings = findings
        }
    }

    /// The comparison of `build --platform`'s stores: a row per source sticker (in the source pack's
    /// order), the source from `sourceRoot`, each store's file with the findings on it, and each
    /// store's pack findings (those naming no sticker of the pack). The check of a store's folder names a sticker
    /// by its file there (LINE's `05.png` is "05", not the source's "photo"), so findings go to the
    /// sticker whose file they name, as in the manifest. A store built as two packs (`StorePack.part`)
    /// is one column: each source shows the file of whichever half holds it, and the store's pack
    /// findings and images are both halves'.
    /// `order` is the source pack's sticker names: the rows' order when a store's halves hold them
    /// apart; without it, the order the stores list them in.
    public init(title: String, sourceRoot: URL, stores: [BuiltStore], pageDirectory: URL?, order: [String] = []) {
        var names: [String] = []
        var sources: [String: File] = [:]
        var outputs: [String: [String: File]] = [:]
        for store in stores {
            for sticker in store.pack.stickers {
                if !names.contains(sticker.name) { names.append(sticker.name) }
                if sources[sticker.name] == nil, let facts = sticker.source {
                    let url = sourceRoot.appendingPathComponent(facts.file)
                    let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
                    sources[sticker.name] = File(url: url, format: facts.format, width: facts.width, height: facts.height,
                                                 bytes: bytes, frames: facts.frames,
                                                 durationMs: facts.frames > 1 ? facts.durationMs : nil)
                }
                outputs[sticker.name, default: [:]][store.pack.rules.id] = File(
                    url: store.folder.appendingPathComponent(sticker.file), format: sticker.format,
                    width: sticker.width, height: sticker.height, bytes: sticker.bytes.count, frames: sticker.frames,
                    durationMs: sticker.isAnimated ? sticker.durationMs : nil,
                    findings: store.pack.findings(store.findings, on: sticker))
            }
        }
        let place = Dictionary(order.enumerated().map { ($1, $0) }) { first, _ in first }
        names = names.enumerated().sorted { a, b in
            (place[a.element] ?? order.count + a.offset, a.offset) < (place[b.element] ?? order.count + b.offset, b.offset)
        }.map(\.element)
        let rows = names.map { Row(name: $0, source: sources[$0], outputs: outputs[$0] ?? [:]) }
        var packFindings: [String: [Finding]] = [:], packImages: [String: [PackImage]] = [:]
        var platforms: [PlatformRules] = []
        for store in stores {
            if !platforms.contains(store.pack.rules) { platforms.append(store.pack.rules) }
            packFindings[store.pack.rules.id, default: []] += store.pack.packFindings(store.findings)
            packImages[store.pack.rules.id, default: []] += store.pack.images.map { image in
                PackImage(role: store.pack.part.map { "\(image.role) (\($0.suffix))" } ?? image.role,
                          file: File(url: store.folder.appendingPathComponent(image.file), format: FormatSniffer.sniff(image.bytes),
                                     width: image.width, height: image.height, bytes: image.bytes.count))
            }
        }
        self.init(title: title, platforms: platforms, rows: rows, packFindings: packFindings,
                  packImages: packImages, pageDirectory: pageDirectory)
    }
}
