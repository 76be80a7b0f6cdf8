import CZlib

/// CRC-32 (ISO 3309: the polynomial PNG chunks, gzip members and ZIP entries use), by zlib's `crc32`.
public enum CRC32 {
    /// The checksum of `bytes`.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 { update(0, bytes) }

    /// `crc` continued over `bytes`: `update(checksum(a), b) == checksum(a + b)`, without making `a + b`.
    public static func update(_ crc: UInt32, _ bytes: [UInt8]) -> UInt32 {
        // zlib's crc32 answers its initial value (0) for a null buffer, whatever `crc` is.
        guard !bytes.isEmpty else { return crc }
        return bytes.withUnsafeBufferPointer { UInt32(crc32(uLong(crc), $0.baseAddress, uInt($0.count))) }
    }
}
