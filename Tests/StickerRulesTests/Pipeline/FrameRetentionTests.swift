import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// Peak memory follows the number of workers, not the pack: once a sticker's own rules ran, only
/// its summary (facts and pixel digests) is kept. These tests walk every value the pack rules, the
/// report helpers and `watch` keep, and fail if any holds decoded frames.
final class FrameRetentionTests: XCTestCase {
    private let art = ExampleImage.canvas(96, 96, inset: 12, content: RGBA(200, 30, 30))
    private let other = ExampleImage.canvas(96, 96, inset: 12, content: RGBA(30, 30, 200))

    /// A folder pack: a still, an exact copy of it and a two-frame APNG.
    private func makePack(_ folder: TempFolder) throws -> StickerPack {
        let encoder = PNGEncoder(options: PNGEncodeOptions(effort: .fast))
        let still = try encoder.encode(art)
        try folder.write(still, to: "Apple.png")
        try folder.write(still, to: "Apple2.png")
        try folder.write(try encoder.encodeAnimation([AnimationFrame(image: art, delay: .fps(10)),
                                                      AnimationFrame(image: other, delay: .fps(10))], loopCount: 0),
                         to: "Blink.png")
        return try CatalogReader().read(at: folder.path, config: nil)
    }

    func testPackRulesSeeSummariesWithoutFrames() async throws {
        let folder = try TempFolder("retention")
        defer { folder.remove() }
        let pack = try makePack(folder)
        let spy = PackSpy()
        var checker = PackChecker(configuration: CheckConfiguration(), toolVersion: "t")
        checker.packChecks = RuleRegistry.packChecks + [SpyCheck(spy: spy)]
        checker.concurrency = 1
        let (report, summaries) = await checker.checkSummarising(pack)

        let seen = try XCTUnwrap(spy.seen)
        XCTAssertEqual(seen.summaries.map(\.name), ["Apple", "Apple2", "Blink"])
        let walk = ValueWalk(seen)
        XCTAssertEqual(walk.frameHolders, [])
        XCTAssertEqual(walk.digests, 3, "the walk reaches every summary's pixel digest")
        XCTAssertEqual(ValueWalk(summaries).frameHolders, [])
        XCTAssertEqual(seen.summaries.map { $0.pixels?.frames.count }, [1, 1, 2])
        XCTAssertEqual(report.findings.filter { $0.rule == "duplicate_sticker" }.map(\.message),
                       ["identical pixels to \"Apple\" (1 frame equal)"])
        XCTAssertEqual(report.stickers.map { $0.facts?.frames }, [1, 1, 2])
    }

    func testTheWalkFindsFramesWhereThereAreSome() {
        // Guards the guard: a subject still holding its image is reported.
        let subject = StickerSubject.example(image: ExampleImage.still(art))
        XCTAssertEqual(ValueWalk(subject).frameHolders, ["DecodedImage"])
        XCTAssertEqual(ValueWalk(StickerSummary(subject)).frameHolders, [])
    }

    func testWatchKeepsSummariesOnly() async throws {
        let folder = try TempFolder("retention-watch")
        defer { folder.remove() }
        let pack = try makePack(folder)
        var session = WatchSession()
        let update = await session.refresh(pack: pack, configuration: CheckConfiguration(), toolVersion: "t")
        XCTAssertEqual(update.reloaded, ["Apple", "Apple2", "Blink"])
        let walk = ValueWalk(session)
        XCTAssertEqual(walk.frameHolders, [])
        XCTAssertEqual(walk.digests, 3, "the session caches every sticker's summary")
        XCTAssertEqual(ValueWalk(update).frameHolders, [])
        let again = await session.refresh(pack: pack, configuration: CheckConfiguration(), toolVersion: "t")
        XCTAssertEqual(again.reloaded, [])
        XCTAssertEqual(again.report, update.report)
    }

    func testCheckedStickersDecodeAStickerAgainFromItsSummary() async throws {
        let folder = try TempFolder("retention-reload")
        defer { folder.remove() }
        let pack = try makePack(folder)
        let result = await PackChecker(configuration: CheckConfiguration(), toolVersion: "t").checkSummarising(pack)
        let stickers = CheckedStickers(summaries: result.summaries, root: pack.root, limits: .default)
        XCTAssertEqual(stickers.map(\.name), ["Apple", "Apple2", "Blink"])
        let blink = try XCTUnwrap(stickers.last)
        let image = try XCTUnwrap(stickers.subject(for: blink).image)
        XCTAssertEqual(image.frames.map(\.image), [art, other])
        XCTAssertEqual(PixelDigest(image), blink.pixels)
    }

    func testSummarisedCheckEqualsTheReportOfLoadedSubjects() async throws {
        let folder = try TempFolder("retention-equal")
        defer { folder.remove() }
        let pack = try makePack(folder)
        let checker = PackChecker(configuration: CheckConfiguration(), toolVersion: "t")
        let loader = SubjectLoader()
        let viaRun = await checker.run(subjects: pack.stickers.map { loader.load($0, root: pack.root) }, pack: pack)
        let viaCheck = await checker.checkSummarising(pack)
        XCTAssertEqual(viaCheck.report, viaRun)
        XCTAssertEqual(viaCheck.summaries.map(\.facts), viaRun.stickers.map(\.facts))
    }
}

/// Records the pack subject a pack rule is handed.
private final class PackSpy: @unchecked Sendable {
    private let lock = NSLock()
    private var value: PackSubject?
    var seen: PackSubject? { lock.lock(); defer { lock.unlock() }; return value }
    func record(_ pack: PackSubject) { lock.lock(); value = pack; lock.unlock() }
}

private struct SpyCheck: PackCheck {
    let spy: PackSpy
    static let description = RuleDescription(id: "spy", name: "Spy", summary: "Records its input.",
                                             defaultSeverity: .info, category: .catalog)
    static var examples: CheckExamples { CheckExamples(triggering: [], nonTriggering: []) }
    func check(_ pack: PackSubject, context: CheckContext) -> [Finding] {
        spy.record(pack)
        return []
    }
}

/// Every value reachable from a root by reflection: the types that hold decoded frames, and how
/// many pixel digests there are.
private struct ValueWalk {
    private(set) var frameHolders: [String] = []
    private(set) var digests = 0

    init(_ root: Any) { visit(root) }

    private mutating func visit(_ value: Any) {
        switch value {
        case is DecodedImage: frameHolders.append("DecodedImage"); return
        case is PixelBuffer: frameHolders.append("PixelBuffer"); return
        case is Frame: frameHolders.append("Frame"); return
        case is AnimationFrame: frameHolders.append("AnimationFrame"); return
        case is PixelDigest: digests += 1; return
        case let bytes as [UInt8]:
            // No byte array kept after a check is anywhere near a frame's size.
            if bytes.count > 4096 { frameHolders.append("[UInt8] of \(bytes.count)") }
            return
        default: break
        }
        for child in Mirror(reflecting: value).children { visit(child.value) }
    }
}
