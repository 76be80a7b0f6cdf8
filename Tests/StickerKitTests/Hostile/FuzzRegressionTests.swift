import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// Replays the committed fuzzing corpus and every crasher the fuzzers found (Tests/Fuzz/Corpus and
/// Tests/Fuzz/Crashers, one folder per target) through the same entry points the harnesses call, in
/// the normal test run: a trap here takes the test process down, so a regression cannot pass.
final class FuzzRegressionTests: XCTestCase {
    private static let fuzzRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz").path

    /// The harnesses' decode limits (Tests/Fuzz/Sources/FuzzDecode).
    private let limits = DecodeLimits(maxDimension: 2048, maxTotalPixels: 8_000_000, maxFrames: 512, maxFileBytes: 4 << 20)

    /// Files of the given targets' corpus and crasher folders.
    private func inputs(_ targets: [String]) throws -> [(name: String, bytes: [UInt8])] {
        var out: [(String, [UInt8])] = []
        for kind in ["Corpus", "Crashers"] {
            for target in targets {
                let folder = "\(Self.fuzzRoot)/\(kind)/\(target)"
                guard FileManager.default.fileExists(atPath: folder) else { continue }
                for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where !name.hasPrefix(".") {
                    out.append(("\(kind)/\(target)/\(name)", Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))))
                }
            }
        }
        return out
    }

    func testDecodersSurviveEveryCorpusFileAndCrasher() throws {
        let files = try inputs(["sniffer", "png", "apng", "gif", "jpeg", "webp", "webm", "roundtrip"])
        guard !files.isEmpty else { throw XCTSkip("no fuzz corpus at \(Self.fuzzRoot)") }
        for file in files {
            _ = FormatSniffer.sniff(file.bytes)
            guard let image = try? ImageDecoder(limits: limits).decode(file.bytes) else { continue }  // throwing is the pass
            XCTAssertFalse(image.frames.isEmpty, file.name)
            for frame in image.frames {
                XCTAssertEqual(frame.image.pixels.count, image.width * image.height * 4, file.name)
            }
        }
    }

    /// The Lottie corpus through what FuzzLottie runs (sniffer, inflate, validator), then every file
    /// the validator accepts through the whole decode: the renderer runs contained, so whatever
    /// rlottie does with it, the result is frames of the canvas or a `CodecError`.
    func testLottieInputsAreValidatedAndRenderedContained() throws {
        let files = try inputs(["lottie"])
        guard !files.isEmpty else { throw XCTSkip("no Lottie corpus at \(Self.fuzzRoot)") }
        let small = DecodeLimits(maxDimension: 512, maxTotalPixels: 2_000_000, maxFrames: 64, maxFileBytes: 1 << 20,
                                 maxSecondsPerSticker: 10)
        var rendered = 0
        for file in files {
            let sniffed = FormatSniffer.sniff(file.bytes)
            for format in [ImageFormat.lottie, .tgs] {
                guard (try? LottieDecoder(limits: small).validated(file.bytes, format: format)) != nil else { continue }
                XCTAssertEqual(sniffed, format, file.name)
                do {
                    let image = try LottieDecoder(limits: small).decode(file.bytes, format: format, fitting: 64)
                    rendered += 1
                    for frame in image.frames { XCTAssertEqual(frame.image.pixels.count, image.width * image.height * 4, file.name) }
                } catch let error as CodecError {
                    XCTAssertFalse("\(error)".isEmpty, file.name)
                }
            }
        }
        XCTAssertGreaterThan(rendered, 0, "the corpus holds renderable animations")
    }

    func testRoundTripCrashersReencodeExactly() throws {
        let files = try inputs(["roundtrip"])
        guard !files.isEmpty else { throw XCTSkip("no round-trip corpus at \(Self.fuzzRoot)") }
        let small = DecodeLimits(maxDimension: 512, maxTotalPixels: 1_000_000, maxFrames: 64, maxFileBytes: 1 << 20)
        for file in files {
            guard let first = try? ImageDecoder(limits: small).decode(file.bytes) else { continue }
            let encoder = PNGEncoder(options: PNGEncodeOptions(effort: .fast))
            let bytes = first.frames.count == 1
                ? try encoder.encode(first.frames[0].image)
                : try encoder.encodeAnimation(first.frames.map { AnimationFrame(image: $0.image, delay: $0.delay) },
                                              loopCount: first.loopCount)
            let second = try ImageDecoder(limits: small).decode(bytes)
            // The writer merges consecutive identical frames, summing their delays.
            var expected: [(image: PixelBuffer, milliseconds: Double)] = []
            for frame in first.frames {
                if first.frames.count > 1, let last = expected.last, last.image.isVisuallyIdentical(to: frame.image) {
                    expected[expected.count - 1].milliseconds += frame.delay.milliseconds
                } else {
                    expected.append((frame.image, frame.delay.milliseconds))
                }
            }
            XCTAssertEqual(second.frames.count, expected.count, file.name)
            for (a, b) in zip(expected, second.frames) {
                XCTAssertTrue(a.image.isVisuallyIdentical(to: b.image), file.name)
                if first.frames.count > 1 { XCTAssertEqual(a.milliseconds, b.delay.milliseconds, accuracy: 1e-6, file.name) }
            }
        }
    }

    func testReadersSurviveEveryContentsAndConfigInput() throws {
        let contents = try inputs(["contents"]), configs = try inputs(["config"])
        guard !contents.isEmpty || !configs.isEmpty else { throw XCTSkip("no reader corpus at \(Self.fuzzRoot)") }
        for file in contents {
            var parser = JSONParser(file.bytes)
            _ = Result { try parser.parseDocument() }
        }
        for file in configs {
            _ = PackConfig.parse(String(decoding: file.bytes, as: UTF8.self), file: "stickerforge.yml")
        }
    }
}
