import Foundation
import ImageCodec
import TestSupport
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// The per-sticker wall-clock budget: once spent, a sticker's remaining files are refused unread
/// and reported as `decode_limit_exceeded`, so a pathological sequence cannot stall a CI job.
final class TimeBudgetTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("budget-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/wave", withIntermediateDirectories: true)
        let png = PNGChunkWriter.stillPNG(PixelBuffer(width: 4, height: 4, fill: RGBA(200, 10, 10, 255)))
        for index in 1...3 { try Data(png).write(to: URL(fileURLWithPath: root + "/wave/wave_\(index).png")) }
    }

    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: root) }

    private func load(budget: Double?) throws -> StickerSubject {
        let pack = try CatalogReader().read(at: root, config: PackConfig())
        var limits = DecodeLimits()
        limits.maxSecondsPerSticker = budget
        return SubjectLoader(limits: limits).load(try XCTUnwrap(pack.stickers.first), root: root)
    }

    func testTheDefaultBudgetIsThirtySeconds() {
        XCTAssertEqual(DecodeLimits.default.maxSecondsPerSticker, 30)
    }

    func testASpentBudgetRefusesTheRemainingFilesButAlwaysTriesTheFirst() throws {
        let subject = try load(budget: 0)  // spent as soon as the first file has taken any time
        XCTAssertEqual(subject.failures.map(\.file), ["wave/wave_2.png", "wave/wave_3.png"])
        for failure in subject.failures {
            guard case .limitExceeded(let what, let limit) = failure.error else { return XCTFail("\(failure.error)") }
            XCTAssertTrue(what.hasPrefix("a sticker that had already taken "), what)
            XCTAssertTrue(what.hasSuffix(" s to load (file not read)"), what)
            XCTAssertEqual(limit, "0 s per sticker")
        }
    }

    func testNoBudgetAndAnAmpleBudgetLoadEverything() throws {
        XCTAssertEqual(try load(budget: nil).failures, [])
        XCTAssertEqual(try load(budget: 30).failures, [])
    }

    func testTheRefusalIsReportedAsDecodeLimitExceeded() async throws {
        let pack = try CatalogReader().read(at: root, config: PackConfig())
        var configuration = CheckConfiguration()
        configuration.decodeLimits.maxSecondsPerSticker = 0
        let report = await PackChecker(configuration: configuration, toolVersion: "0").check(pack)
        let limited = report.findings.filter { $0.rule == "decode_limit_exceeded" }
        XCTAssertEqual(limited.map(\.file), ["wave/wave_2.png", "wave/wave_3.png"])
        XCTAssertTrue(limited.allSatisfy { $0.message.hasSuffix("over the limit of 0 s per sticker") }, "\(limited)")
    }
}
