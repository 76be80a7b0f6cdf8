import StickerCore
import StickerEncoding
import StickerRules

/// Xcode's diagnostic lines, one per finding: `ABSOLUTE_PATH:1:1: error|warning|note: MESSAGE [rule_id]`.
/// A Run Script build phase that prints them makes Xcode list each in the issue navigator, as
/// SwiftLint's default reporter does (docs/xcode.md, `build --check-phase`). Infos are notes. Paths
/// are absolute (Xcode resolves nothing); a finding without a file points at the catalog folder.
/// Line and column are always 1: findings are about whole images.
public struct XcodeReporter: Reporter {
    /// A reporter.
    public init() {}

    /// Renders one line per finding, in report order.
    public func render(_ report: CheckReport, context: ReportContext) -> String {
        let root = context.absoluteCatalogPath(for: report)
        let lines = report.findings.compactMap { finding -> String? in
            let kind: String
            switch finding.severity {
            case .error: kind = "error"
            case .warning: kind = "warning"
            case .info: kind = "note"
            case .off: return nil
            }
            var message = finding.message
            if let frame = finding.frame { message = "frame \(frame): " + message }
            if let sticker = finding.sticker { message = "\(sticker): " + message }
            if !finding.hint.isEmpty { message += " (\(finding.hint))" }
            let path = finding.file.map { root == "/" ? "/" + $0 : root + "/" + $0 } ?? root
            return "\(Self.oneLine(path)):1:1: \(kind): \(Self.oneLine(message)) [\(finding.rule)]"
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// Line breaks and other control characters become spaces: a diagnostic is one line.
    static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? " " : $0
        }))
    }
}
