import CLibDeflate
import CZlib
import CZopfli

/// A zlib-format (RFC 1950) compressor; PNG's IDAT and fdAT data is one zlib stream.
///
/// Three engines, each chosen for a job (measured figures in docs/encoder.md):
/// - zlib: the reference, and the `fast` effort's final deflater.
/// - libdeflate: near-optimal parsing at levels 10-12, about 8x slower than zlib 9 and clearly
///   smaller; at level 1-3 it is also our fastest trial compressor for ranking candidates.
/// - Zopfli: the smallest streams, at 20-30x libdeflate 12's time; only the `max` effort uses it.
enum DeflateEngine: Equatable, Sendable {
    /// zlib `compress2` at `level` 0-9.
    case zlib(level: Int32)
    /// libdeflate at `level` 0-12.
    case libdeflate(level: Int32)
    /// Zopfli with `iterations` (its default is 15).
    case zopfli(iterations: Int32)

    /// Compresses `data` into a zlib stream.
    /// - Throws: `CodecError.library` when the C library reports a failure.
    func compress(_ data: [UInt8]) throws -> [UInt8] {
        switch self {
        case .zlib(let level): return try Self.zlibCompress(data, level: level)
        case .libdeflate(let level): return try Self.libdeflateCompress(data, level: level)
        case .zopfli(let iterations): return try Self.zopfliCompress(data, iterations: iterations)
        }
    }

    private static func zlibCompress(_ data: [UInt8], level: Int32) throws -> [UInt8] {
        var capacity = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(capacity))
        let status = data.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                compress2(dst.baseAddress, &capacity, src.baseAddress, uLong(src.count), level)
            }
        }
        guard status == Z_OK else {
            throw CodecError.library(name: "zlib", message: "compress2 failed with status \(status)")
        }
        out.removeLast(out.count - Int(capacity))
        return out
    }

    private static func libdeflateCompress(_ data: [UInt8], level: Int32) throws -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(level) else {
            throw CodecError.library(name: "libdeflate", message: "cannot allocate a level \(level) compressor")
        }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, data.count)
        var out = [UInt8](repeating: 0, count: bound)
        let written = data.withUnsafeBytes { src in
            out.withUnsafeMutableBytes { dst in
                libdeflate_zlib_compress(compressor, src.baseAddress, src.count, dst.baseAddress, dst.count)
            }
        }
        guard written > 0 else {
            throw CodecError.library(name: "libdeflate", message: "output exceeded its own bound of \(bound) bytes")
        }
        out.removeLast(out.count - written)
        return out
    }

    private static func zopfliCompress(_ data: [UInt8], iterations: Int32) throws -> [UInt8] {
        var options = ZopfliOptions()
        ZopfliInitOptions(&options)
        options.numiterations = iterations
        var outPointer: UnsafeMutablePointer<UInt8>?
        var outSize = 0
        data.withUnsafeBufferPointer { src in
            ZopfliCompress(&options, ZOPFLI_FORMAT_ZLIB, src.baseAddress, src.count, &outPointer, &outSize)
        }
        // Zopfli allocates the output with malloc; copy it out and free it here, its one owner.
        guard let outPointer, outSize > 0 else {
            throw CodecError.library(name: "zopfli", message: "produced no output for \(data.count) bytes")
        }
        defer { free(outPointer) }
        return Array(UnsafeBufferPointer(start: outPointer, count: outSize))
    }
}
