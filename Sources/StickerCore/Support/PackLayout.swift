
/// Where things go inside the build folder (paths relative to it).
package enum PackLayout {
    /// The Xcode catalog.
    package static let catalog = "Stickers.xcstickers"
    /// The manifest.
    package static let manifest = "manifest.json"
    /// The icon set, named as Xcode's default app-icon build setting expects.
    package static let iconSet = catalog + "/iMessage App Icon.stickersiconset"

    /// The pack folder; a slash in the name would make a nested folder, so it becomes a hyphen.
    package static func pack(_ name: String) -> String {
        catalog + "/" + name.replacingOccurrences(of: "/", with: "-") + ".stickerpack"
    }

    /// Why a sticker name cannot be a folder name, or nil when it can.
    package static func problem(withStickerName name: String) -> String? {
        if name.isEmpty { return "the sticker has an empty name" }
        if name.contains("/") || name.contains("\\") { return "the name \"\(name)\" contains a path separator" }
        if name.hasPrefix(".") { return "the name \"\(name)\" starts with a dot (a hidden folder)" }
        return nil
    }
}
