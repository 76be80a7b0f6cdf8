import Foundation
import ImageCodec
import TestSupport
import XCTest

/// `stickerforge inspect` and `preview` through the built binary.
final class InspectPreviewEndToEndTests: CLIEndToEndTestCase {
    func testInspectJSONStatesEachFormatsFacts() throws {
        _ = try temp.copySample("StarterPack/heart.png", as: "heart.png")
        _ = try temp.copySample("StarterPack/sparkle.gif", as: "sparkle.gif")
        _ = try temp.copySample("StarterPack/photo.jpg", as: "photo.jpg")
        // An APNG written independently of StickerForge's encoder: 3 frames of 1/12 s, 2 plays.
        let frames = [RGBA(255, 0, 0), RGBA(0, 255, 0, 128), RGBA(0, 0, 255)].map {
            APNGFixture.FrameSpec(PixelBuffer(width: 4, height: 3, fill: $0), delay: (1, 12))
        }
        try temp.write(APNGFixture(width: 4, height: 3, plays: 2, frames: frames).bytes(), to: "anim.png")

        let result = try run(["inspect", "--json", "heart.png", "anim.png", "sparkle.gif", "photo.jpg"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let records = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(records.compactMap { $0["file"] as? String }, ["heart.png", "anim.png", "sparkle.gif", "photo.jpg"])
        func facts(_ i: Int) -> [String: Any] { records[i]["facts"] as? [String: Any] ?? [:] }
        func frameList(_ i: Int) -> [[String: Any]] { records[i]["frames"] as? [[String: Any]] ?? [] }

        XCTAssertEqual(facts(0)["format"] as? String, "png")
        XCTAssertEqual(facts(0)["frameCount"] as? Int, 1)
        XCTAssertEqual(frameList(0).count, 1)
        XCTAssertEqual(records[0]["width"] as? Int, 408)
        XCTAssertEqual(facts(0)["colorModel"] as? String, "rgba")
        XCTAssertEqual(facts(0)["fileSize"] as? Int, 22159)

        XCTAssertEqual(facts(1)["format"] as? String, "apng")
        XCTAssertEqual(facts(1)["frameCount"] as? Int, 3)
        XCTAssertEqual(records[1]["loopCount"] as? Int, 2)
        XCTAssertEqual(frameList(1).map { $0["delayNumerator"] as? Int }, [1, 1, 1])
        XCTAssertEqual(frameList(1).map { $0["delayDenominator"] as? Int }, [12, 12, 12])
        XCTAssertEqual(try XCTUnwrap(records[1]["durationMs"] as? Double), 250, accuracy: 1e-9)

        XCTAssertEqual(facts(2)["format"] as? String, "gif")
        XCTAssertEqual(facts(2)["frameCount"] as? Int, 12)
        XCTAssertEqual(frameList(2).count, 12)
        XCTAssertEqual(records[2]["loopCount"] as? Int, 0)
        XCTAssertEqual(records[2]["durationMs"] as? Double, 960)
        XCTAssertEqual(frameList(2).map { $0["delayMs"] as? Double }, Array(repeating: 80, count: 12))
        XCTAssertEqual(facts(2)["transparency"] as? String, "gif-transparent-index")

        XCTAssertEqual(facts(3)["format"] as? String, "jpeg")
        XCTAssertEqual(facts(3)["frameCount"] as? Int, 1)
        XCTAssertEqual(facts(3)["transparency"] as? String, "none")
        for record in records { XCTAssertNil(record["error"], "\(record["file"] ?? "")") }
    }

    func testInspectReportsAnUnreadableFileAndGoesOn() throws {
        _ = try temp.copySample("StarterPack/heart.png", as: "heart.png")
        try temp.write(Array("not an image".utf8), to: "notes.png")
        let result = try run(["inspect", "notes.png", "heart.png"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, """
            notes.png: error: not a PNG, APNG, GIF, JPEG, WebP, WebM, Lottie JSON or TGS file (unrecognised bytes)

            heart.png: PNG 408x408, 1 frame, 22159 bytes
              pixels: 8-bit rgba, transparency: alpha-channel
              colour: no colour information (assumed sRGB)

            """)
    }

    func testPreviewSheetSizeAndBackgrounds() throws {
        _ = try temp.copySample("StarterPack")
        let result = try run(["preview", "StarterPack", "--output", "sheet.png", "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        // Regular grid: 136 pt cells at 2 px per point, 12 px gaps, 5 backgrounds by 7 stickers; each
        // row headed by a 20 px label strip (the 5x7 font at 2 px, and 6 px).
        let label = 20, top = 12 + label
        let width = 12 + 5 * (272 + 12), height = 12 + 7 * (272 + label + 12)
        XCTAssertEqual(result.stdout, "sheet.png: \(width)x\(height) px, 7 stickers on dark, light, transparency, sent bubble, photo\n")
        let sheet = try decode(temp.path("sheet.png"))
        XCTAssertEqual(sheet.facts.format, .png)
        XCTAssertEqual(sheet.width, width)
        XCTAssertEqual(sheet.height, height)
        let pixels = sheet.frames[0].image
        XCTAssertEqual(pixels[0, 0], RGBA(236, 236, 240), "the sheet's own colour around the tiles")
        XCTAssertEqual(pixels[12, top], RGBA(0, 0, 0), "the dark tile's corner, outside the sun's disc")
        XCTAssertEqual(pixels[12 + 284, top], RGBA(255, 255, 255), "the light tile's corner")
        XCTAssertEqual(pixels[12 + 3 * 284, top], RGBA(11, 132, 255), "the bubble tile's corner")
        XCTAssertNotEqual(pixels[12 + 136, top + 136], RGBA(0, 0, 0), "the sun covers the dark tile's centre")
        // "SUN ..." heads the first row: the S's top row is .####, drawn 2 px per font pixel.
        XCTAssertEqual((0..<10).map { pixels[12 + $0, 12] == RGBA(40, 40, 48) },
                       [false, false, true, true, true, true, true, true, true, true])
    }
}
