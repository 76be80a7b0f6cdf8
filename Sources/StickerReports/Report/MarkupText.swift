import StickerCore
import StickerEncoding
import StickerRules

/// The one escaper for markup output: HTML text and attribute values (the report, the preview, the
/// fix report, the platform comparison) and XML 1.0 content and attributes (JUnit, Info.plist, Xcode
/// schemes), so a hostile file name can break neither. One loop; the dialects differ only where the
/// formats do (the table in `Dialect`).
///
/// XML 1.0 allows only tab, newline, carriage return and U+0020 and above (less U+FFFE and U+FFFF);
/// any other character makes the whole document unreadable, even as a character reference, so it is
/// replaced with U+FFFD. In XML attributes, tab, newline and carriage return are written as character
/// references because parsers otherwise normalise them to spaces, and a bare CR in content would be
/// folded into the following newline. HTML pages replace every C0 and C1 control but tab and newline.
package enum MarkupText {
    /// `text` safe as HTML text and inside a quoted HTML attribute: `& < > " '` escaped.
    package static func html(_ text: String) -> String { escape(text, .html) }

    /// `text` safe as XML element content.
    package static func xmlContent(_ text: String) -> String { escape(text, .xmlContent) }

    /// `text` safe inside a double-quoted XML attribute value.
    package static func xmlAttribute(_ text: String) -> String { escape(text, .xmlAttribute) }

    /// A value safe inside an HTML class or data attribute token: letters, digits, `_` and `-` only.
    static func token(_ s: String) -> String {
        String(s.unicodeScalars.map { isTokenSafe($0) ? Character($0) : "_" })
    }

    /// What differs between the dialects.
    private struct Dialect {
        /// How `"` and `'` are written; nil leaves them as they are.
        var quote: String?, apostrophe: String?
        /// Whether tab and newline are written as character references.
        var whitespaceAsReferences: Bool
        /// Whether a carriage return is written as a reference (else it is a control character).
        var carriageReturnAsReference: Bool
        /// Which other characters may appear as they are (the rest become U+FFFD).
        var allows: (UInt32) -> Bool

        static let html = Dialect(quote: "&quot;", apostrophe: "&#39;", whitespaceAsReferences: false,
                                  carriageReturnAsReference: false,
                                  allows: { !($0 < 0x20 || $0 == 0x7F || (0x80..<0xA0).contains($0)) })
        static let xmlContent = Dialect(quote: nil, apostrophe: nil, whitespaceAsReferences: false,
                                        carriageReturnAsReference: true, allows: isXMLChar)
        static let xmlAttribute = Dialect(quote: "&quot;", apostrophe: "&apos;", whitespaceAsReferences: true,
                                          carriageReturnAsReference: true, allows: isXMLChar)
    }

    private static func escape(_ text: String, _ dialect: Dialect) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where dialect.quote != nil: out += dialect.quote ?? ""
            case "'" where dialect.apostrophe != nil: out += dialect.apostrophe ?? ""
            case "\t" where dialect.whitespaceAsReferences: out += "&#9;"
            case "\n" where dialect.whitespaceAsReferences: out += "&#10;"
            case "\r" where dialect.carriageReturnAsReference: out += "&#13;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default: out.unicodeScalars.append(dialect.allows(scalar.value) ? scalar : "\u{FFFD}")
            }
        }
        return out
    }

    /// XML 1.0's Char production, less the three whitespace controls handled in `escape`.
    private static func isXMLChar(_ v: UInt32) -> Bool {
        (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v) || (0x10000...0x10FFFF).contains(v)
    }

    private static func isTokenSafe(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "_" || c == "-"
    }
}
