/// Tells a file's real format from its first bytes (and, for PNG, whether an `acTL` chunk precedes
/// the first `IDAT`, which makes it an APNG).
public enum FormatSniffer {
    /// The format the bytes say, or `.unknown`.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat {
        bytes.withUnsafeBufferPointer { sniff($0) }
    }

    /// The format the bytes say, or `.unknown`.
    public static func sniff(_ b: UnsafeBufferPointer<UInt8>) -> ImageFormat {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            guard b.count >= offset + magic.count else { return false }
            for (i, m) in magic.enumerated() where b[offset + i] != m { return false }
            return true
        }
        if starts(pngSignature) { return isAnimatedPNG(b) ? .apng : .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts([0x1A, 0x45, 0xDF, 0xA3]) { return .webm }   // EBML header (Matroska/WebM)
        if starts(Array("ftyp".utf8), at: 4), b.count >= 12 {
            let brand = String(decoding: b[8..<12], as: UTF8.self)
            if ["avif", "avis"].contains(brand) { return .avif }
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains(brand) { return .heic }
            if brand == "qt  " { return .mov }
            return .mp4   // any other ISO BMFF brand (isom, mp41, mp42, M4V, 3gp...) is a video container
        }
        if starts(Array("BM".utf8)), b.count >= 14 { return .bmp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts([0x1F, 0x8B, 0x08]) && isGzippedLottie(b) { return .tgs }   // gzip, deflate method
        if looksLikeLottie(b) { return .lottie }
        if looksLikeSVG(b) { return .svg }
        return .unknown
    }

    /// The 8-byte PNG signature.
    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Walks chunk headers (without CRC checks) until IDAT: an `acTL` before it means APNG.
    private static func isAnimatedPNG(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 8
        while offset + 8 <= b.count {
            let length = Int(b[offset]) << 24 | Int(b[offset + 1]) << 16 | Int(b[offset + 2]) << 8 | Int(b[offset + 3])
            let type = (b[offset + 4], b[offset + 5], b[offset + 6], b[offset + 7])
            if type == (0x61, 0x63, 0x54, 0x4C) { return true }   // acTL
            if type == (0x49, 0x44, 0x41, 0x54) { return false }  // IDAT
            guard length >= 0, length <= Int(Int32.max) else { return false }
            offset += 12 + length
        }
        return false
    }

    private static func looksLikeSVG(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let head = String(decoding: b.prefix(1024), as: UTF8.self).lowercased()
        let trimmed = head.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        guard trimmed.hasPrefix("<") else { return false }
        return head.contains("<svg")
    }
}
