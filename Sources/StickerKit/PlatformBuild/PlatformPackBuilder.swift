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

    /// A builder.
    public init(rules: PlatformRules, retime: RetimeMode = .auto, loops: Int? = nil, codec: any StickerCodec = DefaultStickerCodec()) {
        self.rules = rules; self.retime = retime; self.loops = loops; self.codec = codec
    }

    /// Builds `pack` for the store; `progress` is told each sticker once it is built: how many are
    /// built, of how many, and its name (a still held back until the pack's kind is known is told
    /// when it is built, after the others). Stickers are built side by side, so `progress` may be
    /// called from any thread (one call at a time).
    /// - Throws: `PlatformBuildError` for the first sticker or image that cannot be built.
    public func build(_ pack: StickerPack, progress: (Int, Int, String) -> Void = { _, _, _ in }) throws -> StorePack {
        let layout = StoreLayout(rules)
        var builder = StoreStickerBuilder(rules: rules, retime: retime, codec: codec)
        builder.loops = loops
        let oneKind = !rules.mixesStillAndAnimated && rules.animated != nil
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
                let outcome = try (animates ? animating : builder).build(
                    source, root: pack.root, stem: layout.stem(index: indices[i], name: source.name),
                    emojis: pack.config.emojis[source.name] ?? [], holdingStills: holding, decoded: decoded[i])
                if case .built = outcome { told(indices[i]) }
                return outcome
            }
        }
        // A store that takes one kind per pack gets every still as an animation when any sticker
        // animates: stills wait (decoded, unless large) until every other sticker is built, then
        // are built the one right way, so each still is fitted once.
        let first = try build(Array(pack.stickers.indices), holding: oneKind, animates: false,
                              decoded: Array(repeating: nil, count: pack.stickers.count))
        var done = first.map { outcome -> StoreSticker? in if case .built(let built) = outcome { return built } else { return nil } }
        let animates = oneKind && done.contains { $0?.isAnimated == true }
        let waiting = first.indices.compactMap { index -> (Int, SourceAnimation?)? in
            if case .held(let source) = first[index] { return (index, source) } else { return nil }
        }
        let second = try build(waiting.map(\.0), holding: false, animates: animates, decoded: waiting.map(\.1))
        for ((index, _), outcome) in zip(waiting, second) {
            if case .built(let built) = outcome { done[index] = built }
        }
        // Built with holding off: never held.
        let stickers = done.compactMap { $0 }
        let name = pack.config.name ?? pack.name
        var built = StorePack(rules: rules, name: name, publisher: pack.config.credit(for: rules.creditField),
                              identifier: StorePack.identifier(for: name), stickers: stickers, images: [], notes: [], files: [:])
        (built.images, built.notes) = try images(for: pack, layout: layout, builder: builder)
        for sticker in stickers { built.files[sticker.file] = sticker.bytes }
        for image in built.images { built.files[image.file] = image.bytes }
        built.files.merge(try layout.metadata(for: built)) { _, new in new }
        built.files[PackConfig.fileName] = Array(checkConfig(for: built).utf8)
        return built
    }

    /// Files the build writes beside the stickers after checking them.
    public static let reportFiles = ["manifest.json", "report.json", "report.html"]

    /// The pack's images at the store's sizes, drawn from `tray:`. A required image without `tray:`
    /// is drawn from the first sticker's first frame, and a note says so (what sticker tools and
    /// Signal itself do); an optional one is left out.
    func images(for pack: StickerPack, layout: StoreLayout, builder: StoreStickerBuilder) throws -> ([StorePackImage], [String]) {
        let wanted = rules.packImages.filter { $0.size != nil }
        guard !wanted.isEmpty else { return ([], []) }
        var source: (image: PixelBuffer, name: String)?
        var notes: [String] = []
        if let tray = pack.config.tray {
            let decoded = try builder.decode(StickerSource(name: tray, folder: nil, content: .file(tray), accessibilityLabel: nil),
                                             root: pack.root)
            source = decoded.frames.first.map { ($0.image, "\(tray) (`tray:`)") }
        } else if wanted.contains(where: \.required), let first = pack.stickers.first {
            source = try builder.decode(first, root: pack.root).frames.first.map { ($0.image, "the first sticker, \(first.name)") }
            let roles = NumberText.list(wanted.filter(\.required).map(\.role), conjunction: "and")
            notes.append("no `tray:` in stickerforge.yml: the \(roles) \(wanted.filter(\.required).count == 1 ? "is" : "are") "
                         + "drawn from the first sticker, \(first.name); name an image with `tray:` to choose it")
        }
        guard let source else { return ([], notes) }
        var images: [StorePackImage] = []
        for rule in wanted where rule.required || pack.config.tray != nil {
            guard let size = rule.size else { continue }
            let placed = try StorePlacement(width: source.image.width, height: source.image.height,
                                            limits: .exactly(size.width, size.height)).apply(source.image)
            var options = FitOptions(maxBytes: rule.maxBytes ?? Int.max / 2, lossy: true, minSide: max(size.width, size.height))
            options.keepBestBelowFloor = true
            let bytes: [UInt8]
            do {
                bytes = try StickerFitter(options: options).fit(frames: [AnimationFrame(image: placed, delay: .zero)],
                                                                loopCount: 0, gridSize: .large).bytes
            } catch {
                throw PlatformBuildError.notFitted(file: source.name, store: rules.name, reason: "the \(rule.role): \(error)")
            }
            images.append(StorePackImage(role: rule.role, file: layout.imageFile(role: rule.role), bytes: bytes,
                                         width: size.width, height: size.height, source: source.name))
        }
        return (images, notes)
    }

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
