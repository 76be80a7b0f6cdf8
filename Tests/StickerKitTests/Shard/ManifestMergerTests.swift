import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// `manifest merge`: shards join into the whole batch's manifest; conflicts are errors naming both sides.
final class ManifestMergerTests: XCTestCase {
    private func entry(_ name: String) -> ManifestSticker {
        BatchManifest.entry(file: name + ".png", source: "in/" + name + ".gif", format: "apng", width: 8, height: 8,
                            frames: 2, durationMs: 200, loops: 0, bytes: Array(name.utf8), fit: nil)
    }

    private func shard(_ index: Int, of count: Int, _ names: [String], failures: [BatchFailure] = []) -> BatchManifest {
        BatchManifest(command: "convert", shard: ShardSpec(index: index, count: count), stickers: names.map(entry),
                      failures: failures)
    }

    func testShardsMergeToTheWholeBatchBytes() throws {
        let whole = BatchManifest(command: "convert", shard: nil, stickers: ["c", "a", "b", "d"].map(entry),
                                  failures: [BatchFailure(input: "in/e.gif", error: "bad")])
        let merged = try ManifestMerger.merge([
            ("s2.json", shard(2, of: 2, ["d", "a"])),
            ("s1.json", shard(1, of: 2, ["b", "c"], failures: [BatchFailure(input: "in/e.gif", error: "bad")])),
        ])
        XCTAssertEqual(merged, whole)
        XCTAssertEqual(merged.encoded(), whole.encoded())
        XCTAssertEqual(merged.stickers.map(\.file), ["a.png", "b.png", "c.png", "d.png"])
        let one = try ManifestMerger.merge([("all.json", shard(1, of: 1, ["a", "b", "c", "d"],
                                                               failures: [BatchFailure(input: "in/e.gif", error: "bad")]))])
        XCTAssertEqual(one.encoded(), merged.encoded())
        let text = String(decoding: merged.encoded(), as: UTF8.self)
        XCTAssertTrue(text.contains("\"shard\" : null"), text)
        XCTAssertEqual(try BatchManifest.decode(merged.encoded(), path: "m.json"), merged)
    }

    func testConflictsAreErrors() {
        func fails(_ manifests: [(String, BatchManifest)], _ expected: ManifestMergeError, line: UInt = #line) {
            XCTAssertThrowsError(try ManifestMerger.merge(manifests.map { (path: $0.0, manifest: $0.1) }), line: line) {
                XCTAssertEqual($0 as? ManifestMergeError, expected, line: line)
            }
        }
        fails([("a.json", shard(1, of: 2, ["a"])), ("b.json", shard(2, of: 2, ["a"]))],
              .outputClaimedTwice(file: "a.png", first: "a.json", second: "b.json"))
        var renamed = entry("a")
        renamed.file = "other.png"
        fails([("a.json", shard(1, of: 2, ["a"])),
               ("b.json", BatchManifest(command: "convert", shard: ShardSpec(index: 2, count: 2), stickers: [renamed], failures: []))],
              .inputClaimedTwice(input: "in/a.gif", first: "a.json", second: "b.json"))
        fails([("a.json", shard(1, of: 2, ["a"])), ("b.json", shard(1, of: 2, ["b"]))],
              .shardGivenTwice(index: 1, count: 2, first: "a.json", second: "b.json"))
        fails([("a.json", shard(1, of: 3, ["a"]))], .missingShards([2, 3], count: 3))
        fails([("a.json", shard(1, of: 2, ["a"])), ("b.json", shard(2, of: 3, ["b"]))],
              .mixedShardCounts(first: "a.json", firstCount: 2, other: "b.json", otherCount: 3))
        fails([("a.json", shard(1, of: 1, ["a"])),
               ("b.json", BatchManifest(command: "assemble", shard: nil, stickers: [], failures: []))],
              .mixedCommands(first: "a.json", firstCommand: "convert", other: "b.json", otherCommand: "assemble"))
        fails([], .noManifests)
        XCTAssertEqual("\(ManifestMergeError.outputClaimedTwice(file: "a.png", first: "a.json", second: "b.json"))",
                       "output a.png is claimed by both a.json and b.json; two inputs were written under one name")
    }
}
