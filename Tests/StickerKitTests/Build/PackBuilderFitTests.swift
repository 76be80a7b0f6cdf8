import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// `build --fit`: stickers over the limit are fitted with the real encoder, the manifest says what
/// was done, and a sticker that cannot be fitted is still built and reported with the reason.
final class PackBuilderFitTests: XCTestCase {
    private struct Fixture {
        let folder: TemporaryFolder
        let pack: StickerPack
        let losslessBytes: Int
    }

    /// "Noisy": a 4-frame sequence too colourful for a palette; "Dot": a small still.
    private func fixture() throws -> Fixture {
        try RealCodec.require()
        let folder = try TemporaryFolder()
        let frames = FitFixtures.frames(count: 4, side: 32, delay: .milliseconds(100))
        for (i, f) in frames.enumerated() { try folder.write("cat/Noisy/f\(i + 1).png", try PNGEncoder().encode(f.image)) }
        try folder.write("cat/Dot.sticker/dot.png", try PNGEncoder().encode(PixelBuffer(width: 4, height: 4, fill: RGBA(9, 8, 7))))
        let pack = StickerPack(name: "Fit", root: folder.path + "/cat", kind: .folder, gridSize: .regular, stickers: [
            StickerSource(name: "Noisy", folder: "Noisy", content: .sequence(frames: (1...4).map { "Noisy/f\($0).png" },
                                                                             timing: .fps(10), repetitions: 0), accessibilityLabel: nil),
            StickerSource(name: "Dot", folder: "Dot.sticker", content: .file("Dot.sticker/dot.png"), accessibilityLabel: nil),
        ], iconSet: nil, problems: [])
        let lossless = try PNGEncoder(options: PNGEncodeOptions(effort: .fast)).encodeAnimation(frames, loopCount: 0).count
        return Fixture(folder: folder, pack: pack, losslessBytes: lossless)
    }

    private func options(_ f: Fixture, out: String, limit: Int, lossy: Bool) -> PackBuildOptions {
        // minSide 1: these tiny stickers stay at their size (placing them into the cell is PackBuilderCellTests').
        let fit = FitTarget(options: FitOptions(maxBytes: limit, lossy: lossy, minQuality: 0.5, effort: .fast, minSide: 1), gridSize: .regular)
        return PackBuildOptions(outputDirectory: f.folder.path + "/" + out, effort: .fast, maxBytes: limit, fit: fit)
    }

    func testLossyFitIsWrittenUnderTheLimitAndDescribedInTheManifest() async throws {
        let f = try fixture()
        let limit = f.losslessBytes * 2 / 3
        let builder = PackBuilder(options: options(f, out: "out", limit: limit, lossy: true))
        let plan = try await builder.prepare(f.pack)
        XCTAssertEqual(plan.findings.map(\.rule), ["icon_slot_missing"])
        let noisy = try XCTUnwrap(plan.manifest.stickers.first { $0.name == "Noisy" })
        let report = try XCTUnwrap(noisy.fit)
        XCTAssertFalse(report.lossless)
        XCTAssertLessThanOrEqual(noisy.bytes, limit)
        XCTAssertEqual(report.finalBytes, noisy.bytes)
        XCTAssertEqual(report.headroom, limit - noisy.bytes)
        XCTAssertEqual(report.maxBytes, limit)
        XCTAssertEqual(report.framesIn, 4)
        XCTAssertEqual(noisy.frames, 4 - report.framesDropped)
        XCTAssertEqual(report.loopDurationMs, 400, accuracy: 1e-9)
        XCTAssertGreaterThanOrEqual(report.quality, 0.5)
        XCTAssertFalse(report.scaledBelowGridCell)
        XCTAssertEqual(report.timeBudgetSeconds, FitOptions.defaultTimeBudget)
        XCTAssertTrue(report.candidates.contains { $0.hasPrefix("32x32, 4 frames, palette ") }, "\(report.candidates)")
        XCTAssertGreaterThan(report.seconds, 0)
        let file = try XCTUnwrap(plan.files[noisy.file])
        XCTAssertEqual(Digest.hex(file), noisy.sha256)
        XCTAssertEqual(try ImageDecoder().decode(file).loopDurationMilliseconds, 400, accuracy: 1)
        // Under the limit as it is: never fitted, and the manifest has no fit object for it.
        XCTAssertNil(try XCTUnwrap(plan.manifest.stickers.first { $0.name == "Dot" }).fit)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try XCTUnwrap(plan.files["manifest.json"]))) as? [String: Any])
        let entries = try XCTUnwrap(json["stickers"] as? [[String: Any]])
        let keys = Set((try XCTUnwrap(entries[0]["fit"] as? [String: Any])).keys)
        let always: Set = ["lossless", "steps", "losslessBytes", "finalBytes", "maxBytes", "headroom", "quality", "qualityMetric",
                           "framesIn", "framesDropped", "framesMerged", "dithering", "scale", "width", "height", "loopDurationMs", "encodes",
                           "scaledBelowGridCell", "candidates", "timeBudgetSeconds", "timeBudgetReached", "timeBudgetWallClock",
                           "belowQualityFloor", "searchCost"]
        XCTAssertTrue(always.isSubset(of: keys), "\(keys)")
        // What the search cost: every encode counted, full (each a whole candidate) or partial (a
        // calibration still), and the pixels of them all against the file's own.
        let cost = try XCTUnwrap(entries[0]["fit"] as? [String: Any])["searchCost"] as? [String: Any]
        XCTAssertEqual(Set(try XCTUnwrap(cost).keys), ["fullEncodes", "partialEncodes", "encodedPixels", "outputPixels", "cost"])
        let searched = try XCTUnwrap(report.searchCost)
        XCTAssertEqual(searched.fullEncodes + searched.partialEncodes, report.encodes)
        XCTAssertEqual(searched.outputPixels, noisy.frames * 32 * 32)
        XCTAssertGreaterThan(searched.encodedPixels, searched.outputPixels)
        XCTAssertEqual(cost?["cost"] as? Double, searched.cost)
        // The wall seconds differ from run to run: never in the manifest, which builds are compared by.
        XCTAssertFalse(keys.contains("seconds"))
        // A palette size (the file is palette-based) and/or levels per channel (how it was reduced).
        XCTAssertFalse(keys.subtracting(always).isEmpty, "\(keys)")
        XCTAssertTrue(keys.subtracting(always).isSubset(of: ["colours", "bitsPerChannel"]), "\(keys)")
        XCTAssertEqual(keys.contains("colours"), report.colours != nil)
        XCTAssertEqual(keys.contains("bitsPerChannel"), report.bitsPerChannel != nil)
        XCTAssertNil(entries[1]["fit"])
    }

    func testLosslessOnlyFitThatMissesStillBuildsAndSaysWhy() async throws {
        let f = try fixture()
        let limit = f.losslessBytes / 2
        let builder = PackBuilder(options: options(f, out: "out", limit: limit, lossy: false))
        let plan = try await builder.prepare(f.pack)
        let noisy = try XCTUnwrap(plan.manifest.stickers.first { $0.name == "Noisy" })
        // The lossless file (placed into the cell, which it already was), over the limit and saying so.
        XCTAssertEqual(noisy.fit?.lossless, true)
        XCTAssertNil(noisy.fit?.placement)
        XCTAssertEqual(noisy.fit?.headroom, limit - noisy.bytes)
        XCTAssertGreaterThan(noisy.bytes, limit)
        let tooLarge = plan.findings.filter { $0.rule != "icon_slot_missing" }
        let finding = try XCTUnwrap(tooLarge.first)
        XCTAssertEqual(tooLarge.count, 1)
        XCTAssertEqual(finding.rule, "file_too_large")
        XCTAssertEqual(finding.sticker, "Noisy")
        XCTAssertTrue(finding.hint.hasPrefix("--fit could not get it under the limit: lossless output is "), finding.hint)
        // A rebuild reuses the sticker and reports the same finding.
        try builder.write(plan, to: f.folder.path + "/out")
        let again = try await builder.prepare(f.pack)
        XCTAssertEqual(again.reusedCount, 2)
        XCTAssertEqual(again.findings, plan.findings)
    }

    func testBelowTheFloorTheBestCandidateUnderTheLimitShipsAndIsReported() async throws {
        let f = try fixture()
        let limit = f.losslessBytes * 2 / 3
        var opts = options(f, out: "out", limit: limit, lossy: true)
        opts.fit?.options.minQuality = 0.9999
        let plan = try await PackBuilder(options: opts).prepare(f.pack)
        let noisy = try XCTUnwrap(plan.manifest.stickers.first { $0.name == "Noisy" })
        let fit = try XCTUnwrap(noisy.fit)
        XCTAssertLessThanOrEqual(noisy.bytes, limit)
        XCTAssertTrue(fit.belowQualityFloor)
        XCTAssertLessThan(fit.quality, 0.9999)
        XCTAssertTrue(fit.steps.last?.hasSuffix("below the floor of 0.9999: the best candidate under the limit, kept") ?? false, "\(fit.steps)")
        let findings = plan.findings.filter { $0.rule != "icon_slot_missing" }
        XCTAssertEqual(findings.map(\.rule), ["fit_below_quality_floor"])
        XCTAssertEqual(findings.first?.severity, .warning)
        XCTAssertTrue(findings.first?.message.hasPrefix("fitted at quality 0.") ?? false, "\(findings)")
        XCTAssertTrue(findings.first?.message.contains("below the floor of 0.9999: \(NumberText.int(noisy.bytes)) bytes, limit ") ?? false,
                      "\(findings)")
    }

    func testFitSettingsArePartOfTheBuildKey() async throws {
        let f = try fixture()
        let limit = f.losslessBytes * 2 / 3
        let first = PackBuilder(options: options(f, out: "out", limit: limit, lossy: true))
        try first.write(try await first.prepare(f.pack), to: f.folder.path + "/out")
        var changed = options(f, out: "out", limit: limit, lossy: true)
        changed.fit?.options.minQuality = 0.6
        let plan = try await PackBuilder(options: changed).prepare(f.pack)
        XCTAssertEqual(plan.reusedCount, 0)
    }
}
