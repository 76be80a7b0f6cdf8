/// The byte classes of YAML that `ConfigPreScan` needs: line breaks, separators, flow indicators
/// and document markers.
extension ConfigPreScan {
    /// Bytes of the line break at `i` (CR LF counts as one), 0 when there is none.
    func breakLength(at i: Int) -> Int {
        guard i < bytes.count else { return 0 }
        switch bytes[i] {
        case 0x0A: return 1
        case 0x0D: return i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
        case 0xC2: return i + 1 < bytes.count && bytes[i + 1] == 0x85 ? 2 : 0
        case 0xE2:
            return i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9) ? 3 : 0
        default: return 0
        }
    }

    func isSeparated(_ k: Int, _ end: Int) -> Bool { k >= end || bytes[k] == Self.space || bytes[k] == Self.tab }

    func isFlowIndicator(_ k: Int, _ end: Int) -> Bool {
        guard k < end else { return false }
        switch bytes[k] {
        case Self.comma, Self.openBracket, Self.closeBracket, Self.openBrace, Self.closeBrace: return true
        default: return false
        }
    }

    /// `---` or `...` at the start of a line, alone or followed by a space.
    func isDocumentMarker(_ start: Int, _ end: Int) -> Bool {
        guard start + 3 <= end else { return false }
        let head = bytes[start..<start + 3]
        return (head.elementsEqual("---".utf8) || head.elementsEqual("...".utf8)) && isSeparated(start + 3, end)
    }

    static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), hash = UInt8(ascii: "#")
    static let colon = UInt8(ascii: ":"), dash = UInt8(ascii: "-"), question = UInt8(ascii: "?")
    static let percent = UInt8(ascii: "%"), comma = UInt8(ascii: ",")
    static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    static let doubleQuote = UInt8(ascii: "\""), singleQuote = UInt8(ascii: "'"), backslash = UInt8(ascii: "\\")
    static let ampersand = UInt8(ascii: "&"), star = UInt8(ascii: "*"), bang = UInt8(ascii: "!")
    static let pipe = UInt8(ascii: "|"), greater = UInt8(ascii: ">")
}
