import CZlib

/// CRC-32 (ISO 3309: the polynomial PNG chunks, gzip members and ZIP entries use), by zlib's `crc32`.
public enum CRC32 {
    /// The checksum of `bytes`.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
    }
}
