/// The one escaper for JSON strings StickerForge writes itself (Contents.json in Xcode's format,
/// rewritten Lottie and .tgs, the report's fallback), so every writer escapes `"`, `\` and control
/// characters the same way. Only the spelling of control characters differs: Xcode writes `\n`, `\r`
/// and `\t`; Lottie documents are written with `\u00XX` for every control, as StickerForge always has
/// (rewritten .tgs files stay byte for byte what earlier versions wrote).
package enum JSONString {
    /// How control characters (U+0000 to U+001F) are written.
    package enum Controls: Sendable {
        /// `\n`, `\r` and `\t`, other controls as `\u00XX` (Xcode's style).
        case shortForms
        /// Every control as `\u00XX`.
        case unicodeEscapes
    }

    /// Appends `text` as a quoted JSON string to `out`.
    package static func append(_ text: String, to out: inout [UInt8], controls: Controls) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        // UTF-8 code units below 0x80 are never part of a longer character, so bytes can be judged alone.
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
            case 0x0A where controls == .shortForms: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D where controls == .shortForms: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09 where controls == .shortForms: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20: out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `text` as a quoted JSON string.
    package static func quoted(_ text: String, controls: Controls) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        append(text, to: &out, controls: controls)
        return String(decoding: out, as: UTF8.self)
    }
}
