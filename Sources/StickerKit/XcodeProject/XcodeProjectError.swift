import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// Why the Sticker Pack App project cannot be written. Every message says how to fix it.
public enum XcodeProjectError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No bundle id from a flag or the configuration.
    case missingBundleID
    /// A value that would break the project or the store; `source` names where it came from
    /// (`--bundle-id`, or the pack name used as the app name).
    case invalidSetting(source: String, value: String, reason: String)
    /// A problem in the `app:` section of `stickerforge.yml`.
    case config(ConfigError)
    /// More than one of the above.
    case several([XcodeProjectError])

    public var description: String {
        switch self {
        case .missingBundleID:
            return "--xcode-project needs a bundle id: pass --bundle-id com.example.mypack, or set it in stickerforge.yml "
                + "as `app:` / `bundle_id: com.example.mypack` (for an .xcstickers catalog, point --config at that file); "
                + "the extension's id is the app's plus .\(XcodeProjectSettings.extensionSuffix)"
        case let .invalidSetting(source, value, reason):
            return "\(source) \"\(value)\" \(reason)"
        case .config(let error):
            return error.description
        case .several(let errors):
            return errors.map(\.description).joined(separator: "\n")
        }
    }

    /// One error per line of `description`, for printing each as `error: ...`.
    public var all: [XcodeProjectError] {
        if case .several(let errors) = self { return errors.flatMap(\.all) }
        return [self]
    }
}

extension XcodeProjectSettings {
    /// The settings from command-line values (`flags`, which win), the `app:` section of the
    /// configuration (`config`) and the defaults, with the pack name as the default app name.
    /// - Throws: `XcodeProjectError` listing every problem: the configuration's `app:` problems, each
    ///   invalid value with where it came from, and a missing bundle id.
    public static func resolve(flags: AppConfig, config: AppConfig, packName: String) throws -> XcodeProjectSettings {
        var errors = config.problems.map(XcodeProjectError.config)
        func pick(_ flag: String?, _ option: String, _ configured: String?, _ key: String,
                  default fallback: String?, fallbackSource: String = "", rule: (String) -> String?) -> String? {
            let (value, source) = flag.map { ($0, option) } ?? configured.map { ($0, "app.\(key) in stickerforge.yml") }
                ?? (fallback.map { ($0, fallbackSource) } ?? ("", ""))
            guard flag != nil || configured != nil || fallback != nil else { return nil }
            if let problem = rule(value) {
                errors.append(.invalidSetting(source: source, value: value, reason: problem))
                return nil
            }
            return value
        }
        let name = pick(flags.name, "--app-name", config.name, "name", default: packName,
                        fallbackSource: "the pack name (the app name when --app-name and app.name are not given)",
                        rule: XcodeSettingRules.appName)
        let bundleID = pick(flags.bundleID, "--bundle-id", config.bundleID, "bundle_id", default: nil, rule: XcodeSettingRules.bundleID)
        let version = pick(flags.version, "--marketing-version", config.version, "version", default: defaultVersion) {
            XcodeSettingRules.version($0)
        }
        let build = pick(flags.build, "--build-number", config.build, "build", default: defaultBuild) {
            XcodeSettingRules.version($0, example: "42")
        }
        let team = pick(flags.teamID, "--team-id", config.teamID, "team_id", default: nil, rule: XcodeSettingRules.teamID)
        let target = pick(flags.deploymentTarget, "--deployment-target", config.deploymentTarget, "deployment_target",
                          default: lowestDeploymentTarget, rule: XcodeSettingRules.deploymentTarget)
        // A bundle id the configuration gave but the parser rejected is already reported as that.
        let rejectedBundleID = config.problems.contains {
            if case .invalidValue(_, _, _, key: "app.bundle_id", _) = $0 { return true }
            return false
        }
        if flags.bundleID == nil && config.bundleID == nil && !rejectedBundleID { errors.append(.missingBundleID) }
        guard errors.isEmpty, let name, let bundleID, let version, let build, let target else {
            throw errors.count == 1 ? errors[0] : XcodeProjectError.several(errors)
        }
        return XcodeProjectSettings(appName: name, bundleID: bundleID, marketingVersion: version, buildNumber: build,
                                    teamID: team, deploymentTarget: target, devices: flags.devices ?? config.devices ?? .universal)
    }
}
