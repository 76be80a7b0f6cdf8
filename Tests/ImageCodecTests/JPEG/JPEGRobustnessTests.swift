import ImageCodec
import XCTest

/// Truncated, corrupt and oversized JPEGs: a thrown `CodecError`, never a crash or a grey success.
final class JPEGRobustnessTests: XCTestCase {
    private func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: JPEGFixtureTests.fixtures.appendingPathComponent(name)))
    }

    func testEveryTruncationThrows() throws {
        for name in ["progressive.jpg", "cmyk-adobe.jpg", "gray-baseline.jpg"] {
            let bytes = try fixture(name)
            // A prefix that still starts with FF D8 FF is sniffed as JPEG and must fail in libjpeg.
            for length in 3..<bytes.count - 2 {
                XCTAssertThrowsError(try ImageDecoder().decode(Array(bytes.prefix(length))), "\(name) prefix \(length)") { error in
                    XCTAssertNotNil(error as? CodecError, "\(name) prefix \(length): \(error)")
                }
            }
        }
    }

    func testEveryCorruptedByteDecodesOrThrows() throws {
        for name in ["progressive.jpg", "cmyk-adobe.jpg"] {
            let bytes = try fixture(name)
            for offset in 3..<bytes.count {
                var damaged = bytes
                damaged[offset] ^= 0xA5
                do {
                    let image = try ImageDecoder().decode(damaged)
                    XCTAssertEqual(image.frames.first?.image.pixelCount, image.width * image.height)
                } catch {
                    XCTAssertNotNil(error as? CodecError, "\(name) offset \(offset): \(error)")
                }
            }
        }
    }

    func testCorruptHeaderIsALibraryError() throws {
        var bytes = try fixture("gray-baseline.jpg")
        // Overwrite the DQT marker after SOI with an invalid marker code.
        XCTAssertEqual(Array(bytes[0..<4]), [0xFF, 0xD8, 0xFF, 0xE0])
        guard let dqt = (2..<bytes.count - 1).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDB }) else {
            return XCTFail("no DQT in fixture")
        }
        bytes[dqt + 1] = 0x01
        XCTAssertThrowsError(try ImageDecoder().decode(bytes)) { error in
            guard case .library(let name, let message) = error as? CodecError else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "libjpeg")
            XCTAssertFalse(message.isEmpty)
        }
    }

    func testDeclaredSizeOverTheLimitIsRefusedBeforeDecompressing() throws {
        var bytes = try fixture("gray-baseline.jpg")
        guard let sof = (2..<bytes.count - 9).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }) else {
            return XCTFail("no SOF0 in fixture")
        }
        // SOF0: FF C0, length(2), precision(1), height(2), width(2): declare 60000 x 60000.
        bytes[sof + 5] = 0xEA; bytes[sof + 6] = 0x60; bytes[sof + 7] = 0xEA; bytes[sof + 8] = 0x60
        XCTAssertThrowsError(try ImageDecoder().decode(bytes)) { error in
            XCTAssertEqual(error as? CodecError, .limitExceeded(what: "canvas 60000x60000 px", limit: "8192 px a side"))
        }
        let small = try fixture("gray-baseline.jpg")
        XCTAssertThrowsError(try ImageDecoder(limits: DecodeLimits(maxTotalPixels: 255)).decode(small)) { error in
            XCTAssertEqual(error as? CodecError, .limitExceeded(what: "1 frames of 16x16 px (256 pixels)",
                                                                limit: "255 pixels in all frames"))
        }
    }
}
