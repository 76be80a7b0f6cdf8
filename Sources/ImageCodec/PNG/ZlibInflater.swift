import CZlib

/// Bounded zlib inflation for ancillary chunks (the iCCP profile); pixel data goes through libpng.
enum ZlibInflater {
    /// The inflated bytes, or nil when the stream is corrupt, incomplete or over `maxOutput` bytes.
    /// Returns nil rather than throwing because a bad iCCP only costs the profile's description.
    static func inflate(_ input: ArraySlice<UInt8>, maxOutput: Int) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let input = Array(input)
        return input.withUnsafeBufferPointer { source -> [UInt8]? in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return (status, out.count - Int(stream.avail_out))
                }
                output += chunk[0..<produced]
                guard output.count <= maxOutput else { return nil }
                if status == Z_STREAM_END { return output }
                guard status == Z_OK, produced > 0 || stream.avail_in > 0 else { return nil }
            }
        }
    }
}
