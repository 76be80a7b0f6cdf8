import Foundation
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class CatalogSnapshotTests: XCTestCase {
    func testFileStampReadsSizeAndModificationTime() throws {
        let folder = try TempFolder("stamp")
        defer { folder.remove() }
        try folder.write([1, 2, 3, 4, 5], to: "a.png")
        try folder.setModified("a.png", seconds: 1_600_000_000)
        XCTAssertEqual(FileStamp.of(folder.path + "/a.png"), FileStamp(size: 5, modified: 1_600_000_000_000_000_000))
        XCTAssertNil(FileStamp.of(folder.path + "/missing.png"))
    }

    func testDetectsChangedSizeChangedTimeNewAndRemovedFiles() throws {
        let folder = try TempFolder("snapshot")
        defer { folder.remove() }
        try folder.write([1, 2, 3], to: "a.png")
        try folder.write([4, 5, 6], to: "Wave/frame1.png")
        try folder.setModified("a.png", seconds: 1_600_000_000)
        try folder.setModified("Wave/frame1.png", seconds: 1_600_000_000)
        let first = CatalogSnapshot.take(root: folder.path)
        XCTAssertEqual(Set(first.stamps.keys), ["a.png", "Wave/frame1.png"])
        XCTAssertEqual(first.stamps["a.png"], FileStamp(size: 3, modified: 1_600_000_000_000_000_000))
        XCTAssertEqual(CatalogSnapshot.take(root: folder.path), first)

        // Same size, new time.
        try folder.setModified("a.png", seconds: 1_600_000_001)
        let touched = CatalogSnapshot.take(root: folder.path)
        XCTAssertNotEqual(touched, first)
        XCTAssertEqual(touched.stamps["a.png"]?.modified, 1_600_000_001_000_000_000)
        XCTAssertEqual(touched.stamps["Wave/frame1.png"], first.stamps["Wave/frame1.png"])

        // New size, same time.
        try folder.write([4, 5, 6, 7], to: "Wave/frame1.png")
        try folder.setModified("Wave/frame1.png", seconds: 1_600_000_000)
        let grown = CatalogSnapshot.take(root: folder.path)
        XCTAssertNotEqual(grown, touched)
        XCTAssertEqual(grown.stamps["Wave/frame1.png"], FileStamp(size: 4, modified: 1_600_000_000_000_000_000))

        // A new file, then a removed one.
        try folder.write([9], to: "Wave/frame2.png")
        let added = CatalogSnapshot.take(root: folder.path)
        XCTAssertEqual(Set(added.stamps.keys), ["a.png", "Wave/frame1.png", "Wave/frame2.png"])
        try FileManager.default.removeItem(atPath: folder.path + "/a.png")
        let removed = CatalogSnapshot.take(root: folder.path)
        XCTAssertEqual(Set(removed.stamps.keys), ["Wave/frame1.png", "Wave/frame2.png"])
    }

    func testSkipsHiddenFilesAndFolders() throws {
        let folder = try TempFolder("hidden")
        defer { folder.remove() }
        try folder.write([1], to: "a.png")
        try folder.write([1], to: ".DS_Store")
        try folder.write([1], to: ".git/objects/x")
        try folder.write([1], to: "Wave/.hidden.png")
        XCTAssertEqual(Set(CatalogSnapshot.take(root: folder.path).stamps.keys), ["a.png"])
    }

    func testSymlinkLoopDoesNotHang() throws {
        let folder = try TempFolder("loop")
        defer { folder.remove() }
        try folder.write([1, 2], to: "Wave/frame1.png")
        // `ln -s . loop` inside the folder and inside a subfolder.
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/loop", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/Wave/up", withDestinationPath: "..")
        let snapshot = CatalogSnapshot.take(root: folder.path)
        // The links are stamped as themselves, never walked into.
        XCTAssertEqual(Set(snapshot.stamps.keys), ["Wave/frame1.png", "loop", "Wave/up"])
        XCTAssertEqual(snapshot.stamps["loop"]?.size, 1)
        XCTAssertEqual(snapshot.stamps["Wave/up"]?.size, 2)
    }

    func testLimitBoundsTheWalk() throws {
        let folder = try TempFolder("limit")
        defer { folder.remove() }
        for i in 0..<5 { try folder.write([UInt8(i)], to: "f\(i).png") }
        XCTAssertEqual(CatalogSnapshot.take(root: folder.path).stamps.count, 5)
        // The limit holds within one folder, not only between folders.
        XCTAssertEqual(CatalogSnapshot.take(root: folder.path, limit: 2).stamps.count, 2)
        try folder.write([9], to: "sub/g.png")
        XCTAssertEqual(CatalogSnapshot.take(root: folder.path, limit: 6).stamps.count, 6)
        XCTAssertEqual(CatalogSnapshot.take(root: folder.path + "/nothing-here").stamps, [:])
    }
}
