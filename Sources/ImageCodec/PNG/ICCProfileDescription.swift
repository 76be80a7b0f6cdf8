/// Reads the `desc` tag of an ICC profile (v2 `desc` text or v4 `mluc` first record).
enum ICCProfileDescription {
    /// The profile's description, or nil when the profile has none or is malformed.
    static func read(_ profile: [UInt8]) -> String? {
        func u32(_ i: Int) -> Int? {
            guard i >= 0, i + 4 <= profile.count else { return nil }
            return Int(profile[i]) << 24 | Int(profile[i + 1]) << 16 | Int(profile[i + 2]) << 8 | Int(profile[i + 3])
        }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= profile.count else { return nil }
            return Int(profile[i]) << 8 | Int(profile[i + 1])
        }
        guard let tagCount = u32(128), tagCount < 1024 else { return nil }
        for entry in 0..<tagCount {
            let at = 132 + entry * 12
            guard let signature = u32(at), let offset = u32(at + 4), let size = u32(at + 8) else { return nil }
            guard signature == 0x6465_7363, offset + size <= profile.count, size >= 12 else { continue }  // "desc"
            switch u32(offset) {
            case 0x6465_7363:  // v2 "desc": type, reserved, ASCII count, ASCII text with NUL
                guard let count = u32(offset + 8), count > 0, offset + 12 + count <= profile.count else { return nil }
                let text = profile[(offset + 12)..<(offset + 12 + count)].prefix { $0 != 0 }
                return String(decoding: text, as: UTF8.self)
            case 0x6D6C_7563:  // v4 "mluc": records of language, country, length, offset (UTF-16BE)
                guard let records = u32(offset + 8), records > 0,
                      let length = u32(offset + 20), let start = u32(offset + 24),
                      offset + start + length <= profile.count else { return nil }
                var units: [UInt16] = []
                for i in stride(from: offset + start, to: offset + start + length - 1, by: 2) {
                    if let unit = u16(i) { units.append(UInt16(unit)) }
                }
                return String(decoding: units, as: UTF16.self)
            default:
                return nil
            }
        }
        return nil
    }
}
