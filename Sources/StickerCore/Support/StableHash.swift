
/// FNV-1a, 64-bit, over UTF-8 bytes: a tiny hash whose value depends only on its input, never on
/// the process (Swift's `Hasher` is seeded per run), so fingerprints match across runs and machines.
/// Not cryptographic; it only has to tell findings apart.
enum StableHash {
    /// The FNV-1a 64-bit offset basis and prime, as the algorithm defines them.
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of `text`'s UTF-8 bytes.
    static func fnv1a64(_ text: String) -> UInt64 {
        var hash = offsetBasis
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* prime
        }
        return hash
    }

    /// The hash as 16 lowercase hex digits.
    static func fnv1a64Hex(_ text: String) -> String {
        let hex = String(fnv1a64(text), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
