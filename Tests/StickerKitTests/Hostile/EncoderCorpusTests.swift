import Foundation
import ImageCodec
import XCTest

/// The WebP and WebM writers on every frame the decoders get out of the fuzzing corpus and its
/// crashers (Tests/Fuzz): odd sizes, 1 px sides, all-transparent and all-opaque frames, zero and
/// uneven delays. Each encode must succeed and read back with the same size, loop time and (WebM)
/// frame count; WebP lossless shows the same visible pixels. Run under Scripts/sanitize.sh --filter EncoderCorpusTests
/// this is the writers' memory-safety check (the fuzz harnesses only decode).
final class EncoderCorpusTests: XCTestCase {
    private static let fuzzRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz").path
    private let limits = DecodeLimits(maxDimension: 2048, maxTotalPixels: 8_000_000, maxFrames: 512, maxFileBytes: 4 << 20)

    /// Decoded images of the corpus (first 4 frames; canvases up to 256 px a side, to keep the run short).
    private func images() throws -> [(name: String, frames: [AnimationFrame])] {
        var out: [(String, [AnimationFrame])] = []
        for kind in ["Corpus", "Crashers"] {
            for target in ["png", "apng", "gif", "jpeg", "webp", "webm", "roundtrip"] {
                let folder = "\(Self.fuzzRoot)/\(kind)/\(target)"
                guard FileManager.default.fileExists(atPath: folder) else { continue }
                for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where !name.hasPrefix(".") {
                    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
                    guard let image = try? ImageDecoder(limits: limits).decode(bytes),
                          image.width <= 256, image.height <= 256 else { continue }  // a refusal is the decoder's pass
                    out.append(("\(kind)/\(target)/\(name)",
                                image.frames.prefix(4).map { AnimationFrame(image: $0.image, delay: $0.delay) }))
                }
            }
        }
        return out
    }

    func testWritersEncodeEveryDecodedCorpusImage() throws {
        let corpus = try images()
        guard !corpus.isEmpty else { throw XCTSkip("no fuzz corpus at \(Self.fuzzRoot)") }
        let webm = WebMEncoder(options: WebMEncodeOptions(rate: .constantQuality(crf: 50), speed: 5))
        for (name, frames) in corpus {
            let first = frames[0].image
            do {
                let lossless = frames.count > 1 ? try WebPEncoder().encodeAnimation(frames, loopCount: 0)
                    : try WebPEncoder().encode(first)
                let back = try ImageDecoder().decode(lossless)
                XCTAssertEqual(back.width, first.width, name)
                // WebPAnimEncoder merges a frame into the one before it when it looks the same (and
                // writes a still when one frame is left); the loop time of an animation is kept.
                XCTAssertLessThanOrEqual(back.frames.count, frames.count, name)
                XCTAssertTrue(back.frames[0].image.isVisuallyIdentical(to: first), name)
                if back.frames.count > 1 {
                    let exact = frames.reduce(0) { $0 + $1.delay.milliseconds }
                    XCTAssertEqual(back.loopDurationMilliseconds, exact.rounded(), accuracy: 0.5, name)
                }
                for (got, want) in zip(back.frames, frames) where frames.count == back.frames.count {
                    XCTAssertTrue(got.image.isVisuallyIdentical(to: want.image), name)
                }
                let lossy = try WebPEncoder(options: .lossy(quality: 30, alphaQuality: 50)).encodeAnimation(frames, loopCount: 1)
                XCTAssertEqual(try ImageDecoder().decode(lossy).height, first.height, name)
                let video = try ImageDecoder().decode(try webm.encode(frames))
                XCTAssertEqual(video.width, first.width, name)
                XCTAssertEqual(video.height, first.height, name)
                XCTAssertEqual(video.frames.count, frames.count, name)
            } catch {
                XCTFail("\(name) (\(first.width)x\(first.height), \(frames.count) frames): \(error)")
            }
        }
    }
}
