/// The `app:` section of `stickerforge.yml`: what `build --xcode-project` writes into the Sticker
/// Pack App project (docs/config.md). Values are checked as they are read, with their line numbers
/// (`XcodeSettingRules`); a value with a problem is left out and the problem is kept here too, so
/// that `--xcode-project` can refuse to write a project without it.
public struct AppConfig: Equatable, Sendable {
    /// `app.name`: the app, project, scheme and display name (default: the pack name).
    public var name: String?
    /// `app.bundle_id`: the app's bundle id; the extension's is this plus `.StickerPackExtension`.
    public var bundleID: String?
    /// `app.version`: `MARKETING_VERSION` (default 1.0).
    public var version: String?
    /// `app.build`: `CURRENT_PROJECT_VERSION` (default 1).
    public var build: String?
    /// `app.team_id`: `DEVELOPMENT_TEAM` (default: none; Xcode asks).
    public var teamID: String?
    /// `app.deployment_target`: `IPHONEOS_DEPLOYMENT_TARGET` (default 12.0).
    public var deploymentTarget: String?
    /// `app.devices`: iPhone, iPad or both (default both).
    public var devices: DeviceFamily?
    /// Problems met reading the section, in file order.
    public var problems: [ConfigError] = []

    /// Every key the section accepts.
    public static let keys = ["name", "bundle_id", "version", "build", "team_id", "deployment_target", "devices"]

    /// Values as given; nil = not set.
    public init(name: String? = nil, bundleID: String? = nil, version: String? = nil, build: String? = nil,
                teamID: String? = nil, deploymentTarget: String? = nil, devices: DeviceFamily? = nil) {
        self.name = name; self.bundleID = bundleID; self.version = version; self.build = build
        self.teamID = teamID; self.deploymentTarget = deploymentTarget; self.devices = devices
    }
}
