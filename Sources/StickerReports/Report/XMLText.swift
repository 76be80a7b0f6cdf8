import StickerCore
import StickerEncoding
import StickerRules

/// Escaping for XML 1.0 text and attribute values.
///
/// XML 1.0 allows only tab, newline, carriage return and U+0020 and above (less U+FFFE and
/// U+FFFF); any other character makes the whole document unreadable, even as a character
/// reference, so it is replaced with U+FFFD. In attributes, tab, newline and carriage return
/// are written as character references because parsers otherwise normalise them to spaces.
package enum XMLText {
    /// `text` safe as element content.
    package static func content(_ text: String) -> String { escape(text, attribute: false) }

    /// `text` safe inside a double-quoted attribute value.
    package static func attribute(_ text: String) -> String { escape(text, attribute: true) }

    private static func escape(_ text: String, attribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "'" where attribute: out += "&apos;"
            case "\t" where attribute: out += "&#9;"
            case "\n" where attribute: out += "&#10;"
            // A bare CR in content would be folded into the following newline by parsers.
            case "\r": out += "&#13;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                out.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return out
    }

    /// XML 1.0's Char production, less the three whitespace controls handled above.
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v) || (0x10000...0x10FFFF).contains(v)
    }
}
