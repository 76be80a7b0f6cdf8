import Foundation
import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// `build --platform`'s library entry: one source pack built for one store (`StorePack`), every
/// sticker by `StoreStickerBuilder`, the pack's images from `tray:` at the store's sizes, the store's
/// layout by `StoreLayout`, and a `stickerforge.yml` that lets `check --platform` read the folder
/// with the pack's name, publisher, emoji and tray.
public struct PlatformPackBuilder: Sendable {
    /// The store's table.
    public var rules: PlatformRules
    /// Speed up or trim over a duration cap.
    public var retime: RetimeMode
    /// Decoder and PNG encoder.
    public var codec: any StickerCodec
    /// `--loops`: every animation's loop count (0 = forever) instead of the table's; nil keeps the table's.
    public var loops: Int?

    /// For a store that takes one kind per pack, keep a mixed pack one pack with its stills made
    /// animations (`StillAnimator`; `--stills-as-animations`) instead of splitting it (`packs`).
    public var stillsAsAnimations = false

    /// The store folder's previous build: a sticker or pack image whose inputs and settings are
    /// unchanged is taken from it, not built again (the same bytes a cold build writes).
    public var previous = StoreBuildCache()

    /// A builder.
    public init(rules: PlatformRules, retime: RetimeMode = .auto, loops: Int? = nil, codec: any StickerCodec = DefaultStickerCodec()) {
        self.rules = rules; self.retime = retime; self.loops = loops; self.codec = codec
    }

    /// Builds `pack` for the store as one pack; `progress` is told each sticker once it is built:
    /// how many are built, of how many, and its name (a still held back until the pack's kind is
    /// known is told when it is built, after the others). Stickers are built side by side, so
    /// `progress` may be called from any thread (one call at a time). A store that takes one kind
    /// per pack gets a mixed pack's stills as animations (`StillAnimator`); `packs` splits it instead.
    /// - Throws: `PlatformBuildError` for the first sticker or image that cannot be built.
    public func build(_ pack: StickerPack, progress: (Int, Int, String) -> Void = { _, _, _ in }) throws -> StorePack {
        let oneKind = !rules.mixesStillAndAnimated && rules.animated != nil
        return try assemble(pack, stickers: try stickers(of: pack, stillsAsAnimations: oneKind, progress: progress), part: nil)
    }

    /// Builds `pack` for the store: one pack, or, for a store that takes packs all still or all
    /// animated (`mixesStillAndAnimated` false) and a pack that mixes them, two (`StorePack.Part`),
    /// each complete with its own name, identifier, images and metadata. With `stillsAsAnimations`
    /// the mixed pack stays one, its stills made animations (`build`). `progress` as in `build`.
    /// - Throws: `PlatformBuildError` for the first sticker or image that cannot be built.
    public func packs(_ pack: StickerPack, progress: (Int, Int, String) -> Void = { _, _, _ in }) throws -> [StorePack] {
        let oneKind = !rules.mixesStillAndAnimated && rules.animated != nil
        guard oneKind, !stillsAsAnimations else { return [try build(pack, progress: progress)] }
        let built = try stickers(of: pack, stillsAsAnimations: false, progress: progress)
        let stills = built.filter { !$0.isAnimated }, animations = built.filter(\.isAnimated)
        guard !stills.isEmpty, !animations.isEmpty else { return [try assemble(pack, stickers: built, part: nil)] }
        return [try assemble(pack, stickers: stills, part: .stills), try assemble(pack, stickers: animations, part: .animated)]
    }

    /// Every sticker of `pack` built, in the pack's order; with `stillsAsAnimations`, every still
    /// is made an animation when any sticker animates.
    private func stickers(of pack: StickerPack, stillsAsAnimations: Bool,
                          progress: (Int, Int, String) -> Void) throws -> [StoreSticker] {
        let layout = StoreLayout(rules)
        var builder = StoreStickerBuilder(rules: rules, retime: retime, codec: codec)
        builder.loops = loops
        var animating = builder
        animating.animateStills = true
        // Stickers are built side by side on both cores, each to its own slot, so the files are the
        // same in any order; progress is told as each finishes.
        let progressLock = NSLock()
        var finished = 0
        func told(_ index: Int) {
            progressLock.lock(); defer { progressLock.unlock() }
            finished += 1
            progress(finished, pack.stickers.count, pack.stickers[index].name)
        }
        func build(_ indices: [Int], holding: Bool, animates: Bool,
                   decoded: [SourceAnimation?]) throws -> [StoreStickerBuilder.Outcome] {
            try Parallel.map(indices.count) { i in
                let source = pack.stickers[indices[i]]
                let emojis = pack.config.emojis[source.name] ?? []
                let key = self.key(of: source, root: pack.root, emojis: emojis, animates: animates)
                var outcome: StoreStickerBuilder.Outcome
                if let reused = previous.sticker(named: source.name, key: key) {
                    // A still waits, as a built one would, until the pack's kind is known; it is
                    // then looked up again under the key of the way it is built.
                    outcome = holding && !reused.isAnimated ? .held(nil) : .built(reused)
                } else {
                    outcome = try (animates ? animating : builder).build(
                        source, root: pack.root, stem: layout.stem(index: indices[i], name: source.name),
                        emojis: emojis, holdingStills: holding, decoded: decoded[i])
                    if case .built(var built) = outcome {
                        built.cacheKey = key
                        outcome = .built(built)
                    }
                }
                if case .built = outcome { told(indices[i]) }
                return outcome
            }
        }
        // Stills made animations when any sticker animates: stills wait (decoded, unless large)
        // until every other sticker is built, then are built the one right way, so each still is
        // fitted once.
        let first = try build(Array(pack.stickers.indices), holding: stillsAsAnimations, animates: false,
                              decoded: Array(repeating: nil, count: pack.stickers.count))
        var done = first.map { outcome -> StoreSticker? in if case .built(let built) = outcome { return built } else { return nil } }
        let animates = stillsAsAnimations && done.contains { $0?.isAnimated == true }
        let waiting = first.indices.compactMap { index -> (Int, SourceAnimation?)? in
            if case .held(let source) = first[index] { return (index, source) } else { return nil }
        }
        let second = try build(waiting.map(\.0), holding: false, animates: animates, decoded: waiting.map(\.1))
        for ((index, _), outcome) in zip(waiting, second) {
            if case .built(let built) = outcome { done[index] = built }
        }
        // Built with holding off: never held.
        return done.compactMap { $0 }
    }

    /// The store pack of `stickers` (built from `pack`): files named by their place in it, the
    /// pack's images, the store's metadata and the folder's `stickerforge.yml`. A `part` is named
    /// "<name> (stills)" or "<name> (animated)", its identifier ending `_stills` or `_animated`.
    private func assemble(_ pack: StickerPack, stickers: [StoreSticker], part: StorePack.Part?) throws -> StorePack {
        let layout = StoreLayout(rules)
        let builder = StoreStickerBuilder(rules: rules, retime: retime, codec: codec)
        // Numbered by their place in this pack (LINE's 01.png, 02.png, ...): a part numbers its own.
        let stickers = stickers.enumerated().map { index, sticker in
            var sticker = sticker
            let ext = sticker.file.split(separator: ".", omittingEmptySubsequences: false).last.map(String.init) ?? "bin"
            sticker.file = layout.stem(index: index, name: sticker.name) + "." + ext
            return sticker
        }
        let whole = pack.config.name ?? pack.name
        var name = whole, identifier = StorePack.identifier(for: whole)
        if let part {
            name = "\(whole) (\(part.suffix))"
            identifier = String(identifier.prefix(63 - part.suffix.count)) + "_" + part.suffix
        }
        var built = StorePack(rules: rules, name: name, publisher: pack.config.credit(for: rules.creditField),
                              identifier: identifier, stickers: stickers, images: [], notes: [], files: [:], part: part)
        if let part {
            built.notes.append("\(rules.name) takes a pack that is all still or all animated, and this pack holds both: "
                               + "its \(part == .stills ? "stills" : "animations") are this pack, the "
                               + "\(part == .stills ? "animations" : "stills") are in ../\(part == .stills ? "animated" : "static")/")
        }
        let sources = stickers.compactMap { sticker in pack.stickers.first { $0.name == sticker.name } }
        let (images, notes) = try images(for: pack, first: sources.first, stickers: stickers, layout: layout, builder: builder)
        built.images = images
        built.notes += notes
        for sticker in stickers { built.files[sticker.file] = sticker.bytes }
        for image in built.images { built.files[image.file] = image.bytes }
        built.record = StoreBuildCache.record(stickers: stickers, images: built.images)
        built.files.merge(try layout.metadata(for: built)) { _, new in new }
        built.files[PackConfig.fileName] = Array(checkConfig(for: built).utf8)
        return built
    }

    /// The cache key of `sticker` built for this store: its files' bytes, its name, label, emoji and
    /// content, the store, the codec and every setting of this builder that changes the file (empty
    /// when a file cannot be read: it is then built, and the build names it).
    func key(of sticker: StickerSource, root: String, emojis: [String], animates: Bool) -> String {
        let header = "sticker|store=\(rules.id)|codec=\(codec.identifier)|retime=\(retime.rawValue)"
            + "|loops=\(loops.map(String.init) ?? "table")|animate=\(animates)|name=\(sticker.name)"
            + "|label=\(sticker.accessibilityLabel.map { "\"\($0)\"" } ?? "none")|emojis=\(emojis.joined(separator: ","))"
            + "|content=\(sticker.content.keyText)"
        return StoreBuildCache.key(header, inputs: sticker.files.map { ($0, try? FileIO.read(FileIO.join(root, $0))) })
    }

    /// Files the build writes beside the stickers after checking them.
    public static let reportFiles = ["manifest.json", "report.json", "report.html"]

    /// `stickerforge.yml` for the built folder: the pack's name, publisher, the image `tray:` fills,
    /// the stickers' order, each sticker's emoji by its file's name and, under `ignore:`, every file that is not a
    /// sticker (other pack images, the store's metadata, the manifest and reports), so
    /// `check --platform` judges exactly what ships.
    func checkConfig(for pack: StorePack) -> String {
        func quoted(_ text: String) -> String {
            let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
            return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
        }
        var lines = ["# Written by `stickerforge build --platform \(rules.id)` so that "
                     + "`stickerforge check --platform \(rules.id)` reads this folder as the store gets it.",
                     "name: \(quoted(pack.name))"]
        if let publisher = pack.publisher { lines.append("publisher: \(quoted(publisher))") }
        let tray = pack.images.first { $0.role == rules.trayImage?.role }
        if let tray { lines.append("tray: \(quoted(tray.file))") }
        let stickers = Set(pack.stickers.map(\.file))
        var others = Set(pack.files.keys).subtracting(stickers).union(Self.reportFiles)
        if let tray { others.remove(tray.file) }
        lines.append("ignore: [\(others.sorted().map(quoted).joined(separator: ", "))]")
        // The stickers in the pack's order, so the check of this folder (and its reports) lists them
        // as the store shows them, not alphabetically.
        lines.append("order: [\(pack.stickers.map { quoted($0.fileStem) }.joined(separator: ", "))]")
        let withEmoji = pack.stickers.filter { !$0.emojis.isEmpty }
        if !withEmoji.isEmpty {
            lines.append("emojis:")
            for sticker in withEmoji {
                lines.append("  \(quoted(sticker.fileStem)): [\(sticker.emojis.map(quoted).joined(separator: ", "))]")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
