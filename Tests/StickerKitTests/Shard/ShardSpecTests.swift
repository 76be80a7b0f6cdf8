import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// `--shard INDEX/COUNT`: a stable, complete, disjoint split by a hash of each input's path
/// relative to the inputs' common folder.
final class ShardSpecTests: XCTestCase {
    private let names = (1...200).map { String(format: "gifs/anim_%04d.gif", $0) }

    func testParsing() {
        XCTAssertEqual(ShardSpec(parsing: "2/4"), ShardSpec(index: 2, count: 4))
        for bad in ["0/4", "5/4", "1/0", "1", "a/b", "1/2/3", "-1/2", ""] { XCTAssertNil(ShardSpec(parsing: bad), bad) }
    }

    func testAssignmentIsTheDocumentedSHA256Rule() {
        // sha256("a.gif") = 3858ccbe858725e0...; 0x3858ccbe858725e0 mod 3 = 2, shard 3 (docs/manifest.md).
        XCTAssertEqual(ShardSpec.shard(of: "a.gif", count: 3), 3)
        XCTAssertEqual(ShardSpec.shard(of: "a.gif", count: 4), 1)
        XCTAssertEqual(ShardSpec.shard(of: "a.gif", count: 1), 1)
        XCTAssertEqual(names.map { ShardSpec.shard(of: $0, count: 4) }, names.map { ShardSpec.shard(of: $0, count: 4) })
    }

    func testShardsAreCompleteDisjointAndBalanced() {
        let inputs = BatchInputs(names.map { "/work/in/" + $0 }, workingDirectory: "/")
        XCTAssertEqual(inputs.root, "/work/in/gifs")
        let shards = (1...4).map { ShardSpec(index: $0, count: 4)!.select(inputs) }
        XCTAssertEqual(shards.flatMap { $0 }.sorted(), Array(names.indices), "every input exactly once")
        for shard in shards { XCTAssertTrue((30...70).contains(shard.count), "\(shards.map(\.count))") }
    }

    func testAssignmentIgnoresOrderAndWhereTheTreeIsCheckedOut() {
        let here = BatchInputs(names.map { "in/" + $0 }, workingDirectory: "/home/ci/repo")
        let there = BatchInputs(names.reversed().map { "/builds/x/in/" + $0 }, workingDirectory: "/tmp")
        let spec = ShardSpec(index: 3, count: 4)!
        XCTAssertEqual(Set(spec.select(here).map { here.relativePaths[$0] }),
                       Set(spec.select(there).map { there.relativePaths[$0] }))
        XCTAssertEqual(BatchInputs(["a/x.gif", "a/b/y.gif"], workingDirectory: "/r").relativePaths, ["x.gif", "b/y.gif"])
    }
}
