import Foundation
import TestSupport
import XCTest

/// `convert --shard` and `manifest merge` through the built binary: 4 shards give the same outputs
/// and, merged, the same manifest bytes as 1; claiming an output twice is an error (exit 1).
final class ShardEndToEndTests: CLIEndToEndTestCase {
    private func makeGIFs(_ count: Int) throws -> [String] {
        try temp.makeFolder("in/sub")
        return try (0..<count).map { i in
            let name = i % 3 == 0 ? "in/sub/g\(i).gif" : "in/g\(i).gif"
            let frames = (0..<2).map { f in
                GIFFixtureFrame(width: 3, height: 2, indices: (0..<6).map { UInt8(($0 + i + f) % 4) }, delayCentiseconds: 5 + f)
            }
            try temp.write(GIFFixtureEncoder(width: 3, height: 2, globalPalette: GIFFixtures.palette, loopCount: 0,
                                             frames: frames).encode(), to: name)
            return name
        }
    }

    func testFourShardsEqualOneAndMergeConflictsFail() throws {
        let inputs = try makeGIFs(12)
        let one = try run(["convert"] + inputs + ["--output-dir", "one", "--shard", "1/1", "--effort", "fast", "-q"])
        XCTAssertEqual(one.status, 0, one.stderr)
        var shardOutputs: [String: [UInt8]] = [:]
        for index in 1...4 {
            // Inputs in another order: the assignment depends on the paths only.
            let shard = try run(["convert"] + inputs.reversed() + ["--output-dir", "four/\(index)", "--shard", "\(index)/4",
                                                                  "--effort", "fast", "-q"])
            XCTAssertEqual(shard.status, 0, shard.stderr)
            for (name, bytes) in try tree(temp.path("four/\(index)")) where name.hasSuffix(".png") {
                XCTAssertNil(shardOutputs[name], "\(name) written by two shards")
                shardOutputs[name] = bytes
            }
        }
        let whole = try tree(temp.path("one")).filter { $0.key.hasSuffix(".png") }
        XCTAssertEqual(whole.count, 12)
        XCTAssertEqual(shardOutputs, whole, "the shards together wrote exactly the 1-shard outputs")

        let manifests = (1...4).map { "four/\($0)/manifest-\($0)-of-4.json" }
        XCTAssertEqual(try run(["manifest", "merge"] + manifests + ["--output", "merged4.json"]).status, 0)
        XCTAssertEqual(try run(["manifest", "merge", "one/manifest-1-of-1.json", "--output", "merged1.json"]).status, 0)
        XCTAssertEqual(try CLIPaths.bytes(temp.path("merged4.json")), try CLIPaths.bytes(temp.path("merged1.json")))
        let merged = try jsonFile("merged4.json")
        XCTAssertTrue(merged["shard"] is NSNull)
        let sources = ((merged["stickers"] as? [[String: Any]]) ?? []).compactMap { ($0["sources"] as? [String])?.first }
        XCTAssertEqual(Set(sources), Set(inputs.map { String($0.dropFirst(3)) }), "paths relative to the common root in/")

        let twice = try run(["manifest", "merge", manifests[0], manifests[0]] + manifests.dropFirst() + ["--output", "bad.json"])
        XCTAssertEqual(twice.status, 1, twice.stderr)
        XCTAssertTrue(twice.stderr.contains("shard 1/4 is given twice"), twice.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: temp.path("bad.json")))
        try temp.write(Array("{".utf8), to: "broken.json")
        XCTAssertEqual(try run(["manifest", "merge", "broken.json", "--output", "bad.json"]).status, 2)
    }
}
