import ImageCodec
import XCTest
@testable import StickerFixes
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// Flattens every edge pixel (alpha 16-254) on black, alpha kept, as a resampling or a later export
/// can: a test double standing for the scale that gave a 2000 px sticker its black fringe back.
struct RemattingTestFix: StickerFix {
    static let description = FixDescription(rules: ["exceeds_grid_size"], action: "remat_for_test",
                                            summary: "Mixes black into the edge (a test double).")
    static var examples: FixExamples { FixExamples(triggering: [], nonTriggering: []) }

    func apply(to work: inout FixWork, context: FixContext) throws -> FixRecord? {
        work.replacePixels(Self.matted)
        return FixRecord(rule: "exceeds_grid_size", action: "remat_for_test", details: "black mixed into the edge")
    }

    static func matted(_ buffer: PixelBuffer) -> PixelBuffer {
        var out = buffer
        for i in 0..<out.pixelCount {
            let a = Int(out.pixels[i * 4 + 3])
            guard a >= 16, a < 255 else { continue }
            for c in 0..<3 { out.pixels[i * 4 + c] = UInt8((Int(out.pixels[i * 4 + c]) * a + 127) / 255) }
        }
        return out
    }
}

/// Writes the work's pixels flattened on black as its file (a test double for a lossy fit whose
/// palette darkens the un-mixed edge): the written file has an edge_halo the pixels had not.
struct DarkeningFileTestFix: StickerFix {
    static let description = FixDescription(rules: ["file_too_large"], action: "fit_for_test",
                                            summary: "Writes a darkened edge (a test double).")
    static var examples: FixExamples { FixExamples(triggering: [], nonTriggering: []) }

    func apply(to work: inout FixWork, context: FixContext) throws -> FixRecord? {
        work.bytes = try PNGEncoder().encode(RemattingTestFix.matted(work.image.frames[0].image))
        return FixRecord(rule: "file_too_large", action: "fit_for_test", details: "fitted")
    }
}

/// `fix` leaves nothing `edge_halo` calls fixable (docs/fix.md): a matte a later pixel fix brings
/// back is removed again, and one a file fix writes is reported with its cause.
final class EdgeHaloSettleTests: XCTestCase {
    private var folder: TempFolder!
    private let context = FixContext(check: CheckContext(gridSize: .large))

    override func setUpWithError() throws { folder = try TempFolder("halosettle") }
    override func tearDown() { folder.remove() }

    private func source(_ buffer: PixelBuffer) throws -> StickerSource {
        try folder.write(try PNGEncoder().encode(buffer), to: "disc.png")
        return StickerSource(name: "disc", folder: nil, content: .file("disc.png"), accessibilityLabel: "Disc")
    }

    private func halos(in bytes: [UInt8]) throws -> [Finding] {
        let work = FixWork.example(try ImageDecoder().decode(bytes), name: "disc", bytes: bytes)
        return EdgeHaloCheck().check(work.subject, context: context.check)
    }

    func testAMatteALaterPixelFixBringsBackIsRemovedAgain() throws {
        let exported = EdgeExamples.featheredDisc(matte: RGBA(0, 0, 0), side: 300)
        var repairer = StickerRepairer(context: context)
        repairer.pixelFixes = [EdgeHaloFix(), RemattingTestFix()]
        repairer.fileFixes = []
        let repair = repairer.repair(try source(exported), root: folder.path)
        XCTAssertEqual(repair.records.map(\.action), ["unmix_matte", "remat_for_test"])
        let details = try XCTUnwrap(repair.records.first?.details)
        XCTAssertTrue(details.contains("; again after remat_for_test: removed a black matte"), details)
        let bytes = try XCTUnwrap(repair.files.first?.bytes)
        XCTAssertEqual(try halos(in: bytes), [], "nothing the check calls fixable is left")
        XCTAssertEqual(repair.problems, [])
        // Without the later fix the edge fix runs once, as before.
        repairer.pixelFixes = [EdgeHaloFix()]
        let once = repairer.repair(try source(exported), root: folder.path)
        XCTAssertFalse(try XCTUnwrap(once.records.first?.details).contains("again"))
    }

    func testAHaloAFileFixWritesIsReportedWithItsCause() throws {
        var repairer = StickerRepairer(context: context)
        repairer.pixelFixes = [EdgeHaloFix()]
        repairer.fileFixes = [DarkeningFileTestFix()]
        let repair = repairer.repair(try source(EdgeExamples.featheredDisc(matte: RGBA(0, 0, 0), side: 300)), root: folder.path)
        XCTAssertEqual(repair.records.map(\.action), ["unmix_matte", "fit_for_test"])
        XCTAssertEqual(repair.problems.count, 1)
        let problem = try XCTUnwrap(repair.problems.first)
        XCTAssertTrue(problem.hasPrefix("disc.png: edge_halo remains ("), problem)
        XCTAssertTrue(problem.contains("against a black matte"), problem)
        XCTAssertTrue(problem.contains("because file_too_large fit_for_test quantized the edge after the matte was removed"), problem)
        XCTAssertFalse(try halos(in: try XCTUnwrap(repair.files.first?.bytes)).isEmpty, "the double did write a halo")
        // A file fix that leaves the edge alone is not blamed.
        repairer.fileFixes = []
        XCTAssertEqual(repairer.repair(try source(EdgeExamples.featheredDisc(matte: RGBA(0, 0, 0), side: 300)),
                                       root: folder.path).problems, [])
    }

    func testTheHintPromisesFixOnlyOutsideAPalette() {
        XCTAssertTrue(EdgeHaloCheck.hint(paletteSize: nil).hasPrefix("Run `stickerforge fix` to remove the matte, or re-export"))
        let palette = EdgeHaloCheck.hint(paletteSize: 16)
        XCTAssertFalse(palette.contains("Run `stickerforge fix`"), palette)
        XCTAssertTrue(palette.hasPrefix("The edge's colours are entries of the file's 16-colour palette"), palette)
    }
}
