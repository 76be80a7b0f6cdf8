/// One pack `stickerforge check` reads for the paths it was given: a catalog checked whole, the
/// stickers of a catalog that some given files belong to, or loose image files with no pack.
public struct CheckTarget: Equatable, Sendable {
    /// What is checked.
    public enum Scope: Equatable, Sendable {
        /// Every sticker and the pack-level rules (a catalog given whole, or a file that describes
        /// the whole pack: its `stickerforge.yml`, the pack's or catalog's `Contents.json`, an icon).
        case wholePack
        /// Only the stickers these files and folders belong to (absolute paths), with the pack's
        /// settings; pack-level rules run only as far as they concern those stickers.
        case stickers([String])
        /// Image files with no enclosing pack (absolute paths), each checked as a sticker with the
        /// default settings.
        case looseFiles([String])
    }

    /// The catalog to read, as it is shown (relative to the working directory when inside it);
    /// for loose files, the folder that holds them.
    public var catalog: String
    /// What of it is checked.
    public var scope: Scope

    /// A target.
    public init(catalog: String, scope: Scope) { self.catalog = catalog; self.scope = scope }

    /// The paths this target was made from, for deciding which baseline entries it covers: the
    /// catalog for a whole pack, else the files and folders given (all as shown).
    public func coveredPaths(workingDirectory: String) -> [String] {
        switch scope {
        case .wholePack: return [catalog]
        case .stickers(let paths), .looseFiles(let paths):
            return paths.map { RelativePath.display($0, workingDirectory: workingDirectory) }
        }
    }
}

/// Why the paths given to `check` cannot be used.
public enum CheckTargetError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path does not exist.
    case notFound(path: String)
    /// A file that is neither an image nor a file that describes a pack.
    case notAStickerFile(path: String)

    /// A message naming the path and what to do.
    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(path): no such file or folder; give a sticker catalog, a folder of images or sticker image files"
        case .notAStickerFile(let path):
            return "\(path): not a sticker image (png, apng, gif, jpg, jpeg, webp, heic), Contents.json or "
                + "stickerforge.yml; give one of those or a sticker catalog"
        }
    }
}
