import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// Where the project's files go inside the build folder (paths relative to it). The catalog stays
/// where the build always writes it, so manifest paths do not change.
public struct XcodeProjectLayout: Equatable, Sendable {
    /// The settings the names come from.
    public var settings: XcodeProjectSettings
    /// The layout for `settings`.
    public init(settings: XcodeProjectSettings) { self.settings = settings }

    /// `<App>.xcodeproj`.
    public var project: String { settings.appName + ".xcodeproj" }
    /// `<App>.xcodeproj/project.pbxproj`.
    public var pbxproj: String { project + "/project.pbxproj" }
    /// The workspace data Xcode keeps inside every project.
    public var workspaceData: String { project + "/project.xcworkspace/contents.xcworkspacedata" }
    /// The shared scheme, so `xcodebuild -scheme <App>` works on a fresh checkout.
    public var scheme: String { project + "/xcshareddata/xcschemes/" + settings.appName + ".xcscheme" }
    /// The app's Info.plist (`INFOPLIST_FILE` of the app target), in a folder named after the app as Xcode's template does.
    public var appInfoPlist: String { settings.appName + "/Info.plist" }
    /// The extension's Info.plist, in `<App> StickerPackExtension/`.
    public var extensionInfoPlist: String { settings.extensionName + "/Info.plist" }
    /// The catalog both targets' Resources phases hold.
    public var catalog: String { PackLayout.catalog }

    /// Top-level names in the build folder the app name must not take (its folder and project sit beside them).
    static let reservedNames = XcodeSettingRules.reservedNames
}
