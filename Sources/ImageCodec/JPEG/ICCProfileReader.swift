/// Reads the human-readable description ('desc' tag) of an ICC profile, v2 or v4.
///
/// Cheap by design: only the tag table and one tag are read, with every offset bounds-checked.
enum ICCProfileReader {
    /// The profile description, or nil when the profile has no readable 'desc' tag.
    static func profileDescription(_ profile: [UInt8]) -> String? {
        func u32(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= profile.count else { return nil }
            return Int(profile[at]) << 24 | Int(profile[at + 1]) << 16 | Int(profile[at + 2]) << 8 | Int(profile[at + 3])
        }
        let desc = 0x6465_7363   // 'desc'
        guard let tagCount = u32(128), tagCount < 1024 else { return nil }
        for index in 0..<tagCount {
            let entry = 132 + index * 12
            guard let signature = u32(entry), let offset = u32(entry + 4), let size = u32(entry + 8) else { return nil }
            guard signature == desc, offset >= 0, size >= 12, offset + size <= profile.count else { continue }
            return decodeText(Array(profile[offset..<offset + size]))
        }
        return nil
    }

    /// Decodes a textDescriptionType (v2, ASCII) or multiLocalizedUnicodeType (v4, UTF-16BE) tag.
    private static func decodeText(_ tag: [UInt8]) -> String? {
        func u32(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= tag.count else { return nil }
            return Int(tag[at]) << 24 | Int(tag[at + 1]) << 16 | Int(tag[at + 2]) << 8 | Int(tag[at + 3])
        }
        switch u32(0) {
        case 0x6465_7363:   // 'desc': count includes the terminating NUL
            guard let count = u32(8), count > 0, 12 + count <= tag.count else { return nil }
            let ascii = tag[12..<12 + count].prefix { $0 != 0 }
            return String(decoding: ascii, as: UTF8.self)
        case 0x6D6C_7563:   // 'mluc': take the first record
            guard let records = u32(8), records > 0, let length = u32(20), let offset = u32(24),
                  offset + length <= tag.count, length % 2 == 0 else { return nil }
            var units: [UInt16] = []
            var at = offset
            while at < offset + length { units.append(UInt16(tag[at]) << 8 | UInt16(tag[at + 1])); at += 2 }
            return String(decoding: units, as: UTF16.self)
        default:
            return nil
        }
    }
}
