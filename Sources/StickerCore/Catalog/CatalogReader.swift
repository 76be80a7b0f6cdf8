import Foundation
import ImageCodec

/// Reads a sticker catalog from disk into a `StickerPack`, for `stickerforge check` and `build`.
///
/// It accepts an Xcode `.xcstickers` catalog, a `.stickerpack` (its parent folder becomes the catalog
/// root), an `.xcassets` or any folder that contains a `.stickerpack`; any other folder is read as a
/// plain folder of images. Only a path that cannot be read at all throws (`CatalogError`); every other
/// problem is collected in `StickerPack.problems` and reading goes on. Nothing named by a catalog is
/// opened when it leaves the catalog root (`/`, `..`, absolute paths, outward symbolic links) or is
/// not a regular file.
public struct CatalogReader: Sendable {
    /// A reader; it holds no state and uses no shared file manager.
    public init() {}

    /// Reads the catalog at `path`. When `config` is nil, `stickerforge.yml` at the catalog root is
    /// read if present and its problems join the pack's; a given `config` is used as is.
    public func read(at path: String, config: PackConfig?) throws -> StickerPack {
        let given = try CatalogFileSystem(root: path)
        let base = Self.lastComponent(given.root)
        if base.hasSuffix(".stickerpack") {
            let root = try CatalogFileSystem(root: Self.parent(of: given.root))
            return readXcode(root, packFolder: base, otherPacks: [], config: config)
        }
        let children: [String]
        do { children = try given.children(of: "") } catch {
            throw CatalogError.unreadable(path: path, reason: error.localizedDescription)
        }
        // A pack that is a link out of the catalog still counts here, so that it is reported, not skipped.
        let packs = children.filter { $0.hasSuffix(".stickerpack") && given.entry($0) != .file }
        if base.hasSuffix(".xcstickers") || base.hasSuffix(".xcassets") || !packs.isEmpty {
            return readXcode(given, packFolder: packs.first, otherPacks: Array(packs.dropFirst()), config: config)
        }
        return readFolder(given, children: children, config: config)
    }

    private func readXcode(_ fileSystem: CatalogFileSystem, packFolder: String?, otherPacks: [String],
                           config given: PackConfig?) -> StickerPack {
        var problems: [CatalogProblem] = []
        let config = given ?? loadConfig(fileSystem, problems: &problems)
        let rootName = Self.lastComponent(fileSystem.realRoot)
        if rootName.hasSuffix(".xcstickers") || rootName.hasSuffix(".xcassets"),
           fileSystem.entry("Contents.json") != .missing {
            // The root Contents.json is optional; when present it must still be well formed.
            _ = ContentsFile.load(folder: "", fileSystem: fileSystem, topKeys: ["info", "properties"], sticker: nil,
                                  problems: &problems)
        }
        var gridSize = GridSize.regular
        var stickers: [StickerSource] = []
        if let packFolder, case let entry = fileSystem.entry(packFolder), entry != .directory {
            let reason: String
            switch entry {
            case .unsafe(let text), .unreadable(let text): reason = text
            case .missing: reason = "is a broken symbolic link"
            default: reason = "is not a folder"
            }
            problems.append(.invalid(file: packFolder, reason: reason, sticker: nil))
        } else if let packFolder {
            var reader = XcodePackReader(fileSystem: fileSystem)
            (gridSize, stickers) = reader.read(packFolder: packFolder)
            problems += reader.problems
        } else {
            problems.append(.invalid(file: ".", reason: "the catalog holds no .stickerpack folder", sticker: nil))
        }
        for other in otherPacks {
            problems.append(.invalid(file: other, reason: "a catalog holds one sticker pack; '\(packFolder ?? "")' "
                                     + "was read and this one was not", sticker: nil))
        }
        var iconReader = IconSetReader(fileSystem: fileSystem)
        let iconSet = iconReader.read(in: "")
        problems += iconReader.problems
        var applier = PackConfigApplier(config: config, fileSystem: fileSystem)
        applier.apply(to: &stickers)
        problems += applier.problems
        let defaultName = rootName.hasSuffix(".xcstickers") || packFolder == nil
            ? Self.dropExtension(rootName) : Self.dropExtension(packFolder ?? rootName)
        return StickerPack(name: config.name ?? defaultName, root: fileSystem.root, kind: .xcstickers,
                           gridSize: config.gridSize ?? gridSize, stickers: stickers, iconSet: iconSet,
                           problems: problems, config: config)
    }

    private func readFolder(_ fileSystem: CatalogFileSystem, children: [String], config given: PackConfig?) -> StickerPack {
        var problems: [CatalogProblem] = []
        let config = given ?? loadConfig(fileSystem, problems: &problems)
        var reader = FolderPackReader(fileSystem: fileSystem, config: config)
        var stickers = reader.read(children: children)
        problems += reader.problems
        var applier = PackConfigApplier(config: config, fileSystem: fileSystem)
        applier.apply(to: &stickers)
        problems += applier.problems
        return StickerPack(name: config.name ?? Self.lastComponent(fileSystem.realRoot), root: fileSystem.root,
                           kind: .folder, gridSize: config.gridSize ?? .regular, stickers: stickers, iconSet: nil,
                           problems: problems, config: config)
    }

    /// `stickerforge.yml` at the root, or the defaults when there is none.
    private func loadConfig(_ fileSystem: CatalogFileSystem, problems: inout [CatalogProblem]) -> PackConfig {
        let file = PackConfig.fileName
        switch fileSystem.entry(file) {
        case .missing: return PackConfig()
        case .directory:
            problems.append(.invalid(file: file, reason: "is a folder, not a file", sticker: nil))
        case .unsafe(let reason), .unreadable(let reason):
            problems.append(.invalid(file: file, reason: reason, sticker: nil))
        case .file:
            do {
                guard let text = String(data: try fileSystem.read(file), encoding: .utf8) else {
                    problems.append(.invalid(file: file, reason: "is not UTF-8 text", sticker: nil))
                    return PackConfig()
                }
                let parsed = PackConfig.parse(text, file: file)
                problems += parsed.problems
                return parsed.config
            } catch {
                problems.append(.invalid(file: file, reason: "cannot be read: \(error.localizedDescription)", sticker: nil))
            }
        }
        return PackConfig()
    }

    package static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    package static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    package static func dropExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
