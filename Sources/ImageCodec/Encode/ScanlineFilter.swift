import Foundation

/// How filter types are assigned to rows. Which one compresses best depends on the content, so
/// the encoder compresses several and keeps the smallest.
enum FilterStrategy: Int, CaseIterable, Sendable {
    /// Every row unfiltered (filter 0): best for palette images and for flat, sharp art.
    case none
    /// Every row with one fixed filter.
    case sub, up, average, paeth
    /// Per row, the filter with the minimum sum of absolute (signed) residuals: libpng's heuristic.
    case minSum
    /// Per row, the filter whose residual bytes have the lowest Shannon entropy.
    case entropy
}

/// Applies PNG's five scanline filters (PNG spec section 9) to unfiltered rows.
enum ScanlineFilter {
    /// The filtered image data (each row prefixed with its filter type byte), ready for deflate.
    static func apply(_ strategy: FilterStrategy, rows: [UInt8], rowBytes: Int, height: Int, unit: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        var scratch = [[UInt8]](repeating: [UInt8](repeating: 0, count: rowBytes), count: 5)
        let log2Table = entropyTable(rowBytes)
        rows.withUnsafeBufferPointer { src in
            zeros.withUnsafeBufferPointer { zero in
                for y in 0..<height {
                    let cur = UnsafeBufferPointer(rebasing: src[y * rowBytes..<(y + 1) * rowBytes])
                    let prev = y == 0 ? zero : UnsafeBufferPointer(rebasing: src[(y - 1) * rowBytes..<y * rowBytes])
                    let type: Int
                    switch strategy {
                    case .none, .sub, .up, .average, .paeth:
                        type = strategy.rawValue
                        scratch[type].withUnsafeMutableBufferPointer { filter(type, cur, prev, unit, $0) }
                    case .minSum, .entropy:
                        var best = 0, bestScore = Double.infinity
                        for t in 0..<5 {
                            let score = scratch[t].withUnsafeMutableBufferPointer { dst -> Double in
                                filter(t, cur, prev, unit, dst)
                                return strategy == .minSum ? sumScore(dst) : entropyScore(dst, log2Table)
                            }
                            if score < bestScore { best = t; bestScore = score }
                        }
                        type = best
                    }
                    let base = y * (rowBytes + 1)
                    out[base] = UInt8(type)
                    out.replaceSubrange(base + 1..<base + 1 + rowBytes, with: scratch[type])
                }
            }
        }
        return out
    }

    /// Filters one row with filter `type` (0-4) into `dst`.
    private static func filter(_ type: Int, _ cur: UnsafeBufferPointer<UInt8>, _ prev: UnsafeBufferPointer<UInt8>,
                               _ unit: Int, _ dst: UnsafeMutableBufferPointer<UInt8>) {
        let n = cur.count
        switch type {
        case 0:
            for i in 0..<n { dst[i] = cur[i] }
        case 1:
            for i in 0..<n { dst[i] = cur[i] &- (i >= unit ? cur[i - unit] : 0) }
        case 2:
            for i in 0..<n { dst[i] = cur[i] &- prev[i] }
        case 3:
            for i in 0..<n {
                let left = i >= unit ? Int(cur[i - unit]) : 0
                dst[i] = cur[i] &- UInt8((left + Int(prev[i])) >> 1)
            }
        default:
            for i in 0..<n {
                let a = i >= unit ? Int(cur[i - unit]) : 0, b = Int(prev[i]), c = i >= unit ? Int(prev[i - unit]) : 0
                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                let predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                dst[i] = cur[i] &- UInt8(predictor)
            }
        }
    }

    /// Sum of residuals read as signed bytes, so small negative steps score as small.
    private static func sumScore(_ row: UnsafeMutableBufferPointer<UInt8>) -> Double {
        var sum = 0
        for v in row { sum += v < 128 ? Int(v) : 256 - Int(v) }
        return Double(sum)
    }

    /// Bits of a zeroth-order entropy code for the row: sum over byte values of -c log2(c / n).
    private static func entropyScore(_ row: UnsafeMutableBufferPointer<UInt8>, _ table: [Double]) -> Double {
        var histogram = [Int](repeating: 0, count: 256)
        for v in row { histogram[Int(v)] += 1 }
        var bits = table[row.count]
        for c in histogram where c > 0 { bits -= table[c] }
        return bits
    }

    /// c * log2(c) for c in 0...n.
    private static func entropyTable(_ n: Int) -> [Double] {
        (0...max(n, 1)).map { $0 == 0 ? 0 : Double($0) * log2(Double($0)) }
    }
}
