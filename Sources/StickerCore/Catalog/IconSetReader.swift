import Foundation

/// Reads the Messages app icon set (`*.stickersiconset`) at the catalog root and maps its images to
/// `IconSlot.all`. Entries without a filename are empty slots, which is what Xcode writes for them.
struct IconSetReader {
    static let iconSetExtension = ".stickersiconset"
    /// The name Xcode's template gives the set, and the default app-icon build setting.
    static let defaultName = "iMessage App Icon.stickersiconset"
    static let knownIdioms = ["iphone", "ipad", "universal", "ios-marketing"]

    let fileSystem: CatalogFileSystem
    var problems: [CatalogProblem] = []

    init(fileSystem: CatalogFileSystem) { self.fileSystem = fileSystem }

    /// The icon set in `folder` (relative to the root), nil when there is none. Xcode's default name
    /// wins when several sets exist; otherwise the first in natural order.
    mutating func read(in folder: String) -> IconSetSource? {
        let children: [String]
        do { children = try fileSystem.children(of: folder) } catch {
            problems.append(.invalid(file: folder.isEmpty ? "." : folder,
                                     reason: "cannot be listed: \(error.localizedDescription)", sticker: nil))
            return nil
        }
        let sets = children.filter {
            $0.hasSuffix(Self.iconSetExtension) && fileSystem.entry(CatalogFileSystem.join(folder, $0)) == .directory
        }
        guard let chosen = sets.first(where: { $0 == Self.defaultName }) ?? sets.first else { return nil }
        return readSet(CatalogFileSystem.join(folder, chosen))
    }

    private mutating func readSet(_ setFolder: String) -> IconSetSource {
        var filled: [IconSlot: String] = [:]
        guard let contents = ContentsFile.load(folder: setFolder, fileSystem: fileSystem, topKeys: ["images", "info"],
                                               sticker: nil, problems: &problems),
              let images = contents.array("images", in: contents.object, label: "images", problems: &problems) else {
            return IconSetSource(folder: setFolder, filled: filled)
        }
        var claimedBy: [IconSlot: Int] = [:]
        for (index, entry) in images.enumerated() {
            let label = "images[\(index)]"
            guard let object = entry.object else {
                contents.invalid("\"\(label)\" must be an object, found \(entry.shortDescription)", problems: &problems)
                continue
            }
            contents.reportUnknownKeys(in: object, allowed: ["filename", "idiom", "platform", "scale", "size"],
                                       problems: &problems)
            guard let slot = slot(for: object, label: label, contents: contents),
                  let filename = contents.string("filename", in: object, label: "\(label).filename", required: false,
                                                 problems: &problems) else { continue }
            if let earlier = claimedBy[slot] {
                contents.invalid("\"\(label)\" fills the same slot as images[\(earlier)] (\(Self.describe(slot))); "
                                 + "the first is used", problems: &problems)
                continue
            }
            if let file = contents.resolve(filename, label: "\(label).filename", in: setFolder, fileSystem: fileSystem, problems: &problems) {
                filled[slot] = file
                claimedBy[slot] = index
            }
        }
        return IconSetSource(folder: setFolder, filled: filled)
    }

    /// The slot an entry describes; unknown idioms are reported as unknown keys with the lower-case
    /// spelling Xcode uses (`iPhone` -> `iphone`).
    private mutating func slot(for entry: [String: JSONValue], label: String, contents: ContentsFile) -> IconSlot? {
        let idiom = contents.string("idiom", in: entry, label: "\(label).idiom", required: true, problems: &problems)
        let size = contents.string("size", in: entry, label: "\(label).size", required: true, problems: &problems)
        let scale = contents.string("scale", in: entry, label: "\(label).scale", required: true, problems: &problems)
        let platform = contents.string("platform", in: entry, label: "\(label).platform", required: false,
                                       problems: &problems)
        guard let idiom, let size, let scale else { return nil }
        guard Self.knownIdioms.contains(idiom) else {
            problems.append(.unknownKey(file: contents.path, key: idiom,
                                        suggestion: KeySuggestion.nearest(to: idiom, among: Self.knownIdioms), sticker: nil))
            return nil
        }
        let match = IconSlot.all.first {
            $0.idiom == idiom && $0.platform == platform && $0.size == size && $0.scale == scale
        }
        guard let match else {
            let wanted = "\(idiom)\(platform.map { " (\($0))" } ?? "") \(size) @\(scale)"
            contents.invalid("\"\(label)\": no Messages icon slot is \(wanted)", problems: &problems)
            return nil
        }
        return match
    }

    static func describe(_ slot: IconSlot) -> String {
        "\(slot.idiom)\(slot.platform.map { " (\($0))" } ?? "") \(slot.size) @\(slot.scale)"
    }
}
