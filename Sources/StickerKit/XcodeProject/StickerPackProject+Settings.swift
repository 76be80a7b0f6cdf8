import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

extension StickerPackProject {
    /// Project-level settings: the SDK and deployment target, debug information per configuration.
    func projectSettings(debug: Bool) -> [String: String] {
        var values = [
            "ALWAYS_SEARCH_USER_PATHS": "NO",
            "COPY_PHASE_STRIP": "NO",
            "IPHONEOS_DEPLOYMENT_TARGET": settings.deploymentTarget,
            "SDKROOT": "iphoneos",
        ]
        if debug {
            values["DEBUG_INFORMATION_FORMAT"] = "dwarf"
            values["ENABLE_TESTABILITY"] = "YES"
            values["ONLY_ACTIVE_ARCH"] = "YES"
        } else {
            values["DEBUG_INFORMATION_FORMAT"] = "dwarf-with-dsym"
            values["VALIDATE_PRODUCT"] = "YES"
        }
        return values
    }

    /// Settings both targets share, as every Xcode-made sticker project has them.
    private var targetSettings: [String: String] {
        var values = [
            "ASSETCATALOG_COMPILER_APPICON_NAME": Self.appIconName,
            "CODE_SIGN_STYLE": "Automatic",
            "CURRENT_PROJECT_VERSION": settings.buildNumber,
            "IPHONEOS_DEPLOYMENT_TARGET": settings.deploymentTarget,
            "MARKETING_VERSION": settings.marketingVersion,
            "PRODUCT_NAME": "$(TARGET_NAME)",
            "TARGETED_DEVICE_FAMILY": settings.devices.targetedDeviceFamily,
        ]
        if let team = settings.teamID { values["DEVELOPMENT_TEAM"] = team }
        return values
    }

    /// The Messages app target.
    var appSettings: [String: String] {
        targetSettings.merging([
            "INFOPLIST_FILE": layout.appInfoPlist,
            "PRODUCT_BUNDLE_IDENTIFIER": settings.bundleID,
        ]) { _, new in new }
    }

    /// The sticker pack extension target; `SKIP_INSTALL` because it ships inside the app.
    var extensionSettings: [String: String] {
        targetSettings.merging([
            "INFOPLIST_FILE": layout.extensionInfoPlist,
            "PRODUCT_BUNDLE_IDENTIFIER": settings.extensionBundleID,
            "SKIP_INSTALL": "YES",
        ]) { _, new in new }
    }
}
