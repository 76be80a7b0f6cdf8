import StickerCore
import StickerEncoding
import StickerRules

/// Escaping for text and attribute values in HTML, so a hostile file name cannot break the page.
package enum HTMLEscape {
    /// Escapes `& < > " '` and replaces control characters (other than tab and newline) with U+FFFD.
    package static func text(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// A value safe inside a CSS class or data attribute token: letters, digits, `_` and `-` only.
    static func token(_ s: String) -> String {
        String(s.unicodeScalars.map { CharacterSet.tokenSafe($0) ? Character($0) : "_" })
    }
}

private enum CharacterSet {
    static func tokenSafe(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "_" || c == "-"
    }
}
