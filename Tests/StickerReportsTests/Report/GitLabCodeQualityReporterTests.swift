import Foundation
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class GitLabCodeQualityReporterTests: XCTestCase {
    private func issues(_ report: CheckReport = ReportFixtures.report,
                        context: ReportContext = ReportFixtures.context) throws -> [[String: Any]] {
        let text = GitLabCodeQualityReporter().render(report, context: context)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    func testEveryIssueHasTheFieldsGitLabRequires() throws {
        let all = try issues()
        XCTAssertEqual(all.count, ReportFixtures.report.findings.count)
        for issue in all {
            XCTAssertEqual(Set(issue.keys), ["description", "check_name", "fingerprint", "severity", "location"])
            XCTAssertTrue(["info", "minor", "major", "critical", "blocker"].contains(issue["severity"] as? String ?? ""))
            let location = try XCTUnwrap(issue["location"] as? [String: Any])
            XCTAssertEqual((location["lines"] as? [String: Int])?["begin"], 1)
            XCTAssertTrue((location["path"] as? String ?? "").hasPrefix(ReportFixtures.catalogRoot))
        }
        XCTAssertEqual(Set(all.compactMap { $0["fingerprint"] as? String }).count, all.count, "unique fingerprints")
        XCTAssertEqual(all.map { $0["severity"] as? String }.prefix(3), ["critical", "minor", "critical"])
        let first = try XCTUnwrap(all.first)
        XCTAssertEqual(first["check_name"] as? String, "missing_marketing_icon")
        XCTAssertEqual((first["location"] as? [String: Any])?["path"] as? String, ReportFixtures.catalogRoot)
    }

    func testFingerprintsAreTheLocatedOnesAndIgnoreMessages() throws {
        var reworded = ReportFixtures.report
        reworded.findings = reworded.findings.map { var f = $0; f.message += " (640,000 bytes)"; return f }
        XCTAssertEqual(try issues().map { $0["fingerprint"] as? String }, try issues(reworded).map { $0["fingerprint"] as? String })
        XCTAssertEqual(try issues()[2]["fingerprint"] as? String,
                       LocatedFingerprint.fingerprint(for: ReportFixtures.tooLarge, root: ReportFixtures.catalogRoot))
        XCTAssertEqual(GitLabCodeQualityReporter.description(of: ReportFixtures.tooBig),
                       "猫 😺: frame 0: 800x800 pixels, limit 408x408 Messages scales \"<it>\" & 100% of it down")
    }

    func testNoFindingsIsAnEmptyArray() {
        var clean = ReportFixtures.report
        clean.findings = []
        XCTAssertEqual(GitLabCodeQualityReporter().render(clean, context: ReportFixtures.context), "[\n\n]\n")
    }
}
