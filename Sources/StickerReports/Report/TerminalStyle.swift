import StickerCore
import StickerEncoding
import StickerRules

/// ANSI styling that is a no-op when disabled, so the text reporter has one code path with and
/// without colour (the CLI enables it only when standard output is a terminal).
struct TerminalStyle: Sendable {
    /// Whether escape sequences are written.
    var enabled: Bool

    /// `text` in bold.
    func bold(_ text: String) -> String { wrap(text, "1") }
    /// `text` dimmed, for hints.
    func dim(_ text: String) -> String { wrap(text, "2") }

    /// A severity name in its colour: errors bold red, warnings yellow, infos cyan.
    func severity(_ severity: Severity, _ text: String) -> String {
        switch severity {
        case .error: return wrap(text, "1;31")
        case .warning: return wrap(text, "33")
        case .info: return wrap(text, "36")
        case .off: return text
        }
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
