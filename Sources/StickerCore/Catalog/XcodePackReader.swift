import Foundation
import ImageCodec

/// Reads an Xcode `.stickerpack`: its Contents.json (grid size, sticker order) and each listed
/// sticker folder. Problems are collected in `problems`; reading never stops early.
package struct XcodePackReader {
    static let stickerExtension = ".sticker"
    static let sequenceExtension = ".stickersequence"

    let fileSystem: CatalogFileSystem
    var problems: [CatalogProblem] = []

    init(fileSystem: CatalogFileSystem) { self.fileSystem = fileSystem }

    /// Grid size and stickers of the pack at `packFolder` (relative to the catalog root).
    mutating func read(packFolder: String) -> (gridSize: GridSize, stickers: [StickerSource]) {
        let contents = ContentsFile.load(folder: packFolder, fileSystem: fileSystem,
                                         topKeys: ["info", "properties", "stickers"], sticker: nil, problems: &problems)
        var gridSize = GridSize.regular
        var listed: [String]?
        if let contents {
            gridSize = readGridSize(contents)
            listed = readList(contents)
        }
        let folders = stickerFolders(in: packFolder)
        // Without a usable list the folders are read in natural order, so their images still get checked.
        let names = listed ?? folders
        var stickers: [StickerSource] = []
        for name in names {
            let folder = CatalogFileSystem.join(packFolder, name)
            switch fileSystem.entry(folder) {
            case .directory:
                if let sticker = readSticker(folder: folder, name: name) { stickers.append(sticker) }
            case .missing:
                problems.append(.missingFile(file: folder, listedIn: contents?.path ?? folder,
                                             sticker: Self.stickerName(name)))
            case .file:
                problems.append(.invalid(file: folder, reason: "is a file; a sticker is a .sticker or .stickersequence folder",
                                         sticker: Self.stickerName(name)))
            case .unsafe(let reason), .unreadable(let reason):
                problems.append(.invalid(file: folder, reason: reason, sticker: Self.stickerName(name)))
            }
        }
        if let listed {
            for name in folders where !listed.contains(name) {
                problems.append(.unlistedSticker(folder: CatalogFileSystem.join(packFolder, name)))
            }
        }
        return (gridSize, stickers)
    }

    /// The sticker name of a folder: its name without `.sticker` / `.stickersequence`.
    package static func stickerName(_ folder: String) -> String {
        for ext in [stickerExtension, sequenceExtension] where folder.hasSuffix(ext) && folder.count > ext.count {
            return String(folder.dropLast(ext.count))
        }
        return folder
    }

    private mutating func readGridSize(_ contents: ContentsFile) -> GridSize {
        guard let properties = contents.object("properties", in: contents.object, label: "properties",
                                               problems: &problems) else { return .regular }
        contents.reportUnknownKeys(in: properties, allowed: ["grid-size"], problems: &problems)
        guard let value = contents.string("grid-size", in: properties, label: "properties.grid-size",
                                          required: true, problems: &problems) else { return .regular }
        guard let gridSize = GridSize(rawValue: value) else {
            contents.invalid("unknown grid-size '\(value)' (expected small, regular or large)", problems: &problems)
            return .regular
        }
        return gridSize
    }

    /// The listed folder names in order, without unsafe, duplicate or wrongly named entries.
    private mutating func readList(_ contents: ContentsFile) -> [String]? {
        guard let entries = contents.array("stickers", in: contents.object, label: "stickers",
                                           problems: &problems) else { return nil }
        var names: [String] = []
        for (index, entry) in entries.enumerated() {
            let label = "stickers[\(index)]"
            guard let object = entry.object else {
                contents.invalid("\"\(label)\" must be an object, found \(entry.shortDescription)", problems: &problems)
                continue
            }
            contents.reportUnknownKeys(in: object, allowed: ["filename"], problems: &problems)
            guard let name = contents.string("filename", in: object, label: "\(label).filename",
                                             required: true, problems: &problems) else { continue }
            if let reason = CatalogFileSystem.unsafeNameReason(name) {
                contents.invalid("\"\(label).filename\": \(reason)", problems: &problems)
            } else if names.contains(name) {
                contents.invalid("\"\(label).filename\": '\(name)' is listed twice; the first place is used",
                                 problems: &problems)
            } else if !name.hasSuffix(Self.stickerExtension) && !name.hasSuffix(Self.sequenceExtension) {
                contents.invalid("\"\(label).filename\": '\(name)' is not a .sticker or .stickersequence folder",
                                 problems: &problems)
            } else {
                names.append(name)
            }
        }
        return names
    }

    /// Sticker folders on disk, in natural order.
    private mutating func stickerFolders(in packFolder: String) -> [String] {
        let children: [String]
        do { children = try fileSystem.children(of: packFolder) } catch {
            problems.append(.invalid(file: packFolder, reason: "cannot be listed: \(error.localizedDescription)", sticker: nil))
            return []
        }
        return children.filter { $0.hasSuffix(Self.stickerExtension) || $0.hasSuffix(Self.sequenceExtension) }
    }

    private mutating func readSticker(folder: String, name: String) -> StickerSource? {
        var reader = XcodeStickerReader(fileSystem: fileSystem, folder: folder, name: Self.stickerName(name))
        let sticker = name.hasSuffix(Self.sequenceExtension) ? reader.readSequence() : reader.readStill()
        problems += reader.problems
        return sticker
    }
}
