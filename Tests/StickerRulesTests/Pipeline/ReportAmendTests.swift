import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// `CheckReport.amended(with:replacing:)`: what `build` does to the check's report once it has
/// judged its own output files.
final class ReportAmendTests: XCTestCase {
    private func finding(_ rule: String, _ severity: Severity, _ sticker: String?, file: String? = nil,
                         frame: Int? = nil, _ message: String = "m") -> Finding {
        Finding(rule: rule, severity: severity, sticker: sticker, file: file, frame: frame, message: message, hint: "h")
    }

    private let tool = ToolInfo(version: "t")
    private let pack = PackInfo(name: "P", gridSize: .regular, path: "/p")

    private func checked(_ name: String, _ findings: [Finding]) -> CheckedSubject {
        CheckedSubject(subject: PackSubject.exampleSticker(name), findings: findings)
    }

    /// The check's report: Apple with a source-size error and an info, Banana with a source-size
    /// error only, Cherry clean, and two pack-level findings.
    private var original: CheckReport {
        ReportBuilder.report(
            tool: tool, pack: pack,
            checked: [
                checked("Apple", [finding("file_too_large", .error, "Apple", file: "Apple.png", "600,000 bytes"),
                                  finding("prefer_png", .info, "Apple")]),
                checked("Banana", [finding("file_too_large", .error, "Banana", file: "Banana.png", "700,000 bytes")]),
                checked("Cherry", []),
            ],
            packFindings: [finding("icon_slot_missing", .warning, nil), finding("file_too_large", .error, nil, "pack total")])
    }

    func testOriginalFixtureIsAsExpected() {
        let report = original
        XCTAssertEqual(report.summary, ReportSummary(stickers: 3, errors: 3, warnings: 1, infos: 1, passed: 1))
        XCTAssertEqual(report.findings.map(\.rule),
                       ["file_too_large", "icon_slot_missing", "file_too_large", "prefer_png", "file_too_large"])
    }

    func testReplacedRulesVanishAndAddedFindingsLandOnTheirSticker() {
        let outputTooLarge = finding("file_too_large", .error, "Banana", file: "Out/Banana.png", "510,000 bytes")
        let warnApple = finding("animation_fps_high", .warning, "Apple", frame: 2)
        let packAdded = finding("build_note", .info, nil)
        let amended = original.amended(with: [outputTooLarge, warnApple, packAdded], replacing: ["file_too_large"])

        XCTAssertEqual(amended.stickers.map(\.name), ["Apple", "Banana", "Cherry"])
        XCTAssertEqual(amended.stickers[0].findings, [warnApple, finding("prefer_png", .info, "Apple")])
        XCTAssertEqual(amended.stickers[1].findings, [outputTooLarge])
        XCTAssertEqual(amended.stickers[2].findings, [])
        // Pack level first (the replaced pack total is gone), then sticker by sticker.
        XCTAssertEqual(amended.findings, [finding("icon_slot_missing", .warning, nil), packAdded,
                                          warnApple, finding("prefer_png", .info, "Apple"), outputTooLarge])
        XCTAssertEqual(amended.summary, ReportSummary(stickers: 3, errors: 1, warnings: 2, infos: 2, passed: 2))
        // Everything else is kept.
        XCTAssertEqual(amended.tool, original.tool)
        XCTAssertEqual(amended.pack, original.pack)
        XCTAssertEqual(amended.stickers.map(\.facts), original.stickers.map(\.facts))
        XCTAssertEqual(amended.stickers.map(\.files), original.stickers.map(\.files))
    }

    func testAmendedEqualsAFreshReportOfTheSameFindings() {
        let added = [finding("file_too_large", .error, "Cherry", file: "Out/Cherry.png", "501,000 bytes"),
                     finding("file_too_large", .error, "Cherry", file: "Out/Cherry.png", frame: 0, "a frame"),
                     finding("edge_halo", .warning, "Cherry"),
                     finding("exceeds_grid_size", .error, "Apple"),
                     finding("icon_slot_missing", .warning, nil, "second")]
        let amended = original.amended(with: added, replacing: ["file_too_large", "prefer_png"])
        let fresh = ReportBuilder.report(
            tool: tool, pack: pack,
            checked: [checked("Apple", [finding("exceeds_grid_size", .error, "Apple")]),
                      checked("Banana", []),
                      checked("Cherry", Array(added[0...2]))],
            packFindings: [finding("icon_slot_missing", .warning, nil), added[4]])
        XCTAssertEqual(amended, fresh)
        // FindingOrder within Cherry: error before warning, no frame before frame 0.
        XCTAssertEqual(amended.stickers[2].findings.map(\.message), ["501,000 bytes", "a frame", "m"])
        XCTAssertEqual(amended.summary, ReportSummary(stickers: 3, errors: 3, warnings: 3, infos: 0, passed: 1))
    }

    func testNothingAddedNothingReplacedIsTheSameReport() {
        XCTAssertEqual(original.amended(with: [], replacing: []), original)
        XCTAssertEqual(original.amended(with: [], replacing: ["no_such_rule"]), original)
    }

    func testTallyCountsSeveritiesAndPassedStickers() {
        let stickers = [
            StickerReport(name: "A", files: [], facts: nil, findings: [finding("x", .error, "A"), finding("y", .info, "A")]),
            StickerReport(name: "B", files: [], facts: nil, findings: [finding("y", .warning, "B")]),
            StickerReport(name: "C", files: [], facts: nil, findings: []),
        ]
        let all = [finding("p", .error, nil)] + stickers.flatMap(\.findings)
        // A pack-level error counts as an error but fails no sticker.
        XCTAssertEqual(ReportSummary.tally(stickers: stickers, findings: all),
                       ReportSummary(stickers: 3, errors: 2, warnings: 1, infos: 1, passed: 2))
    }
}
