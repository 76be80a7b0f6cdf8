import Foundation
import ImageCodec
import XCTest

/// `stickerforge convert` through the built binary: GIF to exact APNG, JPEG to PNG, bad files reported.
final class ConvertEndToEndTests: CLIEndToEndTestCase {
    func testConvertsGoodFilesAndReportsTheBadOne() throws {
        _ = try temp.copySample("StarterPack/sparkle.gif", as: "in/sparkle.gif")
        _ = try temp.copySample("StarterPack/photo.jpg", as: "in/photo.jpg")
        try temp.write(Array("GIF89a".utf8) + [0x10, 0x00, 0x10, 0x00, 0xFF, 0x00], to: "in/BAD.gif")
        let before = try tree(temp.path("in"))

        let result = try run(["convert", "in/sparkle.gif", "in/photo.jpg", "in/BAD.gif", "--output-dir", "C", "--effort", "fast"])
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertEqual(try tree(temp.path("in")), before, "sources are only read")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temp.path("C")).sorted(), ["photo.png", "sparkle.png"])
        XCTAssertTrue(result.stderr.contains("error: in/BAD.gif: "), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("1 of 3 files failed; the others were converted.\n"), result.stderr)
        XCTAssertFalse(result.stdout.contains("BAD"))

        let sparkleSize = try CLIPaths.bytes(temp.path("C/sparkle.png")).count
        XCTAssertTrue(result.stdout.contains("in/sparkle.gif -> C/sparkle.png: 300x300 APNG, 12 frames, 960 ms per loop, loops forever, \(sparkleSize) bytes\n"),
                      result.stdout)
        let gif = try decode(temp.path("in/sparkle.gif"))
        let apng = try decode(temp.path("C/sparkle.png"))
        XCTAssertEqual(apng.facts.format, .apng)
        XCTAssertEqual(apng.loopCount, 0)
        XCTAssertEqual(apng.frames.count, 12)
        XCTAssertEqual(gif.frames.count, 12)
        for (index, (converted, original)) in zip(apng.frames, gif.frames).enumerated() {
            XCTAssertTrue(converted.delay.isSameDuration(as: .milliseconds(80)), "frame \(index): \(converted.delay)")
            XCTAssertNil(CLIPixels.firstDifference(converted.image, original.image), "frame \(index)")
        }

        let photoSize = try CLIPaths.bytes(temp.path("C/photo.png")).count
        XCTAssertTrue(result.stdout.contains("in/photo.jpg -> C/photo.png: 408x408 PNG, \(photoSize) bytes\n"), result.stdout)
        let png = try decode(temp.path("C/photo.png"))
        XCTAssertEqual(png.facts.format, .png)
        XCTAssertEqual(png.frames.count, 1)
        XCTAssertNil(CLIPixels.firstDifference(png.frames[0].image, try decode(temp.path("in/photo.jpg")).frames[0].image))
    }
}

/// `convert --fit` and `build --fit` through the built binary.
final class FitEndToEndTests: CLIEndToEndTestCase {
    func testConvertFitsUnderTheLimitOrFailsThatFileWithTheFigures() throws {
        _ = try temp.copySample("StarterPack/sparkle.gif", as: "in/sparkle.gif")
        let lossy = try run(["convert", "in/sparkle.gif", "--output-dir", "L", "--fit", "--lossy", "--max-bytes", "15000",
                             "--min-quality", "0.5", "--grid-size", "small", "--quiet"])
        XCTAssertEqual(lossy.status, 0, lossy.stdout + lossy.stderr)
        let bytes = try CLIPaths.bytes(temp.path("L/sparkle.png"))
        XCTAssertLessThanOrEqual(bytes.count, 15000)
        XCTAssertTrue(lossy.stdout.contains("  fitted: "), lossy.stdout)
        XCTAssertTrue(lossy.stdout.contains(" under the limit); quality 0."), lossy.stdout)
        XCTAssertEqual(try decode(temp.path("L/sparkle.png")).loopDurationMilliseconds, 960, accuracy: 1)

        // A GIF is already lossy (a palette): --fit alone may take lossy steps, held to the
        // default quality floor, and says so.
        let implicit = try run(["convert", "in/sparkle.gif", "--output-dir", "G", "--fit", "--max-bytes", "15000"])
        XCTAssertEqual(implicit.status, 0, implicit.stdout + implicit.stderr)
        XCTAssertLessThanOrEqual(try CLIPaths.bytes(temp.path("G/sparkle.png")).count, 15000)
        XCTAssertTrue(implicit.stdout.contains(" under the limit); lossy without --lossy: the source is a GIF, already a palette of at most 256 colours; quality 0.9"),
                      implicit.stdout)

        // A lossless source (the exact APNG of that GIF) loses nothing without --lossy.
        XCTAssertEqual(try run(["convert", "in/sparkle.gif", "--output-dir", "A", "--quiet"]).status, 0)
        let strict = try run(["convert", "A/sparkle.png", "--output-dir", "S", "--fit", "--max-bytes", "15000", "--quiet"])
        XCTAssertEqual(strict.status, 1, strict.stdout + strict.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temp.path("S")), [], "nothing over the limit is left behind")
        XCTAssertTrue(strict.stderr.hasPrefix("error: A/sparkle.png: does not fit: lossless output is "), strict.stderr)
        XCTAssertTrue(strict.stderr.contains("over the limit of 15000 bytes; allow lossy fitting (--lossy)"), strict.stderr)
        XCTAssertTrue(strict.stderr.hasSuffix("1 of 1 files failed; nothing was converted.\n"), strict.stderr)
    }

    /// Issue 19: the catalog says the grid size the build used, also when it comes from --grid-size,
    /// so `check` on the output agrees with the build (no exceeds_grid_size on 618 px stickers).
    func testTheCatalogsGridSizeFollowsTheGridSizeFlag() throws {
        _ = try temp.copySample("StarterPack/heart.png", as: "pack/heart.png")
        let result = try run(["build", temp.path("pack"), "--output", "out", "--grid-size", "large", "--fit", "--quiet"])
        XCTAssertNotEqual(result.status, 2, result.stdout + result.stderr)
        let packFolder = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: temp.path("out/Stickers.xcstickers"))
            .first { $0.hasSuffix(".stickerpack") })
        let contents = try XCTUnwrap(JSONSerialization.jsonObject(
            with: Data(try CLIPaths.bytes(temp.path("out/Stickers.xcstickers/\(packFolder)/Contents.json")))) as? [String: Any])
        XCTAssertEqual((contents["properties"] as? [String: Any])?["grid-size"] as? String, "large")
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try CLIPaths.bytes(temp.path("out/manifest.json")))) as? [String: Any])
        XCTAssertEqual((manifest["pack"] as? [String: Any])?["gridSize"] as? String, "large")
    }

    func testBuildFitsAGIFOverTheLimitLosslesslyAndRecordsIt() throws {
        _ = try temp.copySample("StarterPack/sparkle.gif", as: "pack/sparkle.gif")
        _ = try temp.copySample("StarterPack/heart.png", as: "pack/heart.png")
        try temp.write(Array("name: Fit\ngrid_size: small\nmax_bytes: 30000\nfit: true\n".utf8), to: "pack/stickerforge.yml")
        let result = try run(["build", temp.path("pack"), "--output", "out", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("file_too_large"), result.stdout)
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try CLIPaths.bytes(temp.path("out/manifest.json")))) as? [String: Any])
        let stickers = try XCTUnwrap(manifest["stickers"] as? [[String: Any]])
        // The 52,024-byte GIF is over the limit: converted to an exact APNG that fits, losslessly.
        let sparkle = try XCTUnwrap(stickers.first { $0["name"] as? String == "sparkle" })
        XCTAssertEqual(sparkle["format"] as? String, "apng")
        let fit = try XCTUnwrap(sparkle["fit"] as? [String: Any])
        XCTAssertEqual(fit["lossless"] as? Bool, true)
        XCTAssertEqual(fit["quality"] as? Double, 1)
        XCTAssertEqual(fit["finalBytes"] as? Int, sparkle["bytes"] as? Int)
        XCTAssertLessThanOrEqual(try XCTUnwrap(sparkle["bytes"] as? Int), 30000)
        let built = try decode(temp.path("out/" + (try XCTUnwrap(sparkle["file"] as? String))))
        let source = try decode(temp.path("pack/sparkle.gif"))
        for (a, b) in zip(built.frames, source.frames) { XCTAssertNil(CLIPixels.firstDifference(a.image, b.image)) }
        // A sticker under the limit but larger than the small grid's 300 px cell is placed into it (issue 19).
        let heart = try XCTUnwrap(stickers.first { $0["name"] as? String == "heart" })
        XCTAssertEqual([heart["width"] as? Int, heart["height"] as? Int], [300, 300])
        XCTAssertEqual((heart["fit"] as? [String: Any])?["placement"] as? String,
                       "408x408 px -> 300x300 px (scale 0.7353) into the 300 px grid cell")
    }
}

/// `convert --to webp|webm|png|apng` through the built binary: the files read back with timing.
final class ConvertFormatEndToEndTests: CLIEndToEndTestCase {
    func testConvertsToWebPAndWebMAndRefusesAnAnimationAsPNG() throws {
        _ = try temp.copySample("StarterPack/sparkle.gif", as: "in/sparkle.gif")
        let gif = try decode(temp.path("in/sparkle.gif"))

        let webp = try run(["convert", "in/sparkle.gif", "--output-dir", "P", "--to", "webp", "--quiet"])
        XCTAssertEqual(webp.status, 0, webp.stdout + webp.stderr)
        let size = try CLIPaths.bytes(temp.path("P/sparkle.webp")).count
        XCTAssertTrue(webp.stdout.contains("in/sparkle.gif -> P/sparkle.webp: 300x300 WebP, 12 frames, 960 ms per loop, "
                                           + "loops forever, \(size) bytes\n"), webp.stdout)
        let decoded = try decode(temp.path("P/sparkle.webp"))
        XCTAssertEqual(decoded.facts.format, .webp)
        XCTAssertEqual(decoded.frames.count, 12)
        for (got, want) in zip(decoded.frames, gif.frames) {
            XCTAssertNil(CLIPixels.firstDifference(got.image, want.image))
            XCTAssertEqual(got.delay.milliseconds, 80)
        }

        let webm = try run(["convert", "in/sparkle.gif", "--output-dir", "M", "--to", "webm", "--fit", "--max-bytes", "40000", "--quiet"])
        XCTAssertEqual(webm.status, 0, webm.stdout + webm.stderr)
        XCTAssertLessThanOrEqual(try CLIPaths.bytes(temp.path("M/sparkle.webm")).count, 40000)
        XCTAssertTrue(webm.stdout.contains("  fitted: "), webm.stdout)
        let video = try decode(temp.path("M/sparkle.webm"))
        XCTAssertEqual(video.facts.format, .webm)
        XCTAssertEqual(video.loopDurationMilliseconds, 960, accuracy: 0.001)

        let png = try run(["convert", "in/sparkle.gif", "--output-dir", "N", "--to", "png", "--quiet"])
        XCTAssertEqual(png.status, 1)
        XCTAssertTrue(png.stderr.contains("--to png writes stills only"), png.stderr)

        let bad = try run(["convert", "in/sparkle.gif", "--output-dir", "N", "--to", "avif"])
        XCTAssertEqual(bad.status, 64, bad.stderr)
    }
}
