/// The colour space a file declares for its RGB samples, as needed to convert them to sRGB.
public enum SourceColorSpace: Equatable, Sendable {
    /// An embedded ICC profile (PNG iCCP, JPEG APP2 ICC_PROFILE), its bytes.
    case icc([UInt8])
    /// PNG gAMA (the file gamma, e.g. 0.45455) with cHRM's white point and primaries when given
    /// (x, y pairs: white, red, green, blue); sRGB's (Rec. 709, D65) otherwise.
    case gamma(Double, chromaticities: [Double]?)

    /// sRGB's white point and primaries as cHRM stores them (x, y pairs: white, red, green, blue).
    public static let srgbChromaticities = [0.3127, 0.3290, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06]

    /// What `bytes` (a PNG, APNG or JPEG file) declare: the ICC profile first (it overrides
    /// gAMA/cHRM), else gAMA with cHRM, else nil. An sRGB chunk means sRGB: nil.
    public static func declared(in bytes: [UInt8]) -> SourceColorSpace? {
        if bytes.starts(with: FormatSniffer.pngSignature) { return png(bytes) }
        if bytes.starts(with: [0xFF, 0xD8]) { return jpegProfile(bytes).map(SourceColorSpace.icc) }
        return nil
    }

    private static func png(_ bytes: [UInt8]) -> SourceColorSpace? {
        guard var reader = try? PNGChunkReader(bytes) else { return nil }   // not a readable PNG: nothing declared
        var gamma: Double?, chrm: [Double]?, profile: [UInt8]?, srgb = false
        while let chunk = try? reader.next(), chunk.type != "IDAT" {
            switch chunk.type {
            case "iCCP" where profile == nil:
                if let nul = chunk.data.firstIndex(of: 0), nul + 2 <= chunk.data.endIndex {
                    profile = ZlibInflater.inflate(chunk.data[(nul + 2)...], maxOutput: PNGColorInfoReader.maxProfileBytes)
                }
            case "gAMA" where chunk.data.count == 4: gamma = Double(chunk.uint32(at: 0)) / 100_000
            case "cHRM" where chunk.data.count == 32: chrm = (0..<8).map { Double(chunk.uint32(at: $0 * 4)) / 100_000 }
            case "sRGB": srgb = true
            default: break
            }
        }
        if let profile { return .icc(profile) }
        if srgb { return nil }
        if let gamma, gamma > 0 { return .gamma(gamma, chromaticities: chrm) }
        return nil
    }

    /// The ICC profile reassembled from a JPEG's APP2 "ICC_PROFILE" segments, in sequence order.
    static func jpegProfile(_ b: [UInt8]) -> [UInt8]? {
        var parts: [Int: [UInt8]] = [:]
        var i = 2
        let tag = Array("ICC_PROFILE".utf8) + [0]
        while i + 4 <= b.count, b[i] == 0xFF {
            let marker = b[i + 1]
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2, i + 2 + length <= b.count else { break }
            let data = Array(b[(i + 4)..<(i + 2 + length)])
            if marker == 0xE2, data.count > 14, Array(data[0..<12]) == tag { parts[Int(data[12])] = Array(data[14...]) }
            i += 2 + length
        }
        guard !parts.isEmpty else { return nil }
        return parts.keys.sorted().flatMap { parts[$0] ?? [] }
    }
}
