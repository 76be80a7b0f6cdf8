import Foundation
import ImageCodec
import TestSupport
import XCTest

/// `stickerforge inspect` says how it read what a file leaves to the decoder: a GIF without any
/// colour table, an APNG whose acTL browsers ignore.
final class InspectNotesEndToEndTests: CLIEndToEndTestCase {
    private func writeFiles() throws {
        let gif = GIFFixtureEncoder(width: 2, height: 1, globalPalette: nil, frames: [
            GIFFixtureFrame(width: 2, height: 1, indices: [0, 1], delayCentiseconds: 5),
            GIFFixtureFrame(width: 1, height: 1, indices: [1], delayCentiseconds: 5),
        ]).encode()
        _ = try temp.write(gif, to: "untabled.gif")
        var chunks = APNGFixture(width: 2, height: 2, frames: [.init(PixelBuffer(width: 2, height: 2, fill: RGBA(9, 9, 9))),
                                                              .init(PixelBuffer(width: 1, height: 1))]).chunks()
        chunks[1].data = PNGChunkWriter.be32(0) + PNGChunkWriter.be32(0)
        _ = try temp.write(PNGChunkWriter.file(chunks), to: "zero.png")
    }

    func testTextNotes() throws {
        try writeFiles()
        let result = try run(["inspect", "untabled.gif", "zero.png"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let notes = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  note: ") }
        XCTAssertEqual(notes, [
            "  note: the file has no colour table (neither global nor local): indices are drawn opaque black, as Chromium draws them",
            "  note: animation ignored: acTL declares 0 frames; browsers show the default image as a still, and so does StickerForge",
        ])
    }

    func testJSONNotes() throws {
        try writeFiles()
        let result = try run(["inspect", "--json", "untabled.gif", "zero.png"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let records = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let facts = records.map { $0["facts"] as? [String: Any] ?? [:] }
        XCTAssertEqual(facts[0]["framesWithoutColorTable"] as? [Int], [0, 1])
        XCTAssertEqual((records[0]["notes"] as? [String])?.first?.hasSuffix("indices are drawn opaque black, as Chromium draws them"), true)
        XCTAssertEqual(facts[1]["ignoredAnimation"] as? String, "acTL declares 0 frames")
        XCTAssertEqual(facts[1]["format"] as? String, "png")
        XCTAssertEqual(records[1]["frames"].map { ($0 as? [Any])?.count }, 1)
        XCTAssertEqual((records[1]["notes"] as? [String])?.count, 1)
    }

    /// A CMYK JPEG says how its inks became RGB: from its CMYK profile, or naively and why.
    func testCMYKNotes() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ImageCodecTests/Fixtures")
        for (source, name) in [("Color/cmyk-adobe-icc.jpg", "profiled.jpg"), ("JPEG/cmyk-adobe.jpg", "bare.jpg")] {
            _ = try temp.write([UInt8](try Data(contentsOf: fixtures.appendingPathComponent(source))), to: name)
        }
        let result = try run(["inspect", "profiled.jpg", "bare.jpg"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").filter { $0.hasPrefix("  note: ") }, [
            "  note: CMYK: inks converted to sRGB from the embedded CMYK profile \"StickerForge test inks (CMYK)\" with Little CMS 2 (Adobe inverted CMYK)",
            "  note: CMYK: inks converted with the naive formula R = (255 - C) x (255 - K) / 255, without colour management, "
                + "since no ICC profile is embedded; colours may be off",
        ])
    }

    /// A Lottie file lists the features StickerForge cannot draw as lottie-web draws them.
    func testLottieUnsupportedFeatureNotes() throws {
        let json = #"{"v":"5.7.4","fr":30,"ip":0,"op":2,"w":32,"h":32,"layers":[{"ty":4,"nm":"glow","ef":[{"ty":29,"ef":[]}],"#
            + #""ks":{},"ip":0,"op":2,"shapes":[]},{"ty":5,"nm":"title","ks":{},"ip":0,"op":2,"t":{}}]}"#
        _ = try temp.write(Array(json.utf8), to: "blur.json")
        let result = try run(["inspect", "blur.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").filter { $0.hasPrefix("  note: ") }, [
            "  note: unsupported Lottie feature: Gaussian Blur effect on layer 'glow' (not drawn as lottie-web draws it)",
            "  note: unsupported Lottie feature: text layer on layer 'title' (not drawn as lottie-web draws it)",
        ])
    }
}
