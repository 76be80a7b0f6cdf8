import Foundation
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// Unchanged files are hard-linked from the previous build, and only when that cannot share an inode
/// with anything outside the build.
final class PackBuilderReuseTests: XCTestCase {
    private func inode(_ path: String) -> UInt64 {
        var st = stat()
        return lstat(path, &st) == 0 ? UInt64(st.st_ino) : 0
    }

    func testUnchangedFilesKeepTheirInodeChangedOnesDoNot() async throws {
        let fx = try PackFixture()
        try await fx.build()
        let manifest = fx.out + "/manifest.json", wave = fx.out + "/Stickers.xcstickers/Party.stickerpack/Wave.sticker/Wave.png"
        let (manifestBefore, waveBefore) = (inode(manifest), inode(wave))
        try await fx.build()
        XCTAssertEqual(inode(manifest), manifestBefore)
        XCTAssertEqual(inode(wave), waveBefore)
        var st = stat()
        XCTAssertEqual(lstat(wave, &st), 0)
        XCTAssertEqual(st.st_nlink, 1, "the old folder is gone; the file has one name")
    }

    func testAFileWithAnotherNameOrOtherBytesIsWrittenAfresh() throws {
        let folder = try TemporaryFolder()
        let old = try folder.write("old/a.txt", Array("same".utf8))
        try FileManager.default.createDirectory(atPath: folder.path + "/new", withIntermediateDirectories: true)
        XCTAssertFalse(PackBuilder.linkIfUnchanged(old, bytes: Array("diff".utf8), to: folder.path + "/new/a.txt"))
        XCTAssertTrue(link(old, folder.path + "/elsewhere.txt") == 0)
        XCTAssertFalse(PackBuilder.linkIfUnchanged(old, bytes: Array("same".utf8), to: folder.path + "/new/a.txt"),
                       "an inode with a name outside the build is never shared")
        XCTAssertTrue(unlink(folder.path + "/elsewhere.txt") == 0)
        XCTAssertTrue(symlink(old, folder.path + "/old/link.txt") == 0)
        XCTAssertFalse(PackBuilder.linkIfUnchanged(folder.path + "/old/link.txt", bytes: Array("same".utf8), to: folder.path + "/new/b.txt"))
        XCTAssertTrue(PackBuilder.linkIfUnchanged(old, bytes: Array("same".utf8), to: folder.path + "/new/a.txt"))
        XCTAssertEqual(inode(old), inode(folder.path + "/new/a.txt"))
    }
}
