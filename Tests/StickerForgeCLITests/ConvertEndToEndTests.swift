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
