import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// The builder writes the project beside the catalog; two builds are byte-identical, and a rebuild
/// after one sticker changes rewrites that sticker, never the project.
final class XcodeProjectBuildTests: XCTestCase {
    private static let settings = XcodeProjectSettings(appName: "Party", bundleID: "com.example.party")
    private static let projectFiles = ["Party.xcodeproj/project.pbxproj", "Party.xcodeproj/project.xcworkspace/contents.xcworkspacedata",
                                       "Party.xcodeproj/xcshareddata/xcschemes/Party.xcscheme", "Party/Info.plist",
                                       "Party StickerPackExtension/Info.plist"]

    private func build(_ fx: PackFixture, into out: String? = nil) async throws -> BuildPlan {
        var builder = fx.builder(out)
        builder.options.xcodeProject = Self.settings
        let plan = try await builder.prepare(fx.pack)
        try builder.write(plan, to: out ?? fx.out)
        return plan
    }

    /// Inode and modification time of every file under the build folder.
    private func stamps(_ fx: PackFixture) throws -> [String: String] {
        var out: [String: String] = [:]
        for file in try fx.folder.files(under: "build") {
            var st = stat()
            XCTAssertEqual(lstat(fx.out + "/" + file, &st), 0)
            out[file] = "\(st.st_ino):\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
        }
        return out
    }

    func testTheProjectSitsBesideTheCatalogAndTwoBuildsAreIdentical() async throws {
        let fx = try PackFixture()
        let plan = try await build(fx)
        for file in Self.projectFiles { XCTAssertNotNil(plan.files[file], file) }
        XCTAssertEqual(plan.manifest.stickers.first?.file, "Stickers.xcstickers/Party.stickerpack/Wave.sticker/Wave.png",
                       "manifest paths unchanged")
        _ = try await build(fx, into: fx.folder.path + "/second")
        XCTAssertEqual(try fx.snapshot("build"), try fx.snapshot("second"))
    }

    func testARebuildAfterOneStickerChangesLeavesTheProjectUntouched() async throws {
        let fx = try PackFixture()
        _ = try await build(fx)
        let before = try stamps(fx), bytesBefore = try fx.snapshot()
        try await Task.sleep(nanoseconds: 20_000_000)   // a rewrite would get a later modification time
        try fx.folder.write("cat/Tiny.sticker/tiny.png", FakeStickerCodec.still(width: 2, height: 2, fill: RGBA(9, 9, 9)))
        let plan = try await build(fx)
        XCTAssertEqual(plan.builtCount, 1)
        let after = try stamps(fx), bytesAfter = try fx.snapshot()
        for file in Self.projectFiles {
            XCTAssertEqual(after[file], before[file], "\(file) was rewritten")
            XCTAssertEqual(bytesAfter[file], bytesBefore[file], file)
        }
        let changed = Set(after.keys.filter { after[$0] != before[$0] })
        XCTAssertTrue(changed.contains("Stickers.xcstickers/Party.stickerpack/Tiny.sticker/Tiny.png"), "\(changed.sorted())")
        XCTAssertFalse(changed.contains("Stickers.xcstickers/Party.stickerpack/Wave.sticker/Wave.png"), "unchanged stickers keep their file too")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fx.folder.path).sorted(), ["build", "cat", "icon.png"])
    }
}
