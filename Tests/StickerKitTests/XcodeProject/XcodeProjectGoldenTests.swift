import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// The whole project of a tiny pack, byte for byte. Ids derive from role and app name, so the
/// golden needs no placeholders; STICKERFORGE_UPDATE_GOLDEN=1 rewrites it (review the diff).
final class XcodeProjectGoldenTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    func testTinyProjectMatchesTheGolden() throws {
        let settings = XcodeProjectSettings(appName: "Tiny", bundleID: "com.example.tiny")
        let files = XcodeProjectFiles.files(for: settings)
        // Golden names avoid `.xcodeproj`, which .gitignore ignores.
        let golden = ["Tiny.xcodeproj/project.pbxproj": "Tiny.pbxproj",
                      "Tiny.xcodeproj/xcshareddata/xcschemes/Tiny.xcscheme": "Tiny.xcscheme",
                      "Tiny/Info.plist": "Tiny-App-Info.plist",
                      "Tiny StickerPackExtension/Info.plist": "Tiny-Extension-Info.plist"]
        for (path, name) in golden {
            try Golden.assertMatches(String(decoding: try XCTUnwrap(files[path], path), as: UTF8.self), file: name,
                                     version: "\u{0}no-version", in: Self.folder)
        }
    }

    func testTwoRendersAreByteIdenticalAndIDsFollowTheName() {
        let a = XcodeProjectSettings(appName: "Tiny", bundleID: "com.example.tiny")
        XCTAssertEqual(XcodeProjectFiles.files(for: a), XcodeProjectFiles.files(for: a))
        var b = a
        b.appName = "Other"
        let ids = { (s: XcodeProjectSettings) in StickerPackProject(settings: s).objects().map(\.id) }
        XCTAssertTrue(Set(ids(a)).isDisjoint(with: ids(b)), "ids come from role and name")
        XCTAssertEqual(Set(ids(a)).count, 25)
        XCTAssertEqual(PBXObjectID.make(role: "project", appName: "Tiny"), StickerPackProject(settings: a).id("project"))
    }
}
