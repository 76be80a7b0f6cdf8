import Foundation
import ImageCodec
import XCTest
@testable import StickerFixes
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// `--labels-from-names` on a plain folder read with `--config`: the labels are written where the
/// repaired catalog keeps them and are counted when the copy is checked again, whether the
/// `--config` file lies outside the catalog or inside it; a `--config` file outside is never edited.
final class LabelsFromNamesTests: XCTestCase {
    private var folder: TempFolder!
    private let settings = "grid_size: regular\nmax_bytes: 400000\n"

    override func setUpWithError() throws {
        folder = try TempFolder("labels")
        var art = PixelBuffer(width: 300, height: 300)
        for y in 50..<250 { for x in 50..<250 { art[x, y] = RGBA(230, 60, 60) } }
        try folder.write(try PNGEncoder().encode(art), to: "Art/party_hat.png")
        try folder.write(Array(settings.utf8), to: "ci.yml")
    }

    override func tearDown() { folder.remove() }

    /// Fixes `Art` read with `--config config` into `Fixed`.
    private func fix(config: String) async throws -> FixOutcome {
        let explicit = try PackConfig.load(from: folder.path + "/" + config)
        let pack = try CatalogReader().read(at: folder.path + "/Art", config: explicit)
        var configuration = CheckConfiguration()
        explicit.apply(to: &configuration)
        var fixSettings = FixSettings()
        fixSettings.labelsFromNames = true
        return try await PackFixer(configuration: configuration, settings: fixSettings, toolVersion: "test")
            .fix(pack, explicitConfig: explicit, into: folder.path + "/Fixed")
    }

    private func text(_ relative: String) throws -> String {
        try String(contentsOfFile: folder.path + "/" + relative, encoding: .utf8)
    }

    private func assertLabelled(_ outcome: FixOutcome, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(outcome.report.stickers.first?.fixes?.map(\.action), ["label_from_name"], file: file, line: line)
        XCTAssertFalse(outcome.report.stickers.flatMap(\.findings).contains { $0.rule == "missing_accessibility_label" },
                       "the label is not counted", file: file, line: line)
        XCTAssertEqual(outcome.pack.config.labels, ["party_hat": "Party hat"], file: file, line: line)
    }

    func testOutsideConfigIsCopiedIntoTheRepairedCatalogAndNeverEdited() async throws {
        let outcome = try await fix(config: "ci.yml")
        assertLabelled(outcome)
        let ci = folder.path + "/ci.yml"
        XCTAssertEqual(outcome.report.stickers.first?.fixes?.first?.details,
                       "label \"Party hat\" made from the name (the repaired catalog's stickerforge.yml starts as a copy of \(ci)) "
                       + "and written to the repaired catalog's stickerforge.yml; \(ci) (--config) lies outside the catalog and "
                       + "is never edited: add the label there to keep using it; check that it describes the sticker")
        XCTAssertEqual(try text("Fixed/stickerforge.yml"), settings + "labels:\n  \"party_hat\": \"Party hat\"\n")
        XCTAssertEqual(try text("ci.yml"), settings)
    }

    func testOutsideConfigWithTheCatalogsOwnFileAddsTheLabelsThere() async throws {
        try folder.write(Array("# the catalog's own\n".utf8), to: "Art/stickerforge.yml")
        let outcome = try await fix(config: "ci.yml")
        assertLabelled(outcome)
        XCTAssertFalse(outcome.report.stickers.first?.fixes?.first?.details.contains("starts as a copy") ?? true)
        XCTAssertEqual(try text("Fixed/stickerforge.yml"), "# the catalog's own\nlabels:\n  \"party_hat\": \"Party hat\"\n")
        XCTAssertEqual(try text("ci.yml"), settings)
    }

    func testConfigInsideTheCatalogGetsTheLabelsInItsCopy() async throws {
        try folder.write(Array(settings.utf8), to: "Art/stickerforge.yml")
        let outcome = try await fix(config: "Art/stickerforge.yml")
        assertLabelled(outcome)
        XCTAssertEqual(outcome.report.stickers.first?.fixes?.first?.details,
                       "label \"Party hat\" made from the name; check that it describes the sticker")
        XCTAssertEqual(try text("Fixed/stickerforge.yml"), settings + "labels:\n  \"party_hat\": \"Party hat\"\n")
        XCTAssertEqual(try text("Art/stickerforge.yml"), settings)
    }
}
