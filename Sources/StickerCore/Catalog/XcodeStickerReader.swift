/// Reads one `.sticker` or `.stickersequence` folder. A sticker with no usable image (its file or
/// every frame missing or unsafe) is left out of the pack; its problems say why.
struct XcodeStickerReader {
    let fileSystem: CatalogFileSystem
    /// The sticker folder relative to the catalog root.
    let folder: String
    /// Sticker name (folder name without extension).
    let name: String
    var problems: [CatalogProblem] = []

    init(fileSystem: CatalogFileSystem, folder: String, name: String) {
        self.fileSystem = fileSystem; self.folder = folder; self.name = name
    }

    /// A `.sticker`: `properties.filename` and `properties.accessibility-label`.
    mutating func readStill() -> StickerSource? {
        guard let contents = load(topKeys: ["info", "properties"]),
              let properties = contents.object("properties", in: contents.object, label: "properties",
                                               problems: &problems) else { return nil }
        contents.reportUnknownKeys(in: properties, allowed: ["accessibility-label", "filename"], problems: &problems)
        let label = contents.string("accessibility-label", in: properties, label: "properties.accessibility-label",
                                    required: false, problems: &problems)
        guard let filename = contents.string("filename", in: properties, label: "properties.filename",
                                             required: true, problems: &problems),
              let file = contents.resolve(filename, label: "properties.filename", in: folder, fileSystem: fileSystem, problems: &problems) else { return nil }
        return StickerSource(name: name, folder: folder, content: .file(file), accessibilityLabel: label)
    }

    /// A `.stickersequence`: ordered `frames`, `duration`, `duration-type`, `repetitions`. Missing or
    /// invalid timing is reported and replaced by Xcode's template values (15 fps, loop forever).
    mutating func readSequence() -> StickerSource? {
        guard let contents = load(topKeys: ["frames", "info", "properties"]) else { return nil }
        var label: String?
        var timing = SequenceTiming.fps(PackConfig.defaultFPS)
        var repetitions = 0
        if let properties = contents.object("properties", in: contents.object, label: "properties", problems: &problems) {
            contents.reportUnknownKeys(in: properties, allowed: ["accessibility-label", "duration", "duration-type",
                                                                 "repetitions"], problems: &problems)
            label = contents.string("accessibility-label", in: properties, label: "properties.accessibility-label",
                                    required: false, problems: &problems)
            timing = readTiming(properties, contents: contents)
            repetitions = readRepetitions(properties, contents: contents)
        }
        guard let entries = contents.array("frames", in: contents.object, label: "frames", problems: &problems) else {
            return nil
        }
        if entries.isEmpty { contents.invalid("\"frames\" is empty: a sequence needs at least one frame", problems: &problems) }
        var frames: [String] = []
        for (index, entry) in entries.enumerated() {
            let entryLabel = "frames[\(index)]"
            guard let object = entry.object else {
                contents.invalid("\"\(entryLabel)\" must be an object, found \(entry.shortDescription)", problems: &problems)
                continue
            }
            contents.reportUnknownKeys(in: object, allowed: ["filename"], problems: &problems)
            if let filename = contents.string("filename", in: object, label: "\(entryLabel).filename", required: true,
                                              problems: &problems),
               let frame = contents.resolve(filename, label: "\(entryLabel).filename", in: folder, fileSystem: fileSystem, problems: &problems) {
                frames.append(frame)
            }
        }
        guard !frames.isEmpty else { return nil }
        return StickerSource(name: name, folder: folder,
                             content: .sequence(frames: frames, timing: timing, repetitions: repetitions),
                             accessibilityLabel: label)
    }

    private mutating func readTiming(_ properties: [String: JSONValue], contents: ContentsFile) -> SequenceTiming {
        var duration = PackConfig.defaultFPS
        if let value = properties["duration"] {
            if let number = value.number, number > 0 { duration = number } else {
                contents.invalid("\"properties.duration\" must be a number above 0, found \(value.shortDescription)",
                                 problems: &problems)
            }
        } else {
            contents.invalid("missing \"properties.duration\"", problems: &problems)
        }
        let type = contents.string("duration-type", in: properties, label: "properties.duration-type",
                                   required: true, problems: &problems)
        switch type {
        case "fixed"?: return .fixed(seconds: duration)
        case "fps"?, nil: return .fps(duration)
        case let other?:
            contents.invalid("unknown duration-type '\(other)' (expected fps or fixed)", problems: &problems)
            return .fps(duration)
        }
    }

    private mutating func readRepetitions(_ properties: [String: JSONValue], contents: ContentsFile) -> Int {
        guard let value = properties["repetitions"] else {
            contents.invalid("missing \"properties.repetitions\"", problems: &problems)
            return 0
        }
        guard let count = value.integer, count >= 0 else {
            contents.invalid("\"properties.repetitions\" must be a whole number, 0 or more, found \(value.shortDescription)",
                             problems: &problems)
            return 0
        }
        return count
    }

    private mutating func load(topKeys: [String]) -> ContentsFile? {
        ContentsFile.load(folder: folder, fileSystem: fileSystem, topKeys: topKeys, sticker: name, problems: &problems)
    }
}
