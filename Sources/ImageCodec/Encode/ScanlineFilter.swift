import CLibDeflate
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
    /// Per row, the filter whose row deflates smallest after the rows just chosen (a real deflate
    /// of a short window, so it sees repeats the heuristics cannot): slower, tried only at `max`.
    case brute

    /// The per-row heuristics and fixed filters, cheap enough for every effort.
    static let heuristics: [FilterStrategy] = [.none, .sub, .up, .average, .paeth, .minSum, .entropy]
}

/// Applies PNG's five scanline filters (PNG spec section 9) to unfiltered rows.
enum ScanlineFilter {
    /// The filtered image data (each row prefixed with its filter type byte), ready for deflate.
    static func apply(_ strategy: FilterStrategy, rows: [UInt8], rowBytes: Int, height: Int, unit: Int) -> [UInt8] {
        if strategy == .brute, let chosen = bruteForce(rows: rows, rowBytes: rowBytes, height: height, unit: unit) {
            return chosen
        }
        var out = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        // Five row buffers, one per filter type, in one allocation.
        var scratch = [UInt8](repeating: 0, count: rowBytes * 5)
        let log2Table = strategy == .entropy || strategy == .brute ? entropyTable(rowBytes) : []
        rows.withUnsafeBufferPointer { src in
            zeros.withUnsafeBufferPointer { zero in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    out.withUnsafeMutableBufferPointer { out in
                        for y in 0..<height {
                            let cur = UnsafeBufferPointer(rebasing: src[y * rowBytes..<(y + 1) * rowBytes])
                            let prev = y == 0 ? zero : UnsafeBufferPointer(rebasing: src[(y - 1) * rowBytes..<y * rowBytes])
                            let base = y * (rowBytes + 1)
                            let type: Int
                            switch strategy {
                            case .none, .sub, .up, .average, .paeth:
                                // A fixed filter writes straight into the output row.
                                type = strategy.rawValue
                                filter(type, cur, prev, unit, UnsafeMutableBufferPointer(rebasing: out[base + 1..<base + 1 + rowBytes]))
                            case .minSum, .entropy, .brute:
                                var best = 0, bestScore = Double.infinity
                                for t in 0..<5 {
                                    let dst = UnsafeMutableBufferPointer(rebasing: scratch[t * rowBytes..<(t + 1) * rowBytes])
                                    filter(t, cur, prev, unit, dst)
                                    let score = strategy == .minSum ? sumScore(dst) : entropyScore(dst, log2Table)
                                    if score < bestScore { best = t; bestScore = score }
                                }
                                type = best
                                let row = UnsafeMutableBufferPointer(rebasing: out[base + 1..<base + 1 + rowBytes])
                                _ = row.update(fromContentsOf: scratch[best * rowBytes..<(best + 1) * rowBytes])
                            }
                            out[base] = UInt8(type)
                        }
                    }
                }
            }
        }
        return out
    }

    /// Filters one row with filter `type` (0-4) into `dst`. The first `unit` bytes (no left
    /// neighbour) are done apart, so the main loops have no branch and vectorise.
    private static func filter(_ type: Int, _ cur: UnsafeBufferPointer<UInt8>, _ prev: UnsafeBufferPointer<UInt8>,
                               _ unit: Int, _ dst: UnsafeMutableBufferPointer<UInt8>) {
        let n = cur.count, head = min(unit, n)
        switch type {
        case 0:
            _ = dst.update(fromContentsOf: cur)
        case 1:
            for i in 0..<head { dst[i] = cur[i] }
            for i in head..<n { dst[i] = cur[i] &- cur[i - unit] }
        case 2:
            for i in 0..<n { dst[i] = cur[i] &- prev[i] }
        case 3:
            for i in 0..<head { dst[i] = cur[i] &- prev[i] >> 1 }
            for i in head..<n {
                dst[i] = cur[i] &- UInt8(truncatingIfNeeded: (UInt16(cur[i - unit]) + UInt16(prev[i])) >> 1)
            }
        default:
            // With no left neighbour, Paeth predicts from above.
            for i in 0..<head { dst[i] = cur[i] &- prev[i] }
            for i in head..<n {
                let a = Int16(cur[i - unit]), b = Int16(prev[i]), c = Int16(prev[i - unit])
                let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - c - c)
                let predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                dst[i] = cur[i] &- UInt8(truncatingIfNeeded: predictor)
            }
        }
    }

    /// Rows before the candidate row in each brute-force trial window.
    static let bruteContextRows = 3

    /// `.brute`: for each row, each filter type's residuals are deflated (libdeflate level 1) after
    /// the `bruteContextRows` rows already chosen, and the smallest wins (lowest type on ties). Nil
    /// when no compressor can be allocated (the caller then uses the entropy heuristic).
    private static func bruteForce(rows: [UInt8], rowBytes: Int, height: Int, unit: Int) -> [UInt8]? {
        guard let compressor = libdeflate_alloc_compressor(1) else { return nil }
        defer { libdeflate_free_compressor(compressor) }
        let line = rowBytes + 1
        var out = [UInt8](repeating: 0, count: line * height)
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        var window = [UInt8](repeating: 0, count: line * (bruteContextRows + 1))
        var sink = [UInt8](repeating: 0, count: libdeflate_deflate_compress_bound(compressor, window.count))
        rows.withUnsafeBufferPointer { src in
            zeros.withUnsafeBufferPointer { zero in
                out.withUnsafeMutableBufferPointer { out in
                    window.withUnsafeMutableBufferPointer { window in
                        sink.withUnsafeMutableBytes { sink in
                            for y in 0..<height {
                                let cur = UnsafeBufferPointer(rebasing: src[y * rowBytes..<(y + 1) * rowBytes])
                                let prev = y == 0 ? zero : UnsafeBufferPointer(rebasing: src[(y - 1) * rowBytes..<y * rowBytes])
                                let context = min(y, bruteContextRows) * line
                                _ = UnsafeMutableBufferPointer(rebasing: window[0..<context])
                                    .update(fromContentsOf: out[y * line - context..<y * line])
                                let candidate = UnsafeMutableBufferPointer(rebasing: window[context + 1..<context + line])
                                var best = 0, bestSize = Int.max
                                for t in 0..<5 {
                                    window[context] = UInt8(t)
                                    filter(t, cur, prev, unit, candidate)
                                    let size = libdeflate_deflate_compress(compressor, window.baseAddress, context + line,
                                                                           sink.baseAddress, sink.count)
                                    if size > 0 && size < bestSize { best = t; bestSize = size }
                                }
                                out[y * line] = UInt8(best)
                                filter(best, cur, prev, unit, UnsafeMutableBufferPointer(rebasing: out[y * line + 1..<(y + 1) * line]))
                            }
                        }
                    }
                }
            }
        }
        return out
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
