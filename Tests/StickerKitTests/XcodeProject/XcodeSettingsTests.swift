import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// The rules for names, ids and versions; the `app:` section with line numbers; flags over config
/// over defaults.
final class XcodeSettingsTests: XCTestCase {
    func testNamesThatWouldBreakTheProjectAreRefusedWithTheFix() {
        for good in ["Party Animals", "Café Stickers", "Pack_2.0", "Tom & Jerry", "🦄 Pack"] {
            XCTAssertNil(XcodeSettingRules.appName(good), good)
        }
        let bad: [(String, String)] = [
            ("", "is empty"), ("A/B", "contains '/'"), ("Say \"hi\"", "contains '\"'"), ("It's", "contains '''"),
            ("Back\\slash", "contains '\\'"), ("Tab\there", "control character U+0009"), ("Cost $(HOME)", "contains '$'"),
            (" Lead", "starts or ends with a space"), (".hidden", "starts with '.'"), ("Stickers.xcstickers", "another file"),
            ("manifest.JSON", "another file"), (String(repeating: "x", count: 201), "201 bytes"),
        ]
        for (name, expected) in bad {
            let problem = XcodeSettingRules.appName(name)
            XCTAssertTrue(problem?.contains(expected) == true, "\(name): \(problem ?? "accepted")")
        }
        XCTAssertTrue(XcodeSettingRules.appName("A:B")?.contains("e.g. \"Party Animals\"") == true, "the fix names an example")
    }

    func testBundleIDsOutsideTheAllowedCharactersAreRefused() {
        for good in ["com.example.pack", "com.example.party-animals", "io.GitHub.Pack2"] {
            XCTAssertNil(XcodeSettingRules.bundleID(good), good)
        }
        let bad: [(String, String)] = [
            ("com.example.my_pack", "contains '_'"), ("com.exämple.pack", "contains U+00E4"), ("com example", "contains ' '"),
            ("com..example", "empty part"), (".com.example", "empty part"), ("com.example.", "empty part"), ("stickers", "one part"),
            ("", "is empty"), ("com.example.pack.StickerPackExtension", "added for the extension"), ("com.ex\"ample", "contains '\"'"),
        ]
        for (id, expected) in bad {
            let problem = XcodeSettingRules.bundleID(id)
            XCTAssertTrue(problem?.contains(expected) == true, "\(id): \(problem ?? "accepted")")
            XCTAssertTrue(problem?.contains("com.example") == true, "the fix shows an example: \(problem ?? "")")
        }
    }

    func testVersionsTeamsAndDeploymentTargets() {
        for good in ["1", "1.0", "1.2.3", "10.20.30"] { XCTAssertNil(XcodeSettingRules.version(good), good) }
        for bad in ["", "1.", "1.2.3.4", "v1", "1.0-beta", "1..2", " 1"] { XCTAssertNotNil(XcodeSettingRules.version(bad), bad) }
        XCTAssertNil(XcodeSettingRules.teamID("ABCDE12345"))
        for bad in ["abcde12345", "ABCDE1234", "ABCDE123456", "ABCDE-1234"] { XCTAssertNotNil(XcodeSettingRules.teamID(bad), bad) }
        for good in ["12.0", "12", "15.4", "17.0.1"] { XCTAssertNil(XcodeSettingRules.deploymentTarget(good), good) }
        XCTAssertTrue(XcodeSettingRules.deploymentTarget("10.0")?.contains("below 12.0, the lowest iOS deployment target current Xcode supports") == true)
        XCTAssertNotNil(XcodeSettingRules.deploymentTarget("11.4.9"))
    }

    func testAppSectionIsParsedWithLineNumbers() {
        let yaml = """
            name: Party
            app:
              name: Party Animals
              bundle_id: com.example.party
              version: 1.10
              build: 7
              team_id: ABCDE12345
              deployment_target: 15.0
              devices: [iphone]
            """
        let (config, problems) = PackConfig.parse(yaml, file: "stickerforge.yml")
        XCTAssertEqual(problems, [])
        XCTAssertEqual(config.app, AppConfig(name: "Party Animals", bundleID: "com.example.party", version: "1.10", build: "7",
                                             teamID: "ABCDE12345", deploymentTarget: "15.0", devices: .iphone))
        XCTAssertEqual(PackConfig.parse("app:\n  devices: ipad\n", file: "f").config.app.devices, .ipad)
        XCTAssertEqual(PackConfig.parse("app:\n  devices: [ipad, iphone]\n", file: "f").config.app.devices, .universal)
    }

    func testAppSectionProblemsCarryLineColumnAndFix() throws {
        let yaml = "app:\n  bundle_id: com.example.my_pack\n  versoin: 1.0\n  devices: [watch]\n  name: \"A/B\"\n"
        let (config, problems) = PackConfig.parse(yaml, file: "stickerforge.yml")
        XCTAssertEqual(config.app.problems.count, 4)
        XCTAssertEqual(problems.count, 4)
        let texts = config.app.problems.map(\.description)
        XCTAssertTrue(texts[0].hasPrefix("stickerforge.yml:2:14: 'app.bundle_id' contains '_'"), texts[0])
        XCTAssertEqual(texts[1], "stickerforge.yml:3:3: unknown key 'app.versoin' (did you mean 'app.version'?)")
        XCTAssertTrue(texts[2].hasPrefix("stickerforge.yml:4:13: 'app.devices' must be iphone, ipad"), texts[2])
        XCTAssertTrue(texts[3].hasPrefix("stickerforge.yml:5:9: 'app.name' contains '/'"), texts[3])
        XCTAssertNil(config.app.bundleID)
        XCTAssertThrowsError(try XcodeProjectSettings.resolve(flags: AppConfig(), config: config.app, packName: "P")) { error in
            let all = (error as? XcodeProjectError)?.all ?? []
            XCTAssertEqual(all.count, 4, "the rejected bundle id is reported as such, not also as missing: \(all)")
        }
        // An explicit --config file is strict: the same problems make it unusable.
        let folder = try TemporaryFolder()
        try folder.write("stickerforge.yml", Array(yaml.utf8))
        XCTAssertThrowsError(try PackConfig.load(from: folder.path + "/stickerforge.yml"))
    }

    func testFlagsWinOverConfigWhichWinsOverDefaults() throws {
        let config = AppConfig(name: "Config Name", bundleID: "com.config.app", version: "3.0", build: "9", teamID: "CCCCC11111")
        let defaults = try XcodeProjectSettings.resolve(flags: AppConfig(), config: AppConfig(bundleID: "com.x.y"), packName: "Pack Name")
        XCTAssertEqual(defaults, XcodeProjectSettings(appName: "Pack Name", bundleID: "com.x.y", marketingVersion: "1.0", buildNumber: "1",
                                                      teamID: nil, deploymentTarget: "12.0", devices: .universal))
        let fromConfig = try XcodeProjectSettings.resolve(flags: AppConfig(), config: config, packName: "Pack Name")
        XCTAssertEqual(fromConfig.appName, "Config Name")
        XCTAssertEqual(fromConfig.marketingVersion, "3.0")
        let flags = AppConfig(name: "Flag Name", bundleID: "com.flag.app", version: "4.5.6", build: "123", teamID: "FFFFF22222")
        let fromFlags = try XcodeProjectSettings.resolve(flags: flags, config: config, packName: "Pack Name")
        XCTAssertEqual(fromFlags, XcodeProjectSettings(appName: "Flag Name", bundleID: "com.flag.app", marketingVersion: "4.5.6",
                                                       buildNumber: "123", teamID: "FFFFF22222"))
        XCTAssertEqual(fromFlags.extensionBundleID, "com.flag.app.StickerPackExtension")
        XCTAssertEqual(fromFlags.extensionName, "Flag Name StickerPackExtension")
    }

    func testMissingBundleIDAndInvalidValuesAreReportedTogether() {
        XCTAssertThrowsError(try XcodeProjectSettings.resolve(flags: AppConfig(), config: AppConfig(), packName: "Pack")) { error in
            XCTAssertEqual(error as? XcodeProjectError, .missingBundleID)
            XCTAssertTrue("\(error)".contains("pass --bundle-id com.example.mypack"), "\(error)")
            XCTAssertTrue("\(error)".contains("--config"), "\(error)")
        }
        let flags = AppConfig(bundleID: "com.bad_id", version: "1.0-beta", teamID: "nope")
        XCTAssertThrowsError(try XcodeProjectSettings.resolve(flags: flags, config: AppConfig(), packName: "Bad/Pack")) { error in
            let all = (error as? XcodeProjectError)?.all.map(\.description) ?? []
            XCTAssertEqual(all.count, 4, "\(all)")
            XCTAssertTrue(all[0].hasPrefix("the pack name (the app name when --app-name and app.name are not given) \"Bad/Pack\" contains '/'"), all[0])
            XCTAssertTrue(all[1].hasPrefix("--bundle-id \"com.bad_id\" contains '_'"), all[1])
            XCTAssertTrue(all[2].hasPrefix("--marketing-version \"1.0-beta\" must be one to three whole numbers"), all[2])
            XCTAssertTrue(all[3].hasPrefix("--team-id \"nope\" must be the 10-character team id"), all[3])
        }
    }
}
