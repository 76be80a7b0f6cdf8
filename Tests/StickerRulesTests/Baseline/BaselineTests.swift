import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// `check --write-baseline` / `--baseline` as library calls: a round trip hides everything, a new
/// finding is all that is left, gone entries are named, and unrelated edits keep fingerprints.
final class BaselineTests: XCTestCase {
    private let root = ReportFixtures.catalogRoot
    private var report: CheckReport { ReportFixtures.report }

    func testRoundTripThroughTheFileHidesEveryFinding() throws {
        let recorded = Baseline(recording: report, root: root)
        XCTAssertEqual(recorded.findings.count, report.findings.count)
        let read = try Baseline.decode(recorded.encoded(), path: "b.json")
        XCTAssertEqual(read, recorded)
        XCTAssertEqual(recorded.encoded(), read.encoded(), "byte-stable")
        let applied = read.apply(to: report, root: root, path: "b.json")
        XCTAssertEqual(applied.findings, [])
        XCTAssertTrue(applied.stickers.allSatisfy { $0.findings.isEmpty })
        XCTAssertEqual(applied.summary, ReportSummary(stickers: 5, errors: 0, warnings: 0, infos: 0, passed: 5,
                                                      baseline: BaselineSummary(path: "b.json", baselined: 9, gone: [])))
        XCTAssertFalse(applied.summary.errors > 0)
    }

    func testOnlyANewFindingIsReportedAndCounted() throws {
        let baseline = Baseline(recording: report, root: root)
        var later = report
        let new = Finding(rule: "file_too_large", severity: .error, sticker: "Clean", file: "Clean.sticker/clean.png",
                          message: "600,000 bytes, limit 500,000 bytes", hint: "Shrink it.")
        later.stickers[3].findings = [new]
        later.findings.append(new)
        let applied = baseline.apply(to: later, root: root, path: "b.json")
        XCTAssertEqual(applied.findings, [new])
        XCTAssertEqual(applied.stickers[3].findings, [new])
        XCTAssertEqual(applied.summary.errors, 1)
        XCTAssertEqual(applied.summary.passed, 4)
        XCTAssertEqual(applied.summary.baseline?.baselined, 9)
    }

    func testFingerprintsSurviveChangedMeasurementsAndOtherStickers() {
        let baseline = Baseline(recording: report, root: root)
        var edited = report
        // Numbers in messages change, a sticker is added in front, stickers are reordered.
        edited.findings = edited.findings.map { var f = $0; f.message = "now 640,001 bytes: " + f.message; f.hint = "x"; return f }
        let added = Finding(rule: "edge_halo", severity: .warning, sticker: "Aardvark", file: "Aardvark.sticker/a.png",
                            message: "dark rim", hint: "")
        edited.findings.insert(added, at: 2)
        edited.stickers.reverse()
        let applied = baseline.apply(to: edited, root: root, path: "b.json")
        XCTAssertEqual(applied.findings, [added])
        XCTAssertEqual(applied.summary.baseline?.gone, [])
    }

    func testGoneEntriesAreNamedOnlyWhereTheRunLooked() throws {
        let baseline = Baseline(recording: report, root: root)
        var fixed = report
        fixed.findings.removeAll { $0 == ReportFixtures.tooLarge }
        let gone = try XCTUnwrap(baseline.apply(to: fixed, root: root, path: "b.json").summary.baseline?.gone)
        XCTAssertEqual(gone.map(\.rule), ["file_too_large"])
        XCTAssertEqual(gone.first?.file, "Stickers/Party.xcstickers/Wave.sticker/wave.png")
        XCTAssertEqual(gone.first?.message, ReportFixtures.tooLarge.message)
        // A run that looked at another sticker only cannot say the Wave finding is gone.
        let elsewhere = baseline.apply(to: fixed, root: root, path: "b.json",
                                       covered: ["Stickers/Party.xcstickers/Clean.sticker/clean.png"])
        XCTAssertEqual(elsewhere.summary.baseline?.gone, [])
        XCTAssertEqual(report.summary.baselineSentence, nil)
        XCTAssertEqual(baseline.apply(to: fixed, root: root, path: "b.json").summary.baselineSentence,
                       "Baseline b.json: 8 known findings not shown; 1 gone (fixed or renamed), rewrite the baseline "
                       + "with --write-baseline to drop it: file_too_large Wave (Stickers/Party.xcstickers/Wave.sticker/wave.png)")
    }

    func testLocationsDoNotDependOnWhichRootTheReportHas() {
        // The same finding seen from a check of the catalog and from a check rooted above it.
        let fromCatalog = LocatedFingerprint.fingerprint(for: ReportFixtures.tooLarge, root: "Stickers/Party.xcstickers")
        var fromAbove = ReportFixtures.tooLarge
        fromAbove.file = "Party.xcstickers/" + (fromAbove.file ?? "")
        XCTAssertEqual(LocatedFingerprint.fingerprint(for: fromAbove, root: "Stickers"), fromCatalog)
        XCTAssertEqual(LocatedFingerprint.fingerprint(for: ReportFixtures.missingIcon, root: "Stickers/Party.xcstickers"),
                       SARIFReporter.fingerprint(for: Finding(rule: "missing_marketing_icon", severity: .info, sticker: nil,
                                                              file: "Stickers/Party.xcstickers", message: "", hint: "")))
        // At the working directory the located fingerprint is SARIF's.
        XCTAssertEqual(LocatedFingerprint.fingerprint(for: ReportFixtures.tooLarge, root: "."),
                       SARIFReporter.fingerprint(for: ReportFixtures.tooLarge))
    }

    func testAFileThatIsNotABaselineSaysSo() {
        XCTAssertThrowsError(try Baseline.decode(Array("{\"findings\": 3}".utf8), path: "b.json")) { error in
            XCTAssertTrue("\(error)".hasPrefix("b.json: not a stickerforge baseline"), "\(error)")
        }
        XCTAssertThrowsError(try Baseline.decode(Array("{\"baselineVersion\": 9, \"findings\": []}".utf8), path: "b.json")) {
            XCTAssertEqual($0 as? BaselineError, .unsupportedVersion(path: "b.json", found: 9, supported: 1))
        }
    }
}
