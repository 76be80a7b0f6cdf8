import StickerCore
import StickerEncoding
import StickerRules

/// A report format: a pure function from a check result to text. Reporters hold no state and
/// read nothing but their arguments, so the same report always renders to the same bytes.
public protocol Reporter: Sendable {
    /// Renders the whole report. The text ends with a newline unless it is empty.
    func render(_ report: CheckReport, context: ReportContext) -> String
}
