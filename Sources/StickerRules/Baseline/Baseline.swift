import Foundation
import StickerCore

/// A baseline: the findings a team has accepted for now, recorded by `check --write-baseline` and
/// read by `check --baseline`, which then reports and fails only on findings not in it (SwiftLint's
/// idea, for adopting the gate on an existing pack). Entries are matched by `LocatedFingerprint`,
/// never by message. The file is sorted, pretty JSON with no timestamps (docs/report-formats.md).
public struct Baseline: Equatable, Sendable, Codable {
    /// The layout version this tool writes and reads.
    public static let currentVersion = 1

    /// Layout version.
    public var baselineVersion: Int
    /// The accepted findings, sorted by file, rule, sticker, frame and fingerprint.
    public var findings: [BaselineEntry]

    /// A baseline of `findings`, sorted.
    public init(findings: [BaselineEntry]) {
        baselineVersion = Self.currentVersion
        self.findings = findings.sorted(by: BaselineEntry.precedes)
    }

    /// Today's findings of `report` (whose root is `root` relative to the working directory).
    public init(recording report: CheckReport, root: String) {
        let prints = LocatedFingerprint.fingerprints(for: report, root: root)
        self.init(findings: zip(report.findings, prints).map { BaselineEntry(finding: $0, fingerprint: $1, root: root) })
    }

    /// The file's bytes: sorted keys, pretty-printed, ending in a newline.
    public func encoded() -> [UInt8] { Array(ReportJSON.encode(self).utf8) }

    /// Reads a baseline file's bytes; `path` names it in errors.
    public static func decode(_ bytes: [UInt8], path: String) throws -> Baseline {
        let baseline: Baseline
        do { baseline = try JSONDecoder().decode(Baseline.self, from: Data(bytes)) } catch let error as DecodingError {
            throw BaselineError.invalid(path: path, reason: JSONReportError(error).description)
        }
        guard baseline.baselineVersion <= currentVersion else {
            throw BaselineError.unsupportedVersion(path: path, found: baseline.baselineVersion, supported: currentVersion)
        }
        return baseline
    }

    /// `report` with the baselined findings taken out: its findings (and each sticker's) are the
    /// new ones, its counts count only them, and `summary.baseline` says how many were baselined
    /// and which baseline entries were not found any more. Only entries inside `covered` (paths
    /// relative to the working directory; nil for all) can be gone: a check of two files says
    /// nothing about the rest of the pack.
    public func apply(to report: CheckReport, root: String, path: String, covered: [String]? = nil) -> CheckReport {
        let prints = LocatedFingerprint.fingerprints(for: report, root: root)
        let known = Set(findings.map(\.fingerprint))
        var kept: [Finding] = [], matched: Set<String> = []
        for (finding, print) in zip(report.findings, prints) {
            if known.contains(print) { matched.insert(print) } else { kept.append(finding) }
        }
        var copy = report
        var remaining = kept
        for i in copy.stickers.indices {
            // Take each sticker's findings from the kept list, so equal findings are matched once each.
            copy.stickers[i].findings = copy.stickers[i].findings.filter { finding in
                guard let at = remaining.firstIndex(of: finding) else { return false }
                remaining.remove(at: at)
                return true
            }
        }
        copy.findings = kept
        let gone = findings.filter { entry in
            !matched.contains(entry.fingerprint) && (covered.map { paths in paths.contains { entry.isInside($0) } } ?? true)
        }
        copy.summary = ReportSummary.tally(stickers: copy.stickers, findings: kept)
        copy.summary.baseline = BaselineSummary(path: path, baselined: matched.count, gone: gone)
        return copy
    }
}

/// Why a baseline file cannot be used.
public enum BaselineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not the documented layout.
    case invalid(path: String, reason: String)
    /// Written by a newer layout than this version reads.
    case unsupportedVersion(path: String, found: Int, supported: Int)

    /// A message naming the file and what to do.
    public var description: String {
        switch self {
        case .invalid(let path, let reason):
            return "\(path): not a stickerforge baseline (\(reason)); write one with check --write-baseline \(path)"
        case .unsupportedVersion(let path, let found, let supported):
            return "\(path): baseline version \(found) is newer than this tool reads (\(supported)); update stickerforge"
        }
    }
}
