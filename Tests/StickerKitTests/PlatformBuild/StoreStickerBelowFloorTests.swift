import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// A store build ships the best sticker under the limit when nothing measures at the floor, from
/// one search, and says so.
final class StoreStickerBelowFloorTests: XCTestCase {
    func testTheBestFileUnderTheLimitShipsFromOneSearchAndSaysItIsBelowTheFloor() throws {
        let folder = NSTemporaryDirectory() + "below-floor-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Eight frames of grain in a soft disc: nothing near the source fits a few kilobytes.
        var generator = Xorshift(state: 7)
        let frames: [AnimationFrame] = (0..<8).map { _ in
            var image = PixelBuffer(width: 64, height: 64)
            for y in 0..<64 {
                for x in 0..<64 {
                    let d = ((Double(x) - 31.5) * (Double(x) - 31.5) + (Double(y) - 31.5) * (Double(y) - 31.5)).squareRoot()
                    let alpha = UInt8(max(0, min(255, (32 - d) * 16)))
                    image[x, y] = RGBA(generator.byte(), generator.byte(), generator.byte(), alpha)
                }
            }
            return AnimationFrame(image: image, delay: .fps(10))
        }
        let file = try WebPEncoder().encodeAnimation(frames, loopCount: 0)
        try Data(file).write(to: URL(fileURLWithPath: folder + "/grain.webp"))
        var rules = PlatformRules.signal
        rules.animated?.pixels = .exactly(64, 64)
        rules.animated?.maxBytes = 4_000
        let sticker = StickerSource(name: "grain", folder: nil, content: .file("grain.webp"), accessibilityLabel: nil)
        let built = try StoreStickerBuilder(rules: rules).build(sticker, root: folder, stem: "grain", emojis: ["😀"])
        XCTAssertLessThanOrEqual(built.bytes.count, 4_000)
        XCTAssertTrue((built.fitted ?? "").contains("; below the quality floor: measured 0."), String(describing: built.fitted))
        XCTAssertTrue((built.fitted ?? "").hasSuffix(", floor 0.9"), String(describing: built.fitted))
        // The file is the one a search without a floor makes.
        var options = FitOptions(maxBytes: 4_000, lossy: true, minQuality: 0, minSide: 64)
        options.effort = .fast
        let source = try ImageDecoder().decode(file).frames.map { AnimationFrame(image: $0.image, delay: $0.delay) }
        let unbounded = try EncodedFormatFitter(options: options, format: .webp).fit(source, loopCount: 0)
        XCTAssertEqual(built.bytes, unbounded.bytes)
    }
}

/// A small deterministic generator for test pixels (xorshift).
private struct Xorshift {
    var state: UInt64
    mutating func byte() -> UInt8 {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return UInt8(truncatingIfNeeded: state >> 24)
    }
}
