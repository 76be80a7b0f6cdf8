import ArgumentParser
import Foundation
import StickerKit
@testable import StickerForgeCLI
import XCTest

/// Parsing of the CI options: several paths, baselines, the gitlab and markdown formats, shards.
final class CIOptionsParsingTests: XCTestCase {
    private func parse<T>(_ arguments: [String], as type: T.Type) throws -> T {
        try XCTUnwrap(try StickerForgeCommand.parseAsRoot(arguments) as? T)
    }

    func testCheckTakesPathsBaselinesAndTheNewFormats() throws {
        let check = try parse(["check", "a.png", "b.gif", "Pack.xcstickers", "--baseline", "b.json",
                               "--write-baseline", "n.json", "--format", "gitlab", "--report", "markdown:s.md",
                               "--report", "gitlab:gl.json"], as: CheckCommand.self)
        XCTAssertEqual(check.paths, ["a.png", "b.gif", "Pack.xcstickers"])
        XCTAssertEqual(check.baseline.baseline, "b.json")
        XCTAssertEqual(check.baseline.writeBaseline, "n.json")
        XCTAssertEqual(check.format, .gitlab)
        XCTAssertEqual(check.reports, [ReportTarget(format: .markdown, path: "s.md"), ReportTarget(format: .gitlab, path: "gl.json")])
        XCTAssertEqual(try parse(["check", "P", "--format", "markdown"], as: CheckCommand.self).format, .markdown)
        XCTAssertThrowsError(try StickerForgeCommand.parseAsRoot(["check"]))
    }

    func testShardsAndManifests() throws {
        let convert = try parse(["convert", "a.gif", "--output-dir", "o", "--shard", "2/4"], as: ConvertCommand.self)
        XCTAssertEqual(convert.sharding.shard, ShardSpec(index: 2, count: 4))
        XCTAssertEqual(convert.sharding.manifestPath(outputDir: "o"), "o/manifest-2-of-4.json")
        let plain = try parse(["convert", "a.gif", "--output-dir", "o"], as: ConvertCommand.self)
        XCTAssertNil(plain.sharding.manifestPath(outputDir: "o"))
        let assemble = try parse(["assemble", FileManager.default.temporaryDirectory.path, "--output-dir", "o", "--shard", "1/1", "--manifest", "m.json"],
                                 as: AssembleCommand.self)
        XCTAssertEqual(assemble.sharding.manifestPath(outputDir: "o"), "m.json")
        for bad in ["0/4", "5/4", "x"] {
            XCTAssertThrowsError(try StickerForgeCommand.parseAsRoot(["convert", "a.gif", "--output-dir", "o", "--shard", bad]), bad)
        }
        XCTAssertThrowsError(try StickerForgeCommand.parseAsRoot(["assemble", "a.png", "--output", "x.png", "--shard", "1/2"]))
        let merge = try parse(["manifest", "merge", "a.json", "b.json", "--output", "m.json"], as: ManifestMergeCommand.self)
        XCTAssertEqual(merge.manifests, ["a.json", "b.json"])
    }
}
