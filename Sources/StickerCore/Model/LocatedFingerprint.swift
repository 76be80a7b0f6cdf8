/// The identity of each finding of a report as seen from the working directory (the repository
/// root in CI and pre-commit), for baselines and GitLab Code Quality: the same recipe as SARIF's
/// `stickerforge/v1` fingerprint (FNV-1a 64 of `rule U+001F file U+001F frame U+001F sticker`), with
/// the file given relative to the working directory instead of the catalog root, so a finding
/// keeps its fingerprint whether its catalog, its sticker or its file was named on the command
/// line. A finding without a file is located at its catalog. Messages and hints are left out, so
/// a changed measurement ("612 KB" becoming "640 KB") keeps the fingerprint.
public enum LocatedFingerprint {
    /// Where `finding` is, relative to the working directory, when the report's root is `root`
    /// (itself relative to the working directory; `.` or empty for the working directory).
    public static func location(of finding: Finding, root: String) -> String {
        let root = root.isEmpty ? "." : root
        return finding.file.map { RelativePath.join(root, $0) } ?? root
    }

    /// One fingerprint per finding of `report`, in order. Findings alike in every identifying field
    /// get `:2`, `:3`, ... appended in report order, as in SARIF.
    public static func fingerprints(for report: CheckReport, root: String) -> [String] {
        var seen: [String: Int] = [:]
        return report.findings.map { finding in
            let base = fingerprint(for: finding, root: root)
            let n = seen[base, default: 0]
            seen[base] = n + 1
            return n == 0 ? base : "\(base):\(n + 1)"
        }
    }

    /// The fingerprint of one finding, without the order suffix.
    public static func fingerprint(for finding: Finding, root: String) -> String {
        var located = finding
        located.file = location(of: finding, root: root)
        return located.stableFingerprint
    }
}
