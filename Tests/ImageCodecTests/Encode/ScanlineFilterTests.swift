import XCTest
@testable import ImageCodec

/// Every filter strategy's output, read back with PNG's reconstruction (spec section 9, written here
/// independently), gives the rows it was made from; the brute-force strategy picks per row.
final class ScanlineFilterTests: XCTestCase {
    /// PNG's reconstruction of filtered scanlines.
    private func unfiltered(_ data: [UInt8], rowBytes: Int, height: Int, unit: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            let type = data[y * (rowBytes + 1)]
            for x in 0..<rowBytes {
                let raw = data[y * (rowBytes + 1) + 1 + x]
                let a = x >= unit ? Int(out[y * rowBytes + x - unit]) : 0
                let b = y > 0 ? Int(out[(y - 1) * rowBytes + x]) : 0
                let c = x >= unit && y > 0 ? Int(out[(y - 1) * rowBytes + x - unit]) : 0
                let predictor: Int
                switch type {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: return try XCTUnwrap(nil, "row \(y) has filter type \(type)")
                }
                out[y * rowBytes + x] = raw &+ UInt8(truncatingIfNeeded: predictor)
            }
        }
        return out
    }

    /// Rows mixing a smooth ramp, a repeated pattern and noise, so different rows favour different filters.
    private func rows(rowBytes: Int, height: Int) -> [UInt8] {
        var s: UInt32 = 12345
        return (0..<rowBytes * height).map { i in
            let x = i % rowBytes, y = i / rowBytes
            s ^= s << 13; s ^= s >> 17; s ^= s << 5
            switch y % 3 {
            case 0: return UInt8((x * 3 + y) & 255)
            case 1: return UInt8((x % 7) * 30)
            default: return UInt8(s & 255)
            }
        }
    }

    func testEveryStrategyReconstructsExactly() throws {
        for unit in [1, 3, 4] {
            let rowBytes = 40 * unit, height = 12
            let input = rows(rowBytes: rowBytes, height: height)
            for strategy in FilterStrategy.allCases {
                let filtered = ScanlineFilter.apply(strategy, rows: input, rowBytes: rowBytes, height: height, unit: unit)
                XCTAssertEqual(filtered.count, (rowBytes + 1) * height)
                XCTAssertEqual(try unfiltered(filtered, rowBytes: rowBytes, height: height, unit: unit), input, "\(strategy), unit \(unit)")
            }
        }
    }

    /// An RGBA image of soft shading with a little noise, the kind stickers are made of.
    private func shading(width: Int, height: Int) -> [UInt8] {
        var s: UInt32 = 99
        return (0..<width * height * 4).map { i in
            let x = Double(i / 4 % width), y = Double(i / 4 / width), c = i % 4
            s ^= s << 13; s ^= s >> 17; s ^= s << 5
            if c == 3 { return 255 }
            return UInt8(max(0, min(255, 128 + 100 * sin(x / 11 + Double(c) + y / 17) + Double(s % 2))))
        }
    }

    func testBruteForceChoosesPerRowAndBeatsTheHeuristics() throws {
        let rowBytes = 64 * 4, height = 48
        let input = shading(width: 64, height: height)
        let brute = ScanlineFilter.apply(.brute, rows: input, rowBytes: rowBytes, height: height, unit: 4)
        let types = Set(stride(from: 0, to: brute.count, by: rowBytes + 1).map { brute[$0] })
        XCTAssertGreaterThan(types.count, 1, "one filter for every row: \(types)")
        let size = { (data: [UInt8]) in try DeflateEngine.libdeflate(level: 12).compress(data).count }
        let fixed = try (0..<5).map { try size(ScanlineFilter.apply(FilterStrategy(rawValue: $0)!, rows: input, rowBytes: rowBytes,
                                                                     height: height, unit: 4)) }
        let heuristics = try [FilterStrategy.minSum, .entropy].map {
            try size(ScanlineFilter.apply($0, rows: input, rowBytes: rowBytes, height: height, unit: 4))
        }
        // Greedy row by row, so not always the very best whole-image choice, but close to the best
        // fixed filter and ahead of the per-row heuristics, which cannot see repeats.
        let bruteSize = try size(brute)
        XCTAssertLessThanOrEqual(Double(bruteSize), Double(try XCTUnwrap(fixed.min())) * 1.01, "brute \(bruteSize), fixed \(fixed)")
        XCTAssertLessThan(bruteSize, try XCTUnwrap(heuristics.min()), "brute \(bruteSize), minSum and entropy \(heuristics)")
    }
}
