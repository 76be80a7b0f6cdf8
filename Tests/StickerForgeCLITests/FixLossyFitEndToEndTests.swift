import Foundation
import ImageCodec
import XCTest

/// `file_too_large` repaired by fix's lossy least-loss search (`--min-quality`), and refused with
/// `--no-lossy`, on a tiny sticker (96 px of a noisy gradient) under a tiny `--max-bytes`.
final class FixLossyFitEndToEndTests: CLIEndToEndTestCase {
    private let limit = 9_000

    /// A gradient with deterministic noise inside an 8 px transparent margin: 11,349 bytes as
    /// written and no smaller losslessly, so only a lossy fit gets under 9,000 bytes (measured:
    /// 7,346 bytes at 5 bits per channel, quality 0.993).
    private func writeSticker() throws -> Int {
        var buffer = PixelBuffer(width: 96, height: 96)
        var seed: UInt32 = 1
        for y in 8..<88 {
            for x in 8..<88 {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let noise = Int(seed >> 28) - 8
                buffer[x, y] = RGBA(UInt8(clamping: x * 255 / 96 + noise), UInt8(clamping: y * 255 / 96 - noise),
                                    UInt8((x * y) % 256))
            }
        }
        let bytes = try PNGEncoder().encode(buffer)
        _ = try temp.makeFolder("Pack")
        _ = try temp.write(bytes, to: "Pack/tile.png")
        return bytes.count
    }

    /// 14815 -> "14,815", as the reports write byte counts.
    private func grouped(_ n: Int) -> String {
        let digits = String(n)
        return digits.enumerated().map { ($0.offset > 0 && (digits.count - $0.offset) % 3 == 0 ? "," : "") + String($0.element) }.joined()
    }

    private func tileReport(_ stdout: String) throws -> [String: Any] {
        let stickers = try XCTUnwrap(try jsonObject(stdout)["stickers"] as? [[String: Any]])
        return try XCTUnwrap(stickers.first { $0["name"] as? String == "tile" })
    }

    func testLossyFitUnderTheLimitAndRefusedWithNoLossy() throws {
        let before = try writeSticker()
        XCTAssertGreaterThan(before, limit)
        let fitted = try run(["fix", "Pack", "--output", "Fitted", "--max-bytes", "\(limit)", "--min-quality", "0.95",
                              "--format", "json", "-q"])
        let after = try CLIPaths.bytes(temp.path("Fitted/tile.png")).count
        XCTAssertLessThanOrEqual(after, limit)
        let tile = try tileReport(fitted.stdout)
        let fixes = try XCTUnwrap(tile["fixes"] as? [[String: String]], fitted.stdout)
        XCTAssertEqual(fixes.count, 1)
        XCTAssertEqual(fixes.first?["rule"], "file_too_large")
        XCTAssertEqual(fixes.first?["action"], "fit")
        let details = fixes.first?["details"] ?? ""
        XCTAssertTrue(details.hasPrefix("\(grouped(before)) -> \(grouped(after)) bytes, limit 9,000; lossy: "), details)
        // The quality the search measured is stated last, and it is at or above --min-quality.
        let quality = try XCTUnwrap(details.range(of: ", quality ", options: .backwards).flatMap {
            Double(details[$0.upperBound...].prefix { $0 == "." || $0.isNumber })
        }, details)
        XCTAssertGreaterThanOrEqual(quality, 0.95)
        XCTAssertLessThan(quality, 1)
        XCTAssertFalse((tile["findings"] as? [[String: Any]] ?? []).contains { $0["rule"] as? String == "file_too_large" })

        let refused = try run(["fix", "Pack", "--output", "Kept", "--max-bytes", "\(limit)", "--no-lossy", "--format", "json", "-q"])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertNil(try tileReport(refused.stdout)["fixes"].flatMap { ($0 as? [Any])?.first })
        let remaining = try XCTUnwrap((try tileReport(refused.stdout)["findings"] as? [[String: Any]])?
            .first { $0["rule"] as? String == "file_too_large" }, refused.stdout)
        XCTAssertEqual(remaining["hint"] as? String, "Reduce the pixel size, the number of frames or the colours "
                       + "(a palette PNG is much smaller) until the file is under the limit.")
        XCTAssertEqual(try CLIPaths.bytes(temp.path("Kept/tile.png")), try CLIPaths.bytes(temp.path("Pack/tile.png")))
        let text = try run(["fix", "Pack", "--dry-run", "--max-bytes", "\(limit)", "--no-lossy", "-q"])
        XCTAssertTrue(text.stdout.contains("--no-lossy forbids the lossy search (drop it to trade quality down to --min-quality)"),
                      text.stdout)
        // The pack is named as the source, not as the hidden copy the fix worked in.
        XCTAssertTrue(text.stdout.contains("Pack: Pack ("), text.stdout)
        XCTAssertFalse(text.stdout.contains("stickerforge-fix"), text.stdout)
    }
}
