import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// `build --fit` (issue 19): every sticker ends inside the grid cell and at least 300 px on both
/// sides, vector sources rendered at that size, and what the build reports is what `check` finds
/// in the catalog it wrote.
final class PackBuilderCellTests: XCTestCase {
    private func pack(_ folder: TemporaryFolder, grid: GridSize) throws -> StickerPack {
        try RealCodec.require()
        var stickers: [StickerSource] = []
        for (name, w, h) in [("Small", 160, 90), ("Big", 800, 600), ("Thin", 1000, 100), ("Fine", 408, 320)] {
            try folder.write("cat/\(name).png", try PNGEncoder().encode(CellFixtures.art(w, h)))
            stickers.append(StickerSource(name: name, folder: nil, content: .file("\(name).png"), accessibilityLabel: name))
        }
        try folder.write("cat/Vector.json", Array(CellFixtures.smallLottie.utf8))
        stickers.append(StickerSource(name: "Vector", folder: nil, content: .file("Vector.json"), accessibilityLabel: "Vector"))
        return StickerPack(name: "Cell", root: folder.path + "/cat", kind: .folder, gridSize: grid, stickers: stickers,
                           iconSet: nil, problems: [])
    }

    private func options(_ folder: TemporaryFolder, grid: GridSize, fill: Bool = false) -> PackBuildOptions {
        let fit = FitTarget(options: FitOptions(effort: .fast), gridSize: grid, fillCell: fill)
        return PackBuildOptions(outputDirectory: folder.path + "/out", effort: .fast, fit: fit, vectorBox: grid.maxPixels)
    }

    private func sizes(_ plan: BuildPlan) -> [String: [Int]] {
        Dictionary(uniqueKeysWithValues: plan.manifest.stickers.map { ($0.name, [$0.width, $0.height]) })
    }

    func testEveryStickerEndsInsideTheCellAndAtLeast300PxASide() async throws {
        let folder = try TemporaryFolder()
        let plan = try await PackBuilder(options: options(folder, grid: .large)).prepare(try pack(folder, grid: .large))
        XCTAssertEqual(sizes(plan), ["Small": [533, 300], "Big": [618, 464], "Thin": [618, 300], "Fine": [408, 320],
                                     "Vector": [618, 618]])
        // Inside the cell already: kept as it is (no fit object); the others say how they were placed.
        let fine = try XCTUnwrap(plan.manifest.stickers.first { $0.name == "Fine" })
        XCTAssertNil(fine.fit)
        let thin = try XCTUnwrap(plan.manifest.stickers.first { $0.name == "Thin" }?.fit)
        XCTAssertEqual(thin.placement, "1000x100 px -> 618x62 px (scale 0.618) into the 618 px grid cell, padded with "
                       + "transparency to 618x300 px (300 px minimum on both sides)")
        XCTAssertEqual(thin.steps.first, "into the cell: " + (thin.placement ?? ""))
        let small = try XCTUnwrap(plan.manifest.stickers.first { $0.name == "Small" }?.fit)
        XCTAssertEqual(small.placement, "160x90 px -> 533x300 px (scale 3.3313) into the 618 px grid cell")
        // The vector source is rendered at 618 px (sharp), never enlarged from its 100 px canvas.
        let vector = try XCTUnwrap(plan.manifest.stickers.first { $0.name == "Vector" })
        XCTAssertNil(vector.fit?.placement)
        let image = try ImageDecoder().decode(try XCTUnwrap(plan.files[vector.file]))
        XCTAssertLessThanOrEqual(CellFixtures.partialAlphaPixels(row: 309, of: image.frames[0].image), 2)
        XCTAssertTrue(plan.findings.allSatisfy { $0.rule == "icon_slot_missing" }, "\(plan.findings)")
    }

    func testFillCellScalesEveryStickerSoItsLongerSideFillsTheCell() async throws {
        let folder = try TemporaryFolder()
        let plan = try await PackBuilder(options: options(folder, grid: .regular, fill: true)).prepare(try pack(folder, grid: .regular))
        XCTAssertEqual(sizes(plan), ["Small": [408, 300], "Big": [408, 306], "Thin": [408, 300], "Fine": [408, 320],
                                     "Vector": [408, 408]])
    }

    func testBuildFindingsEqualCheckFindingsOnTheWrittenCatalog() async throws {
        let folder = try TemporaryFolder()
        let source = try pack(folder, grid: .regular)
        let configuration = CheckConfiguration()
        let checker = PackChecker(configuration: configuration, toolVersion: "test")
        let checked = await checker.check(source)
        // The source breaks the size rules that the build must settle.
        XCTAssertTrue(Set(checked.findings.map(\.rule)).isSuperset(of: ["dimensions_too_small", "dimensions_too_large"]))
        let builder = PackBuilder(options: options(folder, grid: .regular))
        let plan = try await builder.prepare(source)
        let report = plan.truthful(checked, context: checker.context(for: source),
                                   added: plan.findings.filter { $0.rule != "icon_slot_missing" } + plan.unsettledFormatFindings(of: checked),
                                   replacing: ["file_too_large", UnsupportedFormatCheck.description.id])
        try builder.write(plan, to: folder.path + "/out")
        let written = try CatalogReader().read(at: folder.path + "/out/Stickers.xcstickers", config: nil)
        XCTAssertEqual(written.gridSize, .regular)
        let again = await checker.check(written)
        func stickerFindings(_ r: CheckReport) -> [String] {
            r.findings.filter { $0.sticker != nil }.map { "\($0.sticker ?? "") \($0.rule) \($0.severity)" }.sorted()
        }
        XCTAssertEqual(stickerFindings(report), stickerFindings(again))
        XCTAssertFalse(stickerFindings(again).contains { $0.contains("dimensions_too") || $0.contains("exceeds_grid_size") },
                       "\(stickerFindings(again))")
    }
}
