/// Applies `stickerforge.yml` to stickers as read: `order`, `labels`, per-sequence `sequences` and the
/// `icon` source. A value set in the configuration replaces what Contents.json says; names the
/// configuration gives that match no sticker are reported.
struct PackConfigApplier {
    let config: PackConfig
    let fileSystem: CatalogFileSystem
    var problems: [CatalogProblem] = []

    init(config: PackConfig, fileSystem: CatalogFileSystem) { self.config = config; self.fileSystem = fileSystem }

    private var file: String { config.file ?? PackConfig.fileName }

    mutating func apply(to stickers: inout [StickerSource]) {
        let names = Set(stickers.map(\.name))
        for name in config.labels.keys.sorted() where !names.contains(name) {
            problems.append(.invalid(file: file, reason: "'labels.\(name)' names no sticker in the pack", sticker: nil))
        }
        for name in config.emojis.keys.sorted() where !names.contains(name) {
            problems.append(.invalid(file: file, reason: "'emojis.\(name)' names no sticker in the pack", sticker: nil))
        }
        for name in config.sequences.keys.sorted() where !names.contains(name) {
            problems.append(.invalid(file: file, reason: "'sequences.\(name)' names no sticker in the pack", sticker: nil))
        }
        for index in stickers.indices {
            if let label = config.labels[stickers[index].name] { stickers[index].accessibilityLabel = label }
            applySequenceSettings(to: &stickers[index])
        }
        stickers = ordered(stickers)
        checkIcon()
    }

    private mutating func applySequenceSettings(to sticker: inout StickerSource) {
        guard let settings = config.sequences[sticker.name] else { return }
        guard case .sequence(let frames, var timing, var repetitions) = sticker.content else {
            problems.append(.invalid(file: file, reason: "'sequences.\(sticker.name)' applies to frame sequences, but "
                                     + "'\(sticker.name)' is a single file; its timing is in the file", sticker: sticker.name))
            return
        }
        if let delays = settings.delays, delays.count != frames.count {
            problems.append(.invalid(file: file, reason: "'sequences.\(sticker.name).delays' lists \(delays.count) "
                                     + "delays for \(frames.count) frames", sticker: sticker.name))
            timing = SequenceSettings(fps: settings.fps, duration: settings.duration).timing ?? timing
        } else if let given = settings.timing {
            timing = given
        }
        if let loops = settings.loops { repetitions = SequenceSettings.repetitions(forLoops: loops) }
        sticker.content = .sequence(frames: frames, timing: timing, repetitions: repetitions)
    }

    /// `order` first, then the rest in the order they came (natural order, or Contents.json's).
    private mutating func ordered(_ stickers: [StickerSource]) -> [StickerSource] {
        var first: [StickerSource] = []
        var used = Set<Int>()
        for name in config.order {
            let matches = stickers.indices.filter { stickers[$0].name == name && !used.contains($0) }
            if matches.isEmpty {
                problems.append(.invalid(file: file, reason: "'order' names '\(name)', which is no sticker in the pack",
                                         sticker: nil))
            }
            for index in matches { first.append(stickers[index]); used.insert(index) }
        }
        return first + stickers.indices.filter { !used.contains($0) }.map { stickers[$0] }
    }

    private mutating func checkIcon() {
        guard let icon = config.icon else { return }
        switch fileSystem.entry(icon) {
        case .file: return
        case .missing: problems.append(.missingFile(file: icon, listedIn: file, sticker: nil))
        case .directory: problems.append(.invalid(file: icon, reason: "is a folder, not an image file", sticker: nil))
        case .unsafe(let reason), .unreadable(let reason): problems.append(.invalid(file: icon, reason: reason, sticker: nil))
        }
    }
}
