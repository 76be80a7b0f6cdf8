import ImageCodec
import TestSupport
import XCTest

/// Damaged APNGs: every prefix and every corrupted data byte must give a result or a CodecError,
/// never a crash, a hang or a longjmp across Swift.
final class APNGRobustnessTests: XCTestCase {
    var fixture: APNGFixture {
        var gradient = PixelBuffer(width: 3, height: 2)
        for y in 0..<2 { for x in 0..<3 { gradient[x, y] = RGBA(UInt8(80 * x), UInt8(120 * y), 7, UInt8(60 + 90 * x)) } }
        return APNGFixture(width: 4, height: 3, plays: 2, frames: [
            .init(PixelBuffer(width: 4, height: 3, fill: RGBA(9, 8, 7, 200))),
            .init(gradient, x: 1, y: 1, dispose: 2, blend: 1),
            .init(gradient, x: 0, y: 0, dispose: 1, blend: 0),
        ], hiddenDefault: nil)
    }

    func testEveryTruncationThrowsACodecError() throws {
        let bytes = fixture.bytes()
        XCTAssertEqual(try PNGDecoder().decode(bytes).frames.count, 3, "the intact file decodes")
        for length in 0..<(bytes.count - 12) {    // anything shorter than the file loses IEND
            do {
                _ = try PNGDecoder().decode(Array(bytes.prefix(length)))
                XCTFail("a \(length)-byte prefix decoded")
            } catch let error as CodecError {
                guard case .truncated = error else { return XCTFail("\(length)-byte prefix: \(error) is not .truncated") }
            }
        }
    }

    func testEveryCorruptedDataByteWithAValidCRCGivesAResultOrACodecError() {
        let chunks = fixture.chunks()
        var outcomes: [String: Int] = [:]
        for (index, chunk) in chunks.enumerated() {
            for position in chunk.data.indices {
                var damaged = chunks
                damaged[index].data[position] ^= 0xA5
                do {
                    let image = try PNGDecoder().decode(PNGChunkWriter.file(damaged))
                    // A damaged acTL count or play count can leave an acTL browsers ignore: a still.
                    XCTAssertEqual(image.frames.count, image.facts.ignoredAnimation == nil ? 3 : 1)
                    outcomes["decoded", default: 0] += 1
                } catch let error as CodecError {
                    outcomes[String("\(error)".prefix(12)), default: 0] += 1
                } catch {
                    XCTFail("\(chunk.type)[\(position)]: \(error) is not a CodecError")
                }
            }
        }
        XCTAssertGreaterThan(outcomes.values.reduce(0, +), 150)
        XCTAssertNotNil(outcomes.keys.first { $0.hasPrefix("corrupt") }, "some damage reaches libpng: \(outcomes)")
        XCTAssertNotNil(outcomes.keys.first { $0.hasPrefix("fcTL") || $0.hasPrefix("fdAT") }, "some damage breaks APNG rules: \(outcomes)")
    }

    /// Chromium shows a PNG whose zlib stream ends in a wrong Adler-32 (the decoder tells libpng to
    /// skip that checksum, as Chromium does), with the same pixels; a wrong chunk CRC, which Chromium
    /// refuses, is still refused.
    func testAWrongAdler32DecodesAsChromiumShowsItAndAWrongCRCDoesNot() throws {
        let chunks = fixture.chunks()
        let intact = try PNGDecoder().decode(PNGChunkWriter.file(chunks))
        let compressed = chunks.indices.filter { ["IDAT", "fdAT"].contains(chunks[$0].type) }
        XCTAssertEqual(compressed.count, 3, "the default image's IDAT and two fdAT chunks")
        for index in compressed {
            for fromEnd in 1...4 {    // the zlib stream's last four bytes are its Adler-32
                var damaged = chunks
                damaged[index].data[damaged[index].data.count - fromEnd] ^= 0x5A
                XCTAssertEqual(try PNGDecoder().decode(PNGChunkWriter.file(damaged)), intact,
                               "\(chunks[index].type) #\(index), Adler-32 byte \(fromEnd) from the end")
            }
        }
        var file = PNGChunkWriter.file(chunks)
        let idatType = try XCTUnwrap((0..<file.count - 4).first { Array(file[$0..<$0 + 4]) == Array("IDAT".utf8) })
        let length = file[idatType - 4..<idatType].reduce(0) { $0 << 8 | Int($1) }
        file[idatType + 4 + length] ^= 0x5A    // the IDAT chunk's CRC
        XCTAssertThrowsError(try PNGDecoder().decode(file)) {
            XCTAssertTrue($0 is CodecError && "\($0)".contains("fails its CRC check"), "\($0)")
        }
    }
}
