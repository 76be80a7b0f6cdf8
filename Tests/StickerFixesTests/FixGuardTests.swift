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

/// A test double: halves every side of any sticker wider than 100 px. A 640 px sticker comes out at
/// 320 px (its `dimensions_too_large` error gone); a 500 px one comes out at 250 px, below the 300 px
/// minimum, an error (`dimensions_too_small`) the source did not have.
struct HalvingTestFix: StickerFix {
    static let description = FixDescription(rules: ["dimensions_too_large"], action: "halve_for_test",
                                            summary: "Halves every side (a test double).")
    static var examples: FixExamples { FixExamples(triggering: [], nonTriggering: []) }

    func apply(to work: inout FixWork, context: FixContext) throws -> FixRecord? {
        let w = work.image.width, h = work.image.height
        guard w > 100 else { return nil }
        try work.replacePixels { try Resampler().resized($0, width: w / 2, height: h / 2) }
        return FixRecord(rule: "dimensions_too_large", action: "halve_for_test", details: "\(w)x\(h) px -> \(w / 2)x\(h / 2) px")
    }
}

/// The guard (docs/fix.md): a fix whose result has an error finding the source did not have is
/// rolled back for that sticker and reported as refused, with the finding; the other fixes stay.
final class FixGuardTests: XCTestCase {
    private var folder: TempFolder!
    private let context = FixContext(check: CheckContext(gridSize: .large))

    override func setUpWithError() throws { folder = try TempFolder("fixguard") }
    override func tearDown() { folder.remove() }

    /// A `side` px square with an opaque red centre and a transparent 20 px border (no other finding).
    private func plain(_ side: Int) throws -> [UInt8] {
        try PNGEncoder().encode(ExampleImage.canvas(side, side, inset: 20, content: RGBA(200, 40, 40)))
    }

    private func repairer(_ pixelFixes: [any StickerFix]) -> StickerRepairer {
        var repairer = StickerRepairer(context: context)
        repairer.pixelFixes = pixelFixes
        return repairer
    }

    func testAFixThatAddsAnErrorIsRolledBackAndTheSourceBytesKept() throws {
        try folder.write(try plain(500), to: "five.png")
        let source = StickerSource(name: "five", folder: nil, content: .file("five.png"), accessibilityLabel: "Five")
        let repair = repairer([HalvingTestFix()]).repair(source, root: folder.path)
        XCTAssertEqual(repair.records, [])
        XCTAssertEqual(repair.files, [RepairedFile(original: "five.png", path: "five.png", bytes: nil)], "the source's bytes are kept")
        XCTAssertEqual(repair.refused.map(\.action), ["halve_for_test"])
        XCTAssertEqual(repair.refused.first?.details, "500x500 px -> 250x250 px")
        XCTAssertEqual(repair.refused.first?.findings.map(\.rule), ["dimensions_too_small"])
        XCTAssertEqual(repair.refused.first?.findings.first?.severity, .error)
        XCTAssertEqual(repair.problems, [])
    }

    func testAFixThatRemovesAnErrorIsKept() throws {
        try folder.write(try plain(640), to: "big.png")
        let source = StickerSource(name: "big", folder: nil, content: .file("big.png"), accessibilityLabel: "Big")
        let repair = repairer([HalvingTestFix()]).repair(source, root: folder.path)
        XCTAssertEqual(repair.records.map(\.details), ["640x640 px -> 320x320 px"])
        XCTAssertEqual(repair.refused, [])
        let bytes = try XCTUnwrap(repair.files.first?.bytes)
        XCTAssertEqual(try ImageDecoder().decode(bytes).width, 320)
    }

    /// The matte is removed, the halving refused: the file is the source with only the matte fix.
    func testOnlyTheFixResponsibleIsRefused() throws {
        let exported = EdgeExamples.featheredDisc(matte: RGBA(0, 0, 0), side: 500)
        try folder.write(try PNGEncoder().encode(exported), to: "halo.png")
        let source = StickerSource(name: "halo", folder: nil, content: .file("halo.png"), accessibilityLabel: "Halo")
        let repair = repairer([EdgeHaloFix(), HalvingTestFix()]).repair(source, root: folder.path)
        XCTAssertEqual(repair.records.map(\.action), ["unmix_matte"])
        XCTAssertEqual(repair.refused.map(\.action), ["halve_for_test"])
        XCTAssertEqual(repair.refused.first?.findings.map(\.rule), ["dimensions_too_small"])
        var alone = FixWork.example(ExampleImage.still(exported))
        _ = try EdgeHaloFix().apply(to: &alone, context: context)
        let fixed = try ImageDecoder().decode(try XCTUnwrap(repair.files.first?.bytes))
        XCTAssertEqual(fixed.frames[0].image, alone.image.frames[0].image)
    }

    /// The fix is refused for the 500 px frame; the 640 px frame, which it would have improved,
    /// goes without it too, so the sequence keeps one frame size.
    func testASequenceGoesWithoutAFixRefusedForOneOfItsFrames() throws {
        try folder.write(try plain(640), to: "f1.png")
        try folder.write(try plain(500), to: "f2.png")
        let source = StickerSource(name: "seq", folder: nil, content: .sequence(frames: ["f1.png", "f2.png"], timing: .fps(10), repetitions: 0),
                                   accessibilityLabel: "Seq")
        let repair = repairer([HalvingTestFix()]).repair(source, root: folder.path)
        XCTAssertEqual(repair.records, [])
        XCTAssertEqual(repair.files.map(\.bytes), [nil, nil])
        XCTAssertEqual(repair.refused.map(\.details), ["500x500 px -> 250x250 px"])
    }

    /// The whole path: `PackFixer` with the halving double; the text, JSON and HTML reports say the
    /// fix was refused and name the error it would have added; the copy keeps the source's bytes.
    func testReportsNameTheRefusedFixAndItsFinding() async throws {
        let source = try plain(500)
        try folder.write(source, to: "Art/five.png")
        let pack = try CatalogReader().read(at: folder.path + "/Art", config: nil)
        var fixer = PackFixer(configuration: CheckConfiguration(), settings: FixSettings(), toolVersion: "test")
        fixer.fixes.pixel = [HalvingTestFix()]
        let outcome = try await fixer.fix(pack, explicitConfig: nil, into: folder.path + "/Fixed")
        XCTAssertEqual(try FileIO.read(folder.path + "/Fixed/five.png"), source)
        let sticker = try XCTUnwrap(outcome.report.stickers.first)
        XCTAssertEqual(sticker.fixes, [])
        XCTAssertEqual(sticker.refusedFixes?.map(\.action), ["halve_for_test"])
        XCTAssertFalse(sticker.findings.contains { $0.rule == "dimensions_too_small" })

        let text = FixTextReporter().render(outcome, context: ReportContext(), dryRun: false)
        XCTAssertTrue(text.contains("""
            Refused (each would add an error; the sticker keeps what it had before that fix):
              five: dimensions_too_large halve_for_test rolled back (500x500 px -> 250x250 px): its result has the error \
            dimensions_too_small (250x250 px
            """), text)
        XCTAssertTrue(text.contains("which the source does not have\n"), text)

        let json = JSONReporter().render(outcome.report, context: ReportContext())
        XCTAssertTrue(json.contains("\"refusedFixes\""), json)
        let decoded = try JSONReporter.decode(json)
        XCTAssertEqual(decoded.stickers.first?.refusedFixes, sticker.refusedFixes)
        XCTAssertEqual(decoded.stickers.first?.refusedFixes?.first?.findings.first?.rule, "dimensions_too_small")

        let html = FixHTMLSection().render([.init(name: "five", fixes: [], refused: sticker.refusedFixes ?? [], before: nil, after: nil)],
                                           catalogFixes: [])
        XCTAssertTrue(html.contains("<li><strong>Refused</strong> <code>dimensions_too_large</code> halve_for_test (rolled back): "
                                    + "500x500 px -&gt; 250x250 px. Its result has the error <code>dimensions_too_small</code>: 250x250 px"), html)
    }
}
