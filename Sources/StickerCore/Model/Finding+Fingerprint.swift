extension Finding {
    /// The finding's stable identity across runs: an FNV-1a 64-bit hash of its rule, file, frame and
    /// sticker (SARIF's `partialFingerprints`, GitLab's `fingerprint`, a baseline's key).
    public var stableFingerprint: String {
        let fields = [rule, file ?? "", frame.map(String.init) ?? "", sticker ?? ""]
        return StableHash.fnv1a64Hex(fields.joined(separator: "\u{1F}"))
    }
}
