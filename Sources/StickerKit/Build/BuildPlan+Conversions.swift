/// What a build settles that the check before it reported: a foreign file (WebP...) that the build
/// converted to PNG/APNG ships in a format Messages accepts.
extension BuildPlan {
    /// The check's `unsupported_format` findings that still hold after this build: those whose file
    /// no built sticker names among its `sources` (a file that was converted ships as PNG/APNG).
    public func unsettledFormatFindings(of report: CheckReport) -> [Finding] {
        let converted = Set(manifest.stickers.filter { $0.format == "png" || $0.format == "apng" }.flatMap(\.sources))
        return report.findings.filter {
            $0.rule == UnsupportedFormatCheck.description.id && !converted.contains($0.file ?? "")
        }
    }
}
