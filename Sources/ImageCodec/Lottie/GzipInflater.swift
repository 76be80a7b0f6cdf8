import CZlib

/// Bounded gzip inflation for Telegram's `.tgs` (a gzip member holding Lottie JSON).
enum GzipInflater {
    /// What came out, and whether the stream ended within the bound.
    struct Output {
        var bytes: [UInt8]
        /// The gzip stream ended (false: stopped at `maxOutput`, or the input ended first).
        var complete: Bool
    }

    /// Inflates at most `maxOutput` bytes. With `prefix`, stopping at the bound or at the end of the
    /// input is not an error (the sniffer looks at a prefix); otherwise it is, and so is corrupt data.
    /// - Throws: `CodecError.corruptData`, `.truncated` or `.limitExceeded` (never with `prefix`
    ///   for the bound or a short input; corrupt data still throws).
    static func inflate(_ input: UnsafeBufferPointer<UInt8>, maxOutput: Int, prefix: Bool) throws -> Output {
        guard input.count >= 3, input[0] == 0x1F, input[1] == 0x8B, input[2] == 0x08 else {
            throw CodecError.malformed("not a gzip stream (a .tgs file is gzipped Lottie JSON, starting 1F 8B 08)")
        }
        var stream = z_stream()
        // 16 + MAX_WBITS: a gzip wrapper, not zlib's.
        guard inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw CodecError.library(name: "zlib", message: "inflateInit2 failed")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(maxOutput + 1, 256 << 10))
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.avail_in = uInt(min(input.count, Int(UInt32.max)))
        while true {
            let room = min(chunk.count, maxOutput + 1 - output.count)
            let (status, produced) = chunk.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(room)
                let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                return (status, room - Int(stream.avail_out))
            }
            output += chunk[0..<produced]
            if output.count > maxOutput {
                if prefix { return Output(bytes: Array(output.prefix(maxOutput)), complete: false) }
                throw CodecError.limitExceeded(what: "gzip data inflating to more than \(maxOutput) bytes",
                                               limit: "\(maxOutput) bytes of Lottie JSON")
            }
            if status == Z_STREAM_END { return Output(bytes: output, complete: true) }
            if status == Z_BUF_ERROR || (status == Z_OK && produced == 0 && stream.avail_in == 0) {
                if prefix { return Output(bytes: output, complete: false) }
                throw CodecError.truncated("the gzip stream ends after \(output.count) inflated bytes")
            }
            guard status == Z_OK else {
                if prefix && !output.isEmpty { return Output(bytes: output, complete: false) }
                let reason = stream.msg.map { String(cString: $0) } ?? "status \(status)"
                throw CodecError.corruptData("gzip: \(reason)")
            }
        }
    }
}
