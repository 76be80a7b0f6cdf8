import Foundation

/// Turns the paths given to `stickerforge check` into the packs to read (docs/ci.md, "Files as
/// arguments"). Folders are catalogs, except `.sticker` and `.stickersequence` folders, which are
/// stickers of their pack. An image file is a sticker of the nearest enclosing pack: the nearest
/// folder above it that is an `.xcstickers`, `.xcassets` or `.stickerpack`, or that holds a
/// `stickerforge.yml`; with none it is a loose file checked with the defaults. A `Contents.json`
/// stands for the sticker whose folder holds it, or for the whole pack when it is the pack's,
/// the catalog's or the icon set's; a `stickerforge.yml` stands for the pack of its folder.
public struct CheckTargetResolver: Sendable {
    /// Extensions (lower case) of the files checked as sticker images.
    public static let imageExtensions: Set<String> = ["png", "apng", "gif", "jpg", "jpeg", "webp", "heic", "heif"]
    /// Folders that are catalogs by their name.
    static let catalogExtensions = [".xcstickers", ".xcassets", ".stickerpack"]
    /// Folders that are one sticker of a pack.
    static let stickerExtensions = [".sticker", ".stickersequence"]

    /// The absolute working directory relative paths start from.
    public var workingDirectory: String

    /// A resolver for paths relative to `workingDirectory` (absolute).
    public init(workingDirectory: String) { self.workingDirectory = workingDirectory }

    /// What to check for the given paths.
    public struct Plan: Equatable, Sendable {
        /// One target per pack, in the order first named.
        public var targets: [CheckTarget]
        /// Given paths that describe nothing a sticker pack is made of (a `Contents.json` of an
        /// asset catalog without stickers), as given; they are not checked.
        public var ignored: [String]
    }

    /// The packs to check for `paths`, one target per pack in the order first named; stickers of
    /// one pack are gathered into one target, and a pack named whole is checked whole once.
    /// - Throws: `CheckTargetError` for a path that does not exist or is not a sticker file.
    public func resolve(_ paths: [String]) throws -> Plan {
        var ignored: [String] = []
        var order: [String] = []
        var whole: Set<String> = []
        var selected: [String: [String]] = [:]
        var loose: [String: [String]] = [:]
        for given in paths {
            let path = RelativePath.absolute(given, workingDirectory: workingDirectory)
            let found = FileIO.kind(of: path)
            guard found.exists else { throw CheckTargetError.notFound(path: given) }
            guard let (catalog, item) = try place(path, isDirectory: found.isDirectory, given: given) else {
                ignored.append(given)
                continue
            }
            if !order.contains(catalog) { order.append(catalog) }
            switch item {
            case nil: whole.insert(catalog)
            case .some(let item) where enclosingCatalog(of: path) == nil && !found.isDirectory:
                loose[catalog, default: []].append(item)
            case .some(let item): selected[catalog, default: []].append(item)
            }
        }
        let targets = order.map { catalog -> CheckTarget in
            let shown = RelativePath.display(catalog, workingDirectory: workingDirectory)
            if whole.contains(catalog) { return CheckTarget(catalog: shown, scope: .wholePack) }
            if let files = loose[catalog] { return CheckTarget(catalog: shown, scope: .looseFiles(unique(files))) }
            return CheckTarget(catalog: shown, scope: .stickers(unique(selected[catalog] ?? [])))
        }
        return Plan(targets: targets, ignored: ignored)
    }

    /// The catalog `path` belongs to and the item to select in it (nil: the whole pack); nil for a
    /// `Contents.json` outside any sticker catalog.
    private func place(_ path: String, isDirectory: Bool, given: String) throws -> (catalog: String, item: String?)? {
        let name = RelativePath.lastComponent(path)
        if isDirectory {
            if Self.stickerExtensions.contains(where: { name.hasSuffix($0) }), let catalog = enclosingCatalog(of: path) {
                return (catalog, path)
            }
            return (path, nil)
        }
        let folder = RelativePath.parent(path)
        if name == PackConfig.fileName || name == "stickerforge.yaml" { return (folder, nil) }
        if name == "Contents.json" {
            let folderName = RelativePath.lastComponent(folder)
            if Self.stickerExtensions.contains(where: { folderName.hasSuffix($0) }), let catalog = enclosingCatalog(of: folder) {
                return (catalog, folder)
            }
            return enclosingCatalog(of: folder, includingItself: true).map { ($0, nil) }
        }
        let ext = name.split(separator: ".").count > 1 ? String(name.split(separator: ".").last ?? "").lowercased() : ""
        guard Self.imageExtensions.contains(ext) else { throw CheckTargetError.notAStickerFile(path: given) }
        if let catalog = enclosingCatalog(of: path) {
            // Icons and the configured icon source are judged by the pack rules: check the pack.
            return (catalog, path.contains(".stickersiconset/") ? nil : path)
        }
        return (folder, path)
    }

    /// The nearest folder above `path` (or `path` itself when `includingItself`) that is a pack.
    func enclosingCatalog(of path: String, includingItself: Bool = false) -> String? {
        var folder = includingItself ? path : RelativePath.parent(path)
        while true {
            let name = RelativePath.lastComponent(folder)
            if Self.catalogExtensions.contains(where: { name.hasSuffix($0) }), isStickerCatalog(folder) {
                // A .stickerpack inside a catalog is read through the catalog, whose root it shares.
                let above = RelativePath.parent(folder)
                let aboveName = RelativePath.lastComponent(above)
                return name.hasSuffix(".stickerpack") && Self.catalogExtensions.contains(where: { aboveName.hasSuffix($0) })
                    ? above : folder
            }
            if FileIO.kind(of: RelativePath.join(folder, PackConfig.fileName)).exists { return folder }
            if folder == "/" { return nil }
            folder = RelativePath.parent(folder)
        }
    }

    /// An `.xcassets` is a sticker catalog only when it holds a `.stickerpack` (an app's asset
    /// catalog is not); `.xcstickers` and `.stickerpack` always are.
    private func isStickerCatalog(_ folder: String) -> Bool {
        guard folder.hasSuffix(".xcassets") else { return true }
        let children = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []  // unlistable: not ours to judge
        return children.contains { $0.hasSuffix(".stickerpack") }
    }

    private func unique(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }
}
