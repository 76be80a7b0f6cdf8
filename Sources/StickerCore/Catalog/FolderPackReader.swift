import Foundation

/// Reads a plain folder: each file is a still sticker, each subfolder a sequence whose files are its
/// frames in natural order (`f2` before `f10`). Files of any extension become stickers, so that
/// `check` can report an unsupported format instead of silently skipping it.
package struct FolderPackReader {
    /// System clutter and the configuration itself, never stickers.
    static let ignoredNames: Set<String> = ["Thumbs.db", "desktop.ini", PackConfig.fileName, "stickerforge.yaml"]

    let fileSystem: CatalogFileSystem
    let config: PackConfig
    var problems: [CatalogProblem] = []

    init(fileSystem: CatalogFileSystem, config: PackConfig) { self.fileSystem = fileSystem; self.config = config }

    /// Stickers in natural order of their file names, with default timing (`config.fps`, `config.loops`);
    /// per-sticker settings, labels and `order` are applied afterwards by `PackConfigApplier`.
    mutating func read(children: [String]) -> [StickerSource] {
        var stickers: [StickerSource] = []
        for child in children where !isIgnored(child, in: "") {
            let name = Self.stem(child)
            switch fileSystem.entry(child) {
            case .file:
                stickers.append(StickerSource(name: name, folder: nil, content: .file(child), accessibilityLabel: nil))
            case .directory:
                if let sticker = readSequence(folder: child) { stickers.append(sticker) }
            case .missing:
                problems.append(.invalid(file: child, reason: Self.missingReason(child), sticker: name))
            case .unsafe(let reason), .unreadable(let reason):
                problems.append(.invalid(file: child, reason: reason, sticker: name))
            }
        }
        reportDuplicateNames(stickers)
        return stickers
    }

    /// A file name without its extension (`wave.png` -> `wave`; `.hidden` and `noext` unchanged).
    /// Why a listed name cannot be found again: a dangling link, or a name whose bytes are not UTF-8
    /// (Foundation lists it with U+FFFD in place of the bad bytes, a name that does not exist).
    static func missingReason(_ name: String) -> String {
        name.unicodeScalars.contains("\u{FFFD}")
            ? "has a name that is not valid UTF-8, so it cannot be opened by name; rename it"
            : "is a broken symbolic link"
    }

    package static func stem(_ fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return fileName }
        return String(fileName[..<dot])
    }

    private mutating func readSequence(folder: String) -> StickerSource? {
        let children: [String]
        do { children = try fileSystem.children(of: folder) } catch {
            problems.append(.invalid(file: folder, reason: "cannot be listed: \(error.localizedDescription)",
                                     sticker: folder))
            return nil
        }
        var frames: [String] = []
        for child in children where !isIgnored(child, in: folder) {
            let path = CatalogFileSystem.join(folder, child)
            switch fileSystem.entry(path) {
            case .file: frames.append(path)
            case .directory:
                problems.append(.invalid(file: path, reason: "is a folder inside a sequence folder; it is not read",
                                         sticker: folder))
            case .missing:
                problems.append(.invalid(file: path, reason: Self.missingReason(child), sticker: folder))
            case .unsafe(let reason), .unreadable(let reason):
                problems.append(.invalid(file: path, reason: reason, sticker: folder))
            }
        }
        guard !frames.isEmpty else {
            // A folder of the pack's own art (`tray: art/tray.png`, `icon: art/icon.png`) is not a
            // sticker: `check` and `build` both pass over it.
            let packArt = [config.icon, config.tray].compactMap { $0 }
            let holdsOnlyPackArt = children.contains { packArt.contains(CatalogFileSystem.join(folder, $0)) }
                && children.allSatisfy { $0.hasPrefix(".") || Self.ignoredNames.contains($0) || packArt.contains(CatalogFileSystem.join(folder, $0)) }
            if !holdsOnlyPackArt {
                problems.append(.invalid(file: folder, reason: "holds no image files to use as frames", sticker: folder))
            }
            return nil
        }
        let content = StickerContent.sequence(frames: frames, timing: .fps(config.fps),
                                              repetitions: SequenceSettings.repetitions(forLoops: config.loops))
        return StickerSource(name: folder, folder: folder, content: content, accessibilityLabel: nil)
    }

    private func isIgnored(_ name: String, in folder: String) -> Bool {
        name.hasPrefix(".") || Self.ignoredNames.contains(name)
            || CatalogFileSystem.join(folder, name) == config.icon || CatalogFileSystem.join(folder, name) == config.tray
            || (folder.isEmpty && config.ignore.contains(name))
    }

    /// Sticker names key labels, settings and output files, so two files called `wave.*` are reported.
    private mutating func reportDuplicateNames(_ stickers: [StickerSource]) {
        var firstFile: [String: String] = [:]
        for sticker in stickers {
            let file = sticker.folder ?? sticker.files.first ?? sticker.name
            if let earlier = firstFile[sticker.name] {
                problems.append(.invalid(file: file, reason: "another sticker is also named '\(sticker.name)' "
                                         + "(\(earlier)); sticker names must be unique", sticker: sticker.name))
            } else {
                firstFile[sticker.name] = file
            }
        }
    }
}
