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

/// A foreign format (WebP) in a pack: `check` reports it as `unsupported_format` (it cannot ship)
/// with a conversion hint while the other checks judge its pixels; `convert` and `build` turn it
/// into PNG/APNG exactly; the HTML report card shows its decoded frames.
final class ForeignFormatPackTests: XCTestCase {
    private func folderPack() throws -> (TemporaryFolder, StickerPack) {
        let folder = try TemporaryFolder()
        try folder.write("pack/Wave.webp", try WebPFixtures.bytes("anim.webp"))
        try folder.write("pack/Blob.webp", try WebPFixtures.bytes("lossless.webp"))
        let pack = StickerPack(name: "Foreign", root: folder.path + "/pack", kind: .folder, gridSize: .small, stickers: [
            StickerSource(name: "Wave", folder: nil, content: .file("Wave.webp"), accessibilityLabel: "A wave"),
            StickerSource(name: "Blob", folder: nil, content: .file("Blob.webp"), accessibilityLabel: "A blob"),
        ], iconSet: nil, problems: [])
        return (folder, pack)
    }

    func testConvertingAnAnimatedWebPIsExactToItsDecodedFrames() throws {
        let source = try WebPFixtures.bytes("anim.webp")
        let decoded = try ImageDecoder().decode(source)
        let result = try StickerConverter(effort: .fast).convert(source, name: "Wave.webp")
        XCTAssertEqual(result.format, .apng)
        XCTAssertEqual(result.sourceFormat, .webp)
        XCTAssertEqual([result.framesIn, result.loopCount, result.width, result.height], [4, 3, 48, 32])
        XCTAssertEqual(result.loopDurationMs, 250)
        let back = try ImageDecoder().decode(result.bytes)
        XCTAssertEqual(back.facts.format, .apng)
        XCTAssertEqual(back.loopCount, 3)
        XCTAssertEqual(back.frames.map(\.delay.milliseconds), [40, 70, 120, 20])
        // Exact, with colour under alpha 0 stored as transparent black as the APNG writer always does.
        XCTAssertEqual(back.frames.map(\.image), decoded.frames.map { $0.image.normalizedTransparent() })
    }

    func testConvertingAStillWebPGivesAnExactPNG() throws {
        let result = try StickerConverter(effort: .fast).convert(try WebPFixtures.bytes("alpha-lossy.webp"), name: "a.webp")
        XCTAssertEqual(result.format, .png)
        XCTAssertEqual(try ImageDecoder().decode(result.bytes).frames[0].image,
                       try ImageDecoder().decode(try WebPFixtures.bytes("alpha-lossy.webp")).frames[0].image.normalizedTransparent())
    }

    func testCheckReportsUnsupportedFormatWithAConvertHintAndJudgesThePixels() async throws {
        let (folder, pack) = try folderPack()
        _ = folder
        let report = await PackChecker(configuration: CheckConfiguration(), toolVersion: "1").check(pack)
        let wave = try XCTUnwrap(report.stickers.first { $0.name == "Wave" })
        let format = try XCTUnwrap(wave.findings.first { $0.rule == "unsupported_format" })
        XCTAssertEqual(format.severity, .error)
        XCTAssertEqual(format.message, "Wave.webp holds WebP image data, which cannot ship in an iMessage pack")
        XCTAssertEqual(format.hint, "`stickerforge build` converts it to APNG on the way, or run `stickerforge convert Wave.webp` "
                       + "to get the PNG/APNG yourself; Messages accepts only PNG, APNG, GIF and JPEG.")
        let blob = try XCTUnwrap(report.stickers.first { $0.name == "Blob" })
        XCTAssertTrue(blob.findings.contains { $0.rule == "unsupported_format" && $0.hint.contains("converts it to PNG") })
        // The pixels were decoded and judged: 48x32 is too small and not square.
        XCTAssertEqual(wave.facts?.width, 48)
        XCTAssertTrue(wave.findings.contains { $0.rule == "dimensions_too_small" })
        XCTAssertFalse(report.findings.contains { $0.rule == "corrupt_image" || $0.rule == "file_too_large" })
    }

    func testBuildShipsAPNGAndPNGNamingTheOriginal() async throws {
        let (folder, pack) = try folderPack()
        let builder = PackBuilder(options: PackBuildOptions(outputDirectory: folder.path + "/out", effort: .fast))
        let plan = try await builder.prepare(pack)
        XCTAssertEqual(plan.findings.map(\.rule), ["icon_slot_missing"])
        let wave = try XCTUnwrap(plan.manifest.stickers.first { $0.name == "Wave" })
        XCTAssertEqual(wave.format, "apng")
        XCTAssertEqual(wave.sources, ["Wave.webp"])
        XCTAssertTrue(wave.file.hasSuffix("Wave.sticker/Wave.png"), wave.file)
        XCTAssertEqual([wave.frames, wave.loops, wave.width, wave.height], [4, 3, 48, 32])
        let shipped = try ImageDecoder().decode(try XCTUnwrap(plan.files[wave.file]))
        XCTAssertEqual(shipped.frames.map(\.image),
                       try ImageDecoder().decode(try WebPFixtures.bytes("anim.webp")).frames.map { $0.image.normalizedTransparent() })
        let blob = try XCTUnwrap(plan.manifest.stickers.first { $0.name == "Blob" })
        XCTAssertEqual(blob.format, "png")
        XCTAssertEqual(blob.sources, ["Blob.webp"])
        // The check's unsupported_format errors are settled by the conversion.
        let report = await PackChecker(configuration: CheckConfiguration(), toolVersion: "1").check(pack)
        XCTAssertEqual(report.findings.filter { $0.rule == "unsupported_format" }.count, 2)
        XCTAssertEqual(plan.unsettledFormatFindings(of: report), [])
    }

    func testBuildWithFitFitsAForeignFileEvenUnderTheLimit() async throws {
        let (folder, pack) = try folderPack()
        let fit = FitTarget(options: FitOptions(maxBytes: 500_000, effort: .fast, minSide: 16), gridSize: .small)
        let plan = try await PackBuilder(options: PackBuildOptions(outputDirectory: folder.path + "/out", effort: .fast, fit: fit))
            .prepare(pack)
        let wave = try XCTUnwrap(plan.manifest.stickers.first { $0.name == "Wave" })
        XCTAssertEqual(wave.format, "apng")
        XCTAssertNotNil(wave.fit)
        XCTAssertEqual(wave.sources, ["Wave.webp"])
    }

    func testReportCardShowsTheDecodedFramesAsAnAPNG() throws {
        let bytes = try WebPFixtures.bytes("anim.webp")
        let image = try ImageDecoder().decode(bytes)
        let subject = StickerSubject.example(image: image, name: "Wave", file: "Wave.webp", byteCount: bytes.count)
        let media = try XCTUnwrap(StickerMediaBuilder().media(for: subject, fileBytes: bytes, findings: []))
        XCTAssertEqual(media.mimeType, "image/png")
        let shown = try ImageDecoder().decode(media.data)
        XCTAssertEqual(shown.facts.format, .apng)
        XCTAssertEqual(shown.frames.map(\.image), image.frames.map { $0.image.normalizedTransparent() })
        // After a build, the card shows the APNG that ships, byte for byte.
        let built = try StickerConverter(effort: .fast).convert(bytes, name: "Wave.webp").bytes
        XCTAssertEqual(StickerMediaBuilder().media(for: subject, fileBytes: built, findings: [])?.data, built)
    }
}
