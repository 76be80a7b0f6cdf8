import Foundation
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// Repairs the catalog's own slips in a copy (`root`): unknown keys dropped or mapped to the key
/// meant, unlisted stickers listed, listed files that do not exist unlisted. Only files inside the
/// copy are edited; a `--config` file elsewhere is never touched.
struct CatalogSlipFixer {
    /// The copy's root.
    let root: String
    /// Records by sticker name; nil for the catalog as a whole.
    private(set) var records: [String?: [FixRecord]] = [:]
    /// Slips that could not be repaired, with the reason.
    private(set) var problems: [String] = []

    init(root: String) { self.root = root }

    /// Misspellings of Xcode's Contents.json keys and the key meant.
    static let contentsKeys = [
        "grid-space": "grid-size", "gridsize": "grid-size", "grid_size": "grid-size", "gridSize": "grid-size",
        "accessibilityLabel": "accessibility-label", "accessibility_label": "accessibility-label",
        "duration_type": "duration-type", "durationType": "duration-type", "file-name": "filename", "fileName": "filename",
        "repetition": "repetitions", "frame": "frames", "sticker": "stickers",
    ]
    /// Xcode's names and common misspellings of `stickerforge.yml` keys, and the key meant.
    static let configKeys = ConfigParser.xcodeNames.merging([
        "grid-space": "grid_size", "gridsize": "grid_size", "max-bytes": "max_bytes", "min-quality": "min_quality",
        "label": "labels", "sequence": "sequences",
    ]) { a, _ in a }

    /// Repairs every slip of `problems` that has a safe repair.
    mutating func fix(_ problems: [CatalogProblem]) {
        for problem in problems {
            do {
                switch problem {
                case let .unknownKey(file, key, _, sticker): try unknownKey(file: file, key: key, sticker: sticker)
                case let .unlistedSticker(folder): try unlisted(folder)
                case let .missingFile(file, listedIn, sticker): try missing(file, listedIn: listedIn, sticker: sticker)
                case .invalid: continue
                }
            } catch {
                self.problems.append("\(error)")
            }
        }
    }

    private mutating func unknownKey(file: String, key: String, sticker: String?) throws {
        let path = FileIO.join(root, file)
        guard FileIO.kind(of: path).exists else { return }
        let last = String(key.split(separator: ".").last ?? Substring(key))
        if file.hasSuffix(".json") {
            let meant = Self.contentsKeys[key]
            var contents = try ContentsEditor(path: path)
            guard contents.dropOrRename(key, to: meant) > 0 else { return }
            try contents.save()
            record(sticker, "catalog_unknown_key", meant == nil ? "drop_key" : "rename_key",
                   meant.map { "\(file): '\(key)' renamed to '\($0)'" } ?? "\(file): unknown key '\(key)' dropped")
        } else {
            let meant = Self.configKeys[last]
            let source = String(decoding: try FileIO.read(path), as: UTF8.self)
            let edit = meant.map { "'\(key)' not renamed to '\($0)'" } ?? "'\(key)' not dropped"
            var editor = ConfigTextEditor(source)
            do { try editor.dropOrRename(key, to: meant) } catch {
                throw ConfigEditRefusal(file: file, edit: edit, reason: error.reason)
            }
            let components = key.split(separator: ".").map(String.init)
            let change: ConfigEditGuard.Change = meant.map { .rename(path: components, to: $0) } ?? .drop(path: components)
            if let reason = ConfigEditGuard(file: file).verify(source: source, edited: editor.text, change: change) {
                throw ConfigEditRefusal(file: file, edit: edit, reason: reason + "; change it by hand")
            }
            try FileIO.writeAtomically(Array(editor.text.utf8), to: path)
            record(sticker, "catalog_unknown_key", meant == nil ? "drop_key" : "rename_key",
                   meant.map { "\(file): '\(key)' renamed to '\($0)'" } ?? "\(file): unknown key '\(key)' dropped")
        }
    }

    private mutating func unlisted(_ folder: String) throws {
        let (packFolder, name) = Self.split(folder)
        var contents = try ContentsEditor(path: FileIO.join(root, FileIO.join(packFolder, "Contents.json")))
        var stickers = contents.list("stickers")
        guard !stickers.contains(where: { $0["filename"] == .string(name) }) else { return }
        stickers.append(["filename": .string(name)])
        contents.setList("stickers", stickers)
        try contents.save()
        record(XcodePackReader.stickerName(name), "catalog_unlisted_sticker", "list", "\(name) added to \(packFolder)/Contents.json")
    }

    private mutating func missing(_ file: String, listedIn: String, sticker: String?) throws {
        let listing = CatalogReader.parent(of: listedIn)
        if listing.hasSuffix(".stickerpack") {
            try unlist(Self.split(file).name, from: listing, why: "\(file) does not exist")
        } else if listing.hasSuffix(".sticker") {
            let (packFolder, name) = Self.split(listing)
            try unlist(name, from: packFolder, why: "its image \(file) does not exist")
        } else if listing.hasSuffix(".stickersequence") {
            var contents = try ContentsEditor(path: FileIO.join(root, listedIn))
            let name = Self.split(file).name
            let frames = contents.list("frames")
            let kept = frames.filter { $0["filename"] != .string(name) }
            guard kept.count < frames.count, !kept.isEmpty else { return }
            contents.setList("frames", kept)
            try contents.save()
            record(sticker, "catalog_missing_file", "unlist_frame",
                   "UNLISTED frame \(name) from \(listedIn): the file does not exist; the sequence now has "
                       + "\(NumberText.count(kept.count, "frame"))")
        }
    }

    private mutating func unlist(_ name: String, from packFolder: String, why: String) throws {
        var contents = try ContentsEditor(path: FileIO.join(root, FileIO.join(packFolder, "Contents.json")))
        let stickers = contents.list("stickers")
        let kept = stickers.filter { $0["filename"] != .string(name) }
        guard kept.count < stickers.count else { return }
        contents.setList("stickers", kept)
        try contents.save()
        record(nil, "catalog_missing_file", "unlist_sticker",
               "UNLISTED sticker \(name) from \(packFolder)/Contents.json: \(why); add the file and list it again to restore it")
    }

    private mutating func record(_ sticker: String?, _ rule: String, _ action: String, _ details: String) {
        records[sticker, default: []].append(FixRecord(rule: rule, action: action, details: details))
    }

    /// A path's parent folder and last component.
    static func split(_ path: String) -> (folder: String, name: String) {
        (CatalogReader.parent(of: path), CatalogReader.lastComponent(path))
    }
}
