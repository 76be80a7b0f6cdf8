extension ReportSummary {
    /// The one-line summary people read last: `12 stickers: 3 errors, 5 warnings, 2 infos; 9 passed`.
    public var sentence: String {
        "\(Self.count(stickers, "sticker")): \(Self.count(errors, "error")), "
            + "\(Self.count(warnings, "warning")), \(Self.count(infos, "info")); \(passed) passed"
    }

    /// "1 error", "0 errors", "2 errors".
    static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
}
