/// Reads the orientation tag (0x0112) from an EXIF APP1 payload without a full EXIF parser.
///
/// Only IFD0 is read, in either TIFF byte order. Anything malformed yields nil: a broken EXIF
/// block must not make an otherwise good JPEG undecodable.
enum EXIFOrientationReader {
    /// Orientation 1-8 from an APP1 payload that starts with "Exif\0\0", or nil.
    static func orientation(inAPP1 payload: [UInt8]) -> Int? {
        let signature: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]   // "Exif\0\0"
        guard payload.count >= 6, Array(payload[0..<6]) == signature else { return nil }
        return orientation(inTIFF: Array(payload[6...]))
    }

    /// Orientation 1-8 from a TIFF structure ("II*\0" or "MM\0*"), or nil.
    static func orientation(inTIFF tiff: [UInt8]) -> Int? {
        guard tiff.count >= 8 else { return nil }
        let bigEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            let a = Int(tiff[at]), b = Int(tiff[at + 1])
            return bigEndian ? a << 8 | b : b << 8 | a
        }
        func u32(_ at: Int) -> Int? {
            guard let hi = u16(bigEndian ? at : at + 2), let lo = u16(bigEndian ? at + 2 : at) else { return nil }
            return hi << 16 | lo
        }
        guard u16(2) == 42, let ifd = u32(4), let entries = u16(ifd) else { return nil }
        for index in 0..<entries {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry) else { return nil }
            guard tag == 0x0112 else { continue }
            // SHORT (type 3), count 1: the value sits left-aligned in the 4-byte value field.
            guard u16(entry + 2) == 3, u32(entry + 4) == 1, let value = u16(entry + 8),
                  (1...8).contains(value) else { return nil }
            return value
        }
        return nil
    }
}
