import Foundation
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class SARIFReporterTests: XCTestCase {
    private func sarif(_ report: CheckReport = ReportFixtures.report) throws -> [String: Any] {
        let text = SARIFReporter().render(report, context: ReportFixtures.context)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func results(_ log: [String: Any]) throws -> [[String: Any]] {
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        return try XCTUnwrap(run["results"] as? [[String: Any]])
    }

    func testFNV1a64MatchesTheReferenceVectors() {
        XCTAssertEqual(StableHash.fnv1a64Hex(""), "cbf29ce484222325")
        XCTAssertEqual(StableHash.fnv1a64Hex("a"), "af63dc4c8601ec8c")
        XCTAssertEqual(StableHash.fnv1a64Hex("foobar"), "85944171f73967e8")
        XCTAssertEqual(SARIFReporter.fingerprint(for: ReportFixtures.tooLarge), "3b188bebbea9078f")
    }

    func testFingerprintsIgnoreMessagesAndHintsButNotIdentity() throws {
        var reworded = ReportFixtures.report
        reworded.findings = reworded.findings.map { f in
            var f = f; f.message = "reworded: " + f.message + " (612,999 bytes)"; f.hint = "new hint"; return f
        }
        let before = try results(sarif()).map { $0["partialFingerprints"] as? [String: String] }
        let after = try results(sarif(reworded)).map { $0["partialFingerprints"] as? [String: String] }
        XCTAssertEqual(before, after)
        XCTAssertEqual(Set(before.compactMap { $0?[SARIFReporter.fingerprintKey] }).count, before.count, "all distinct")

        var moved = ReportFixtures.shortDelay
        moved.frame = 2
        XCTAssertNotEqual(SARIFReporter.fingerprint(for: moved), SARIFReporter.fingerprint(for: ReportFixtures.shortDelay))
        var renamed = ReportFixtures.tooLarge
        renamed.sticker = "Wave 2"
        XCTAssertNotEqual(SARIFReporter.fingerprint(for: renamed), SARIFReporter.fingerprint(for: ReportFixtures.tooLarge))
    }

    func testIdenticalFindingsGetDistinctFingerprintsByOrder() throws {
        var report = ReportFixtures.report
        report.findings = [ReportFixtures.tooLarge, ReportFixtures.tooLarge]
        let prints = try results(sarif(report)).compactMap {
            ($0["partialFingerprints"] as? [String: String])?[SARIFReporter.fingerprintKey]
        }
        XCTAssertEqual(prints, ["3b188bebbea9078f", "3b188bebbea9078f:2"])
    }

    func testLocationsArePercentEncodedRelativeToTheCatalogRootWithoutRegions() throws {
        XCTAssertEqual(URIPath.encode(ReportFixtures.oddFile),
                       "%E7%8C%AB%20%F0%9F%98%BA.sticker/%22%3Ca%3E%26b%2Cc%3A100%25%22.gif")
        let all = try results(sarif())
        let locations = all.map { result -> [String: Any]? in
            ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        }
        for location in locations {
            XCTAssertNil(location?["region"])
            let artifact = location?["artifactLocation"] as? [String: String]
            XCTAssertEqual(artifact?["uriBaseId"], "CATALOGROOT")
        }
        let uris = locations.map { ($0?["artifactLocation"] as? [String: String])?["uri"] }
        XCTAssertEqual(uris.first, ".", "a pack-level finding without a file points at the catalog root")
        XCTAssertTrue(uris.contains("Dance%20Party.sticker/frame%202.png"))
    }

    func testRulesLevelsAndIndexes() throws {
        let log = try sarif()
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        XCTAssertEqual(log["$schema"] as? String, SARIFLog.schemaURI)
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let ids = try XCTUnwrap(driver["rules"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        XCTAssertEqual(ids, ReportFixtures.rules.map(\.id) + ["decode_failed"])
        for result in try results(log) {
            let index = try XCTUnwrap(result["ruleIndex"] as? Int)
            XCTAssertEqual(ids[index], result["ruleId"] as? String)
        }
        let levels = try results(log).map { "\($0["ruleId"] as? String ?? ""):\($0["level"] as? String ?? "")" }
        XCTAssertTrue(levels.contains("prefer_png:note"))
        XCTAssertTrue(levels.contains("missing_marketing_icon:error"))
        XCTAssertTrue(levels.contains("frame_rate_high:warning"))
        let bases = try XCTUnwrap(run["originalUriBaseIds"] as? [String: [String: Any]])
        XCTAssertEqual(bases["CATALOGROOT"]?["uri"] as? String, "Stickers/Party.xcstickers/")
        XCTAssertEqual(bases["CATALOGROOT"]?["uriBaseId"] as? String, "SRCROOT")
    }

    func testAbsoluteCatalogRootBecomesAFileURI() {
        XCTAssertEqual(SARIFReporter.catalogRoot("/work/My Stickers").uri, "file:///work/My%20Stickers/")
        XCTAssertNil(SARIFReporter.catalogRoot("/work/My Stickers").uriBaseId)
        XCTAssertEqual(SARIFReporter.catalogRoot(".").uri, "./")
    }
}
