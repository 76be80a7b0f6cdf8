import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// Several packs' reports as one, rooted at the deepest folder they share, and the path arithmetic under it.
final class CheckReportMergeTests: XCTestCase {
    func testPathArithmetic() {
        XCTAssertEqual(RelativePath.absolute("./a/../b//c/", workingDirectory: "/w"), "/w/b/c")
        XCTAssertEqual(RelativePath.absolute("/x/../..", workingDirectory: "/w"), "/")
        XCTAssertEqual(RelativePath.relative("/w/b/c", to: "/w"), "b/c")
        XCTAssertNil(RelativePath.relative("/wx/b", to: "/w"))
        XCTAssertEqual(RelativePath.relative("/w/b", to: "/"), "w/b")
        XCTAssertEqual(RelativePath.display("/w", workingDirectory: "/w"), ".")
        XCTAssertEqual(RelativePath.display("/elsewhere", workingDirectory: "/w"), "/elsewhere")
        XCTAssertEqual(RelativePath.commonAncestor(["/w/a/b", "/w/a/c", "/w/ab"]), "/w")
        XCTAssertEqual(RelativePath.commonAncestor(["/w/a"]), "/w/a")
        XCTAssertEqual(RelativePath.join(".", "x.png"), "x.png")
    }

    private func report(_ pack: String, _ findings: [Finding], sticker: String, file: String) -> CheckReport {
        CheckReport(tool: ToolInfo(version: "t"), pack: PackInfo(name: pack, gridSize: .small, path: pack),
                    summary: ReportSummary(stickers: 1, errors: 0, warnings: 0, infos: 0, passed: 1),
                    stickers: [StickerReport(name: sticker, files: [file], facts: nil,
                                             findings: findings.filter { $0.sticker != nil })],
                    findings: findings)
    }

    func testMergedPathsAreRelativeToTheSharedFolder() {
        let packLevel = Finding(rule: "icon_slot_missing", severity: .warning, sticker: nil, file: nil, message: "m", hint: "")
        let big = Finding(rule: "dimensions_too_large", severity: .error, sticker: "poster", file: "poster.png",
                          message: "m", hint: "")
        let label = Finding(rule: "missing_accessibility_label", severity: .info, sticker: "sun", file: "sun.png",
                            message: "m", hint: "")
        let merged = CheckReport.merging([
            (report("A", [big], sticker: "poster", file: "poster.png"), "/w/art/A"),
            (report("B", [packLevel, label], sticker: "sun", file: "sun.png"), "/w/art/B"),
        ], workingDirectory: "/w")
        XCTAssertEqual(merged.pack, PackInfo(name: "A, B", gridSize: .small, path: "art"))
        XCTAssertEqual(merged.findings.map(\.file), ["B", "A/poster.png", "B/sun.png"])
        XCTAssertEqual(merged.stickers.map(\.files), [["A/poster.png"], ["B/sun.png"]])
        XCTAssertEqual(merged.summary, ReportSummary(stickers: 2, errors: 1, warnings: 1, infos: 1, passed: 1))
        // The located fingerprints are those of each pack checked on its own.
        XCTAssertEqual(LocatedFingerprint.fingerprints(for: merged, root: "art")[1],
                       LocatedFingerprint.fingerprint(for: big, root: "art/A"))
        XCTAssertEqual(LocatedFingerprint.fingerprints(for: merged, root: "art")[0],
                       LocatedFingerprint.fingerprint(for: packLevel, root: "art/B"))
    }
}
