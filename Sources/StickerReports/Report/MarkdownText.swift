import StickerCore
import StickerEncoding
import StickerRules

/// Escaping for text inside Markdown (GitHub and GitLab flavoured) table cells and headings: every
/// character that could start formatting, a link, HTML or a new cell is escaped, newlines become
/// `<br>` and other control characters a space, so a file name or message can neither break the
/// table nor inject markup into a pull-request comment.
enum MarkdownText {
    /// ASCII punctuation that Markdown may read as syntax; CommonMark lets any of it be escaped.
    private static let special: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "|", "#", "~"]

    /// `text` safe in a table cell.
    static func cell(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "\n" || character == "\r\n" {
                out += "<br>"
            } else if character == "&" {
                out += "&amp;"
            } else if special.contains(character) {
                out += "\\" + String(character)
            } else if character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                out += " "
            } else {
                out.append(character)
            }
        }
        return out
    }
}
