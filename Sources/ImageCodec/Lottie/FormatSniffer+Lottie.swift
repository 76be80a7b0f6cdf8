/// Lottie and TGS by content: a JSON object naming Lottie's seven top-level keys, plain or gzipped.
extension FormatSniffer {
    /// Inflated bytes the sniffer looks at in a gzip stream (Telegram caps a whole .tgs at 64 KB).
    static let tgsSniffPrefix = 256 << 10

    /// A JSON object with `v`, `fr`, `ip`, `op`, `w`, `h` and `layers` at its top level. When the
    /// buffer is a prefix of a larger file (the object is still open at its end), the six scalar keys
    /// suffice, since exporters write `layers` after `assets`, which may be large.
    static func looksLikeLottie(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let scan = LottieKeyScanner.scan(b)
        return scan.hasAllKeys || (!scan.closed && scan.isObject && scan.hasScalarKeys)
    }

    /// A gzip stream whose first inflated bytes (at most `tgsSniffPrefix`) look like Lottie JSON.
    static func isGzippedLottie(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let out = try? GzipInflater.inflate(b, maxOutput: tgsSniffPrefix, prefix: true) else { return false }
        return out.bytes.withUnsafeBufferPointer { looksLikeLottie($0) }
    }
}
