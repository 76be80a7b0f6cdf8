import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerCore

/// What `StoreBuildCache` takes from a store folder's previous build: a unit only when its key
/// matches and its one file is in the folder with the recorded digest; never a file a record
/// names outside the folder.
final class StoreBuildCacheTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "store-cache-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/static", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func sticker(_ name: String, file: String, bytes: [UInt8], key: String) -> StoreSticker {
        var sticker = StoreSticker(name: name, sources: ["\(name).png"], file: file, bytes: bytes, format: .webp, width: 512,
                                   height: 512, frames: 1, durationMs: 0, loops: 0, emojis: ["😀"], scaled: nil, retimed: [],
                                   fitted: "WebP: lossless", notes: ["a note"])
        sticker.cacheKey = key
        return sticker
    }

    private func write(_ record: BuildRecord, in sub: String? = nil) throws {
        let dir = sub.map { folder + "/" + $0 } ?? folder
        try FileIO.writeAtomically(try record.encoded(), to: dir + "/" + BuildRecord.fileName)
    }

    func testAnIntactUnitWithItsKeyComesBackWithItsBytesAndWhatWasBuilt() throws {
        let bytes: [UInt8] = [1, 2, 3, 4]
        try FileIO.writeAtomically(bytes, to: folder + "/static/s1.webp")
        let built = sticker("s1", file: "s1.webp", bytes: bytes, key: "k1")
        try write(StoreBuildCache.record(stickers: [built], images: []), in: "static")
        let cache = StoreBuildCache(folder: folder)
        var expected = built
        expected.reused = true
        XCTAssertEqual(cache.sticker(named: "s1", key: "k1"), expected, "the half's record is read, the bytes from its folder")
        XCTAssertNil(cache.sticker(named: "s1", key: "k2"), "another key: built again")
        XCTAssertNil(cache.sticker(named: "s2", key: "k1"), "another sticker")
        XCTAssertNil(cache.sticker(named: "s1", key: ""), "no key (an input could not be read): never reused")
        // The record keeps no bytes, only their digest.
        let text = String(decoding: try FileIO.read(folder + "/static/" + BuildRecord.fileName), as: UTF8.self)
        XCTAssertTrue(text.contains(Digest.hex(bytes)), text)
        XCTAssertFalse(text.contains("\"bytes\""), text)
    }

    func testAnAlteredOrMissingFileIsNotTaken() throws {
        try FileIO.writeAtomically([1, 2, 3], to: folder + "/a.png")
        try write(StoreBuildCache.record(stickers: [sticker("a", file: "a.png", bytes: [1, 2, 3], key: "k"),
                                                   sticker("b", file: "b.png", bytes: [5], key: "k")], images: []))
        try FileIO.writeAtomically([1, 2, 4], to: folder + "/a.png")
        let cache = StoreBuildCache(folder: folder)
        XCTAssertNil(cache.sticker(named: "a", key: "k"), "altered since it was recorded")
        XCTAssertNil(cache.sticker(named: "b", key: "k"), "missing")
    }

    func testARecordNamingAFileOutsideTheFolderIsNotFollowed() throws {
        let secret: [UInt8] = Array("outside".utf8)
        try FileIO.writeAtomically(secret, to: folder + "/outside.txt")
        for path in ["../outside.txt", "static/../outside.txt", "/etc/hostname", ".."] {
            var record = BuildRecord(units: [:])
            var kept = sticker("s", file: "s.png", bytes: [], key: "k")
            kept.bytes = []
            record.units["sticker:s"] = BuildRecord.CachedUnit(key: "k", files: [path: Digest.hex(secret)], storeSticker: kept)
            try write(record, in: "static")
            XCTAssertNil(StoreBuildCache(folder: folder).sticker(named: "s", key: "k"), path)
        }
    }

    func testAForeignOrUnreadableRecordIsNoCache() throws {
        try FileIO.writeAtomically(Array("{\"tool\": \"other\", \"units\": {}}".utf8), to: folder + "/" + BuildRecord.fileName)
        try FileIO.writeAtomically(Array("not json".utf8), to: folder + "/static/" + BuildRecord.fileName)
        XCTAssertTrue(StoreBuildCache(folder: folder).isEmpty)
    }
}
