import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// Every file of the Sticker Pack App project, by path relative to the build folder. The bytes
/// depend only on the settings, never on the stickers: a rebuild after a sticker changes produces
/// the same project files, which the writer then leaves untouched.
public enum XcodeProjectFiles {
    /// The project, the shared scheme, the workspace data and both Info.plists.
    public static func files(for settings: XcodeProjectSettings) -> [String: [UInt8]] {
        let project = StickerPackProject(settings: settings)
        let layout = project.layout
        return [
            layout.pbxproj: Array(project.render().utf8),
            layout.workspaceData: Array(XcodeSchemeWriter.workspaceData.utf8),
            layout.scheme: Array(XcodeSchemeWriter.scheme(project).utf8),
            layout.appInfoPlist: Array(InfoPlistWriter.app(settings).utf8),
            layout.extensionInfoPlist: Array(InfoPlistWriter.stickerPackExtension(settings).utf8),
        ]
    }
}
