import ArgumentParser
import StickerKit

/// `--xcode-project` and the app settings that go with it (docs/xcode.md). Flags win over the
/// `app:` section of `stickerforge.yml`, which wins over the defaults.
struct XcodeProjectOptions: ParsableArguments {
    @Flag(name: .customLong("xcode-project"),
          help: "Also write the Sticker Pack App project (<App>.xcodeproj, Info.plists, shared scheme) around the catalog.")
    var enabled = false

    @Option(name: .customLong("bundle-id"), help: "With --xcode-project, the app's bundle id (the extension's adds .StickerPackExtension).")
    var bundleID: String?

    @Option(name: .customLong("app-name"), help: "With --xcode-project, the app, project and scheme name (default: the pack name).")
    var appName: String?

    @Option(name: .customLong("marketing-version"), help: ArgumentHelp("With --xcode-project, MARKETING_VERSION (default 1.0).",
                                                                     valueName: "X.Y.Z"))
    var marketingVersion: String?

    @Option(name: .customLong("build-number"), help: ArgumentHelp("With --xcode-project, CURRENT_PROJECT_VERSION (default 1), e.g. a CI run number.",
                                                                 valueName: "N"))
    var buildNumber: String?

    @Option(name: .customLong("team-id"), help: "With --xcode-project, DEVELOPMENT_TEAM (10 characters; default: none).")
    var teamID: String?

    @Flag(name: .customLong("check-phase"),
          help: "With --xcode-project, add a Run Script phase that runs `stickerforge check --format xcode` on the catalog in every Xcode build.")
    var checkPhase = false

    func validate() throws {
        let given = [("--bundle-id", bundleID), ("--app-name", appName), ("--marketing-version", marketingVersion),
                     ("--build-number", buildNumber), ("--team-id", teamID), ("--check-phase", checkPhase ? "" : nil)]
            .filter { $0.1 != nil }.map(\.0)
        if !enabled, !given.isEmpty {
            throw ValidationError("\(given.joined(separator: ", ")) \(given.count == 1 ? "goes" : "go") with --xcode-project")
        }
    }

    /// The project settings for `pack`, or nil without `--xcode-project`.
    /// - Throws: exit 2 (`Console.fail`) after printing every problem (a missing bundle id says how to give one).
    func settings(for pack: StickerPack, console: Console) throws -> XcodeProjectSettings? {
        guard enabled else { return nil }
        let flags = AppConfig(name: appName, bundleID: bundleID, version: marketingVersion, build: buildNumber, teamID: teamID)
        do {
            var settings = try XcodeProjectSettings.resolve(flags: flags, config: pack.config.app, packName: pack.name)
            settings.checkPhase = checkPhase
            return settings
        } catch let error as XcodeProjectError {
            throw console.fail(error)   // every problem on its own line
        }
    }
}
