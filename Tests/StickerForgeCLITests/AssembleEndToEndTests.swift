import Foundation
import ImageCodec
import XCTest

/// `stickerforge assemble` and `frames` through the built binary: exact frames, exact delays.
final class AssembleEndToEndTests: CLIEndToEndTestCase {
    /// The sample's wave frame `n` (1-based), decoded.
    private func waveFrame(_ n: Int) throws -> PixelBuffer {
        try decode(CLIPaths.sample("StarterPack/wave/wave_\(n).png")).frames[0].image
    }

    func testAssembleFolderAtTwelveFPSThenDisassemble() throws {
        _ = try temp.copySample("StarterPack/wave", as: "wave")
        let assembled = try run(["assemble", "wave", "--fps", "12", "--output", "x.png", "--effort", "fast"])
        XCTAssertEqual(assembled.status, 0, assembled.stderr)
        let size = try CLIPaths.bytes(temp.path("x.png")).count
        XCTAssertEqual(assembled.stdout, "x.png: 408x408, 24 frames -> 24 written, 2000 ms per loop, loops forever, \(size) bytes\n")

        let frames = try run(["frames", "x.png", "--output-dir", "F"])
        XCTAssertEqual(frames.status, 0, frames.stderr)
        XCTAssertEqual(frames.stdout, "24 frames written to F\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: temp.path("F")).sorted()
        XCTAssertEqual(names, (0..<24).map { String(format: "frame_%03d.png", $0) } + ["frames.json"])

        let manifest = try jsonFile("F/frames.json")
        XCTAssertEqual(manifest["loopCount"] as? Int, 0)
        let canvas = try XCTUnwrap(manifest["canvas"] as? [String: Any])
        XCTAssertEqual(canvas["width"] as? Int, 408)
        XCTAssertEqual(canvas["height"] as? Int, 408)
        let entries = try XCTUnwrap(manifest["frames"] as? [[String: Any]])
        XCTAssertEqual(entries.count, 24)
        for (index, entry) in entries.enumerated() {
            XCTAssertEqual(entry["file"] as? String, String(format: "frame_%03d.png", index))
            XCTAssertEqual(entry["delayNumerator"] as? Int, 1, "frame \(index)")
            XCTAssertEqual(entry["delayDenominator"] as? Int, 12, "frame \(index)")
            XCTAssertEqual(entry["delayMs"] as? Double, 83.333, "frame \(index)")
        }
        // Natural order with exact pixels: frame_001 is wave_2 and frame_009 is wave_10 (plain sorting
        // would put wave_10 second). Every frame's pixels are compared in BuildEndToEndTests.
        for index in [0, 1, 9, 23] {
            let written = try decode(temp.path(String(format: "F/frame_%03d.png", index)))
            XCTAssertNil(CLIPixels.firstDifference(written.frames[0].image, try waveFrame(index + 1)), "frame \(index)")
        }
    }

    func testAssembleFilesWithDelaysAndLoops() throws {
        try FileManager.default.copyItem(atPath: CLIPaths.sample("StarterPack/wave/wave_1.png"), toPath: temp.path("f1.png"))
        try FileManager.default.copyItem(atPath: CLIPaths.sample("StarterPack/wave/wave_7.png"), toPath: temp.path("f2.png"))
        let result = try run(["assemble", "f1.png", "f2.png", "--delays", "100,250", "--loops", "3", "--output", "y.png",
                              "--effort", "fast"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("y.png: 408x408, 2 frames -> 2 written, 350 ms per loop, 3 plays, "), result.stdout)
        let image = try decode(temp.path("y.png"))
        XCTAssertEqual(image.facts.format, .apng)
        XCTAssertEqual(image.loopCount, 3)
        XCTAssertEqual(image.frames.count, 2)
        XCTAssertTrue(image.frames[0].delay.isSameDuration(as: .milliseconds(100)), "\(image.frames[0].delay)")
        XCTAssertTrue(image.frames[1].delay.isSameDuration(as: .milliseconds(250)), "\(image.frames[1].delay)")
        XCTAssertNil(CLIPixels.firstDifference(image.frames[0].image, try waveFrame(1)))
        XCTAssertNil(CLIPixels.firstDifference(image.frames[1].image, try waveFrame(7)))
    }

    func testBatchWritesGoodFoldersAndReportsTheBadOne() throws {
        try temp.makeFolder("DIR1")
        try temp.makeFolder("DIR2")
        for n in 1...3 {
            try FileManager.default.copyItem(atPath: CLIPaths.sample("StarterPack/wave/wave_\(n).png"),
                                             toPath: temp.path("DIR1/f\(n).png"))
        }
        try FileManager.default.copyItem(atPath: CLIPaths.sample("StarterPack/wave/wave_1.png"), toPath: temp.path("DIR2/f1.png"))
        // A PNG signature followed by garbage: the frame cannot be decoded.
        try temp.write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("not really a png".utf8), to: "DIR2/f2.png")

        let result = try run(["assemble", "DIR1", "DIR2", "--output-dir", "OUT", "--delay", "50", "--effort", "fast"])
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("OUT/DIR1.png: 408x408, 3 frames -> 3 written, 150 ms per loop, loops forever, "),
                      result.stdout)
        XCTAssertFalse(result.stdout.contains("DIR2"))
        XCTAssertTrue(result.stderr.contains("error: DIR2: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("f2.png"), "the error names the bad frame: \(result.stderr)")
        XCTAssertTrue(result.stderr.hasSuffix("1 of 2 folders failed; the others were written.\n"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temp.path("OUT")), ["DIR1.png"])
        let image = try decode(temp.path("OUT/DIR1.png"))
        XCTAssertEqual(image.frames.count, 3)
        for (index, frame) in image.frames.enumerated() {
            XCTAssertTrue(frame.delay.isSameDuration(as: .milliseconds(50)))
            XCTAssertNil(CLIPixels.firstDifference(frame.image, try waveFrame(index + 1)), "frame \(index)")
        }
    }

    func testFramesOfACorruptFileExitsOne() throws {
        try temp.write(Array("GIF89a, then nothing useful".utf8), to: "bad.gif")
        let result = try run(["frames", "bad.gif", "--output-dir", "F"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("error: bad.gif: "), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: temp.path("F/frames.json")))
    }
}
