extension ReportSummary {
    /// Counts `findings` by severity; a sticker passes when none of its findings is an error.
    package static func tally(stickers: [StickerReport], findings: [Finding]) -> ReportSummary {
        ReportSummary(stickers: stickers.count,
                      errors: findings.filter { $0.severity == .error }.count,
                      warnings: findings.filter { $0.severity == .warning }.count,
                      infos: findings.filter { $0.severity == .info }.count,
                      passed: stickers.filter { !$0.findings.contains { $0.severity == .error } }.count)
    }
}
