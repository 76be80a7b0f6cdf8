extension StickerPack {
    /// This pack cut down to the stickers that `paths` belong to, for checking only those: a path
    /// selects the sticker that lists it as a file or whose folder is or holds it. A path no
    /// sticker lists becomes a sticker of its own (named after its `.sticker` folder or its file),
    /// checked with the pack's settings. Catalog problems are kept only for the chosen stickers and
    /// the icon set is left out, so the pack-level rules report only what concerns them.
    ///
    /// - Parameter paths: absolute, standardised paths; `root` is the pack's root as absolute path.
    /// - Returns: nil when a path is the pack's configured icon source, which only the whole pack's
    ///   rules judge.
    public func selecting(_ paths: [String], root: String) -> StickerPack? {
        var chosen: [Int] = []
        var extra: [StickerSource] = []
        for path in paths {
            guard let relative = RelativePath.relative(path, to: root), !relative.isEmpty else { return nil }
            if relative == config.icon { return nil }
            let matches = stickers.indices.filter { i in
                let sticker = stickers[i]
                if sticker.files.contains(relative) { return true }
                guard let folder = sticker.folder else { return false }
                return relative == folder || relative.hasPrefix(folder + "/")
            }
            if matches.isEmpty {
                // An unlisted sticker folder has no file to check; the catalog rules report it.
                let name = RelativePath.lastComponent(relative)
                if CheckTargetResolver.stickerExtensions.contains(where: { name.hasSuffix($0) }) { continue }
                if !extra.contains(where: { $0.files == [relative] }) { extra.append(Self.looseSticker(relative)) }
            } else {
                chosen += matches.filter { !chosen.contains($0) }
            }
        }
        let picked = chosen.sorted().map { stickers[$0] } + extra
        let names = Set(picked.map(\.name))
        let folders = Set(picked.compactMap(\.folder))
        var copy = self
        copy.stickers = picked
        copy.iconSet = nil
        copy.problems = problems.filter { problem in
            switch problem {
            case .invalid(_, _, let sticker), .missingFile(_, _, let sticker), .unknownKey(_, _, _, let sticker):
                return sticker.map(names.contains) ?? false
            case .unlistedSticker(let folder):
                return folders.contains(folder) || paths.contains { RelativePath.relative($0, to: root) == folder }
            }
        }
        return copy
    }

    /// A still sticker for a file the pack does not list: named after its `.sticker` folder when it
    /// sits in one, else after the file.
    static func looseSticker(_ relative: String) -> StickerSource {
        let parts = relative.split(separator: "/").map(String.init)
        let file = parts.last ?? relative
        if parts.count > 1, let folder = parts.dropLast().last,
           CheckTargetResolver.stickerExtensions.contains(where: { folder.hasSuffix($0) }) {
            return StickerSource(name: CatalogReader.dropExtension(folder), folder: nil, content: .file(relative),
                                 accessibilityLabel: nil)
        }
        return StickerSource(name: FolderPackReader.stem(file), folder: nil, content: .file(relative), accessibilityLabel: nil)
    }

    /// A pack of loose image files (absolute paths) in `folder` (absolute), shown as `shownRoot`,
    /// checked with the default settings: each file is a still or animated sticker named after it.
    public static func looseFiles(_ paths: [String], folder: String, shownRoot: String) -> StickerPack {
        let stickers = paths.compactMap { RelativePath.relative($0, to: folder) }.map(looseSticker)
        return StickerPack(name: RelativePath.lastComponent(folder), root: shownRoot, kind: .folder, gridSize: .regular,
                           stickers: stickers, iconSet: nil, problems: [])
    }
}
