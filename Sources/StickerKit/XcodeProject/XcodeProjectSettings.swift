import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules


/// Everything the generated Sticker Pack App project depends on. Two builds with equal settings
/// write byte-identical project files (docs/xcode-project.md); nothing here depends on the stickers.
public struct XcodeProjectSettings: Equatable, Sendable {
    /// The app target, its product and scheme (`<appName>.xcodeproj`, `<appName>.app`); also the
    /// name under the icon (`CFBundleDisplayName`).
    public var appName: String
    /// The app's `PRODUCT_BUNDLE_IDENTIFIER`.
    public var bundleID: String
    /// `MARKETING_VERSION` (`CFBundleShortVersionString`).
    public var marketingVersion: String
    /// `CURRENT_PROJECT_VERSION` (`CFBundleVersion`).
    public var buildNumber: String
    /// `DEVELOPMENT_TEAM`; nil leaves signing to whoever opens the project.
    public var teamID: String?
    /// `IPHONEOS_DEPLOYMENT_TARGET`.
    public var deploymentTarget: String
    /// `TARGETED_DEVICE_FAMILY`.
    public var devices: DeviceFamily
    /// `build --check-phase`: a Run Script phase on the extension target runs `stickerforge check
    /// --format xcode` on the catalog, so Xcode lists the findings and an error fails the build.
    public var checkPhase = false

    /// 1.0, build 1, no team, iOS 12.0, iPhone and iPad: the defaults docs/xcode.md lists.
    public init(appName: String, bundleID: String, marketingVersion: String = XcodeProjectSettings.defaultVersion,
                buildNumber: String = XcodeProjectSettings.defaultBuild, teamID: String? = nil,
                deploymentTarget: String = XcodeProjectSettings.lowestDeploymentTarget, devices: DeviceFamily = .universal) {
        self.appName = appName; self.bundleID = bundleID; self.marketingVersion = marketingVersion
        self.buildNumber = buildNumber; self.teamID = teamID; self.deploymentTarget = deploymentTarget; self.devices = devices
    }

    /// `MARKETING_VERSION` when none is given.
    public static let defaultVersion = "1.0"
    /// `CURRENT_PROJECT_VERSION` when none is given.
    public static let defaultBuild = "1"
    /// The lowest iOS deployment target current Xcode supports (docs/xcode-project.md: sticker packs exist
    /// from iOS 10, but current Xcode's lowest iOS deployment target is 12.0).
    public static let lowestDeploymentTarget = XcodeSettingRules.lowestDeploymentTarget
    /// Xcode's suffix for the extension's bundle id and target name.
    public static let extensionSuffix = XcodeSettingRules.extensionSuffix

    /// The sticker pack extension target and product name (`<appName> StickerPackExtension`).
    public var extensionName: String { appName + " " + Self.extensionSuffix }
    /// The extension's bundle id: the app's plus `.StickerPackExtension` (Xcode refuses to embed an
    /// extension whose id is not prefixed by the app's).
    public var extensionBundleID: String { bundleID + "." + Self.extensionSuffix }
}
