import Foundation
import ImageCodec
import TestSupport
import XCTest

/// `build --xcode-project` through the built binary: the sample's project from its `app:` section,
/// flags over the configuration, a missing bundle id and invalid names refused before anything is
/// written, missing App Store icons failing the build, and rebuilds that leave the project alone.
final class XcodeProjectEndToEndTests: CLIEndToEndTestCase {
    /// A one-sticker plain folder, `Mini/heart.png` (a 300 px square with a transparent margin, quick
    /// to encode), optionally with a stickerforge.yml.
    private func mini(config: String? = nil) throws {
        try temp.makeFolder("Mini")
        try temp.write(try Self.square(RGBA(220, 40, 60)), to: "Mini/heart.png")
        if let config { try temp.write(Array(config.utf8), to: "Mini/stickerforge.yml") }
    }

    func testFlagsWinOverTheConfiguration() throws {
        try mini(config: "app:\n  name: Config Mini\n  bundle_id: com.config.mini\n  version: 3.0\n  build: 9\n")
        let result = try run(["build", "Mini", "--output", "OUT", "--effort", "fast", "-q", "--xcode-project",
                              "--bundle-id", "com.flag.mini", "--app-name", "Flag Mini", "--marketing-version", "2.3.4",
                              "--build-number", "77", "--team-id", "ABCDE12345", "--rule", "icon_slot_missing=warning"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: temp.path("OUT/Config Mini.xcodeproj")))
        let app = try WrittenProject.releaseSettings(temp.path("OUT/Flag Mini.xcodeproj/project.pbxproj"), target: "Flag Mini")
        XCTAssertEqual(app["PRODUCT_BUNDLE_IDENTIFIER"], "com.flag.mini")
        XCTAssertEqual(app["MARKETING_VERSION"], "2.3.4")
        XCTAssertEqual(app["CURRENT_PROJECT_VERSION"], "77")
        XCTAssertEqual(app["DEVELOPMENT_TEAM"], "ABCDE12345")
        let plist = try PropertyListSerialization.propertyList(
            from: Data(try CLIPaths.bytes(temp.path("OUT/Flag Mini StickerPackExtension/Info.plist"))), format: nil) as? [String: Any]
        XCTAssertEqual(plist?["CFBundleDisplayName"] as? String, "Flag Mini")
    }

    func testNoBundleIDExits2AndSaysHowToGiveOne() throws {
        try mini()
        let result = try run(["build", "Mini", "--output", "OUT", "--effort", "fast", "-q", "--xcode-project"])
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("error: --xcode-project needs a bundle id: pass --bundle-id com.example.mypack, "
                                             + "or set it in stickerforge.yml as `app:` / `bundle_id: com.example.mypack`"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: temp.path("OUT")), "nothing is written")
    }

    func testInvalidNamesAreRefusedBeforeAnythingIsWritten() throws {
        try mini()
        let result = try run(["build", "Mini", "--output", "OUT", "-q", "--xcode-project", "--app-name", "Bad/Name",
                              "--bundle-id", "com.bad_id", "--build-number", "7b"])
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("error: --app-name \"Bad/Name\" contains '/'"), result.stderr)
        XCTAssertTrue(result.stderr.contains("error: --bundle-id \"com.bad_id\" contains '_'; a bundle id may hold only A-Z, a-z, 0-9, '-' and '.'"),
                      result.stderr)
        XCTAssertTrue(result.stderr.contains("error: --build-number \"7b\" must be one to three whole numbers"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: temp.path("OUT")))

        try temp.write(Array("app:\n  bundle_id: \"com.x y\"\n".utf8), to: "Mini/stickerforge.yml")
        let config = try run(["build", "Mini", "--output", "OUT", "-q", "--xcode-project"])
        XCTAssertEqual(config.status, 2, config.stdout + config.stderr)
        XCTAssertTrue(config.stderr.contains("error: stickerforge.yml:2:14: 'app.bundle_id' contains ' '"), config.stderr)
        XCTAssertFalse(config.stderr.contains("needs a bundle id"), "the rejected id is reported as such: \(config.stderr)")

        let usage = try run(["build", "Mini", "--output", "OUT", "--bundle-id", "com.example.mini"])
        XCTAssertEqual(usage.status, 64, usage.stderr)
        XCTAssertTrue(usage.stderr.contains("--bundle-id goes with --xcode-project"), usage.stderr)
    }

    func testMissingAppStoreIconsFailOnlyAnXcodeProjectBuild() throws {
        try mini()
        let plain = try run(["build", "Mini", "--output", "OUT", "--effort", "fast", "-q"])
        XCTAssertEqual(plain.status, 0, plain.stdout + plain.stderr)
        XCTAssertTrue(plain.stdout.contains("warning icon_slot_missing: no Messages app icon set"), plain.stdout)
        let project = try run(["build", "Mini", "--output", "OUT", "--effort", "fast", "-q", "--xcode-project", "--bundle-id", "com.example.mini"])
        XCTAssertEqual(project.status, 1, project.stdout + project.stderr)
        XCTAssertTrue(project.stdout.contains("error   icon_slot_missing: no Messages app icon set"), project.stdout)
        XCTAssertTrue(project.stdout.contains("App Store Connect rejects an upload without the App Store icons"), project.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: temp.path("OUT/Mini.xcodeproj/project.pbxproj")), "written and reported")
    }

    /// A 300x300 PNG: transparent, with a square of `colour` in the middle.
    private static func square(_ colour: RGBA) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: 300 * 300 * 4)
        for y in 40..<260 {
            for x in 40..<260 {
                let i = (y * 300 + x) * 4
                (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = (colour.r, colour.g, colour.b, colour.a)
            }
        }
        return try PNGEncoder().encode(PixelBuffer(width: 300, height: 300, pixels: pixels))
    }

    func testAnIconFlagDrawsEverySlotSoNoIconFindingBlocksTheUpload() throws {
        try mini()
        try temp.write(try PNGEncoder().encode(PixelBuffer(width: 8, height: 8, fill: RGBA(200, 30, 30))), to: "icon.png")
        let result = try run(["build", "Mini", "--output", "OUT", "--effort", "fast", "-q", "--xcode-project",
                              "--bundle-id", "com.example.mini", "--icon", "icon.png"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("icon_slot_missing"), result.stdout)
        let icons = try FileManager.default.contentsOfDirectory(atPath: temp.path("OUT/Stickers.xcstickers/iMessage App Icon.stickersiconset"))
        XCTAssertEqual(icons.filter { $0.hasSuffix(".png") }.count, 13)
    }

    func testRebuildsLeaveTheProjectAloneAndTwoBuildsAreIdentical() throws {
        try mini()
        let args = ["--effort", "fast", "-q", "--xcode-project", "--bundle-id", "com.example.mini"]
        XCTAssertEqual(try run(["build", "Mini", "--output", "OUT"] + args).status, 1)
        XCTAssertEqual(try run(["build", "Mini", "--output", "OUT2"] + args).status, 1)
        let first = try tree(temp.path("OUT")), second = try tree(temp.path("OUT2"))
        XCTAssertEqual(first.keys.sorted(), second.keys.sorted())
        for (file, bytes) in first where !file.hasPrefix("report.") { XCTAssertEqual(bytes, second[file], file) }

        let project = ["Mini.xcodeproj/project.pbxproj", "Mini.xcodeproj/xcshareddata/xcschemes/Mini.xcscheme",
                       "Mini.xcodeproj/project.xcworkspace/contents.xcworkspacedata", "Mini/Info.plist",
                       "Mini StickerPackExtension/Info.plist"]
        func stamp(_ file: String) throws -> String {
            let attributes = try FileManager.default.attributesOfItem(atPath: temp.path("OUT/" + file))
            return "\(attributes[.systemFileNumber] ?? "-") \(attributes[.modificationDate] ?? "-")"
        }
        let before = try project.map(stamp)
        let sticker = "Stickers.xcstickers/Mini.stickerpack/heart.sticker/heart.png"
        let stickerBefore = try stamp(sticker)
        try temp.write(try Self.square(RGBA(30, 90, 200)), to: "Mini/heart.png")
        XCTAssertEqual(try run(["build", "Mini", "--output", "OUT"] + args).status, 1)
        XCTAssertEqual(try project.map(stamp), before, "the project files keep their inode and modification time")
        XCTAssertNotEqual(try stamp(sticker), stickerBefore, "the changed sticker is rewritten")
    }
}

/// The shared sample build (made with --xcode-project, as the README's main job does) is made for
/// `BuildEndToEndTests` (`CLIBuildFixture.shared`), so this test belongs to that class.
extension BuildEndToEndTests {
    func testTheSampleBuildWritesTheProjectFromItsAppSection() throws {
        let f = try CLIBuildFixture.shared.get()
        XCTAssertEqual(f.result.status, 1, "poster breaks an error rule\n" + f.result.stderr)
        for file in ["Starter Pack.xcodeproj/project.pbxproj", "Starter Pack.xcodeproj/project.xcworkspace/contents.xcworkspacedata",
                     "Starter Pack.xcodeproj/xcshareddata/xcschemes/Starter Pack.xcscheme", "Starter Pack/Info.plist",
                     "Starter Pack StickerPackExtension/Info.plist", "Stickers.xcstickers/Contents.json"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: f.path("OUT/" + file)), file)
        }
        let app = try WrittenProject.releaseSettings(f.path("OUT/Starter Pack.xcodeproj/project.pbxproj"), target: "Starter Pack")
        let ext = try WrittenProject.releaseSettings(f.path("OUT/Starter Pack.xcodeproj/project.pbxproj"), target: "Starter Pack StickerPackExtension")
        XCTAssertEqual(app["PRODUCT_BUNDLE_IDENTIFIER"], "com.example.starterpack")
        XCTAssertEqual(ext["PRODUCT_BUNDLE_IDENTIFIER"], "com.example.starterpack.StickerPackExtension")
        XCTAssertEqual(app["MARKETING_VERSION"], "1.0.0")
        // The paths the project names exist where it names them, relative to the project's folder.
        for path in [app["INFOPLIST_FILE"], ext["INFOPLIST_FILE"], "Stickers.xcstickers"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: f.path("OUT/" + (path ?? "-"))), path ?? "-")
        }
        XCTAssertTrue(f.result.stderr.contains("wrote the Xcode project OUT/Starter Pack.xcodeproj (scheme \"Starter Pack\", "
                                               + "bundle id com.example.starterpack)"), f.result.stderr)
    }
}

/// Reads a written pbxproj with the test support's independent reader.
enum WrittenProject {
    /// The pbxproj at `path`, parsed by the independent reader, with its target build settings.
    static func releaseSettings(_ path: String, target: String) throws -> [String: String] {
        let root = try XCTUnwrap(OpenStepPlistReader.parse(String(decoding: CLIPaths.bytes(path), as: UTF8.self)).dictionary)
        let objects = try XCTUnwrap(root["objects"]?.dictionary)
        let targetObject = try XCTUnwrap(objects.values.first { $0["isa"]?.string == "PBXNativeTarget" && $0["name"]?.string == target },
                                         "no target \(target)")
        let list = try XCTUnwrap(objects[targetObject["buildConfigurationList"]?.string ?? ""])
        let release = try XCTUnwrap(list["buildConfigurations"]?.array?.compactMap { objects[$0.string ?? ""] }
            .first { $0["name"]?.string == "Release" })
        return (release["buildSettings"]?.dictionary ?? [:]).compactMapValues(\.string)
    }
}
