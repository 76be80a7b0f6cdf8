/// What `ConfigTextEditor` needs to know about the lines of `stickerforge.yml` before it edits
/// them: where flow style is open, which anchors a block defines and where they are used, and what
/// follows a key on its line. It reads each line alone, outside quoted scalars and comments; where
/// that is not enough, `ConfigEditGuard` re-parses the result and rolls back.
struct ConfigLineScan {
    /// What follows `key:` on its line.
    enum Value: Equatable {
        /// Nothing (a block follows, or the value is empty).
        case none
        /// A flow mapping closed on the line: where a new entry goes, and whether it has none yet.
        case flowMapping(insertAt: String.Index, isEmpty: Bool)
        /// Anything else: a scalar, an alias, an anchor or tag, flow style over several lines.
        case other
    }

    let lines: [String]

    init(_ lines: [String]) { self.lines = lines }

    /// Flow collections open at the start of line `index`.
    func flowDepth(before index: Int) -> Int {
        var depth = 0
        for line in lines[..<index] {
            for token in Self.code(line) {
                if token.startsToken, token.character == "[" || token.character == "{" { depth += 1 }
                if depth > 0, token.character == "]" || token.character == "}" { depth -= 1 }
            }
        }
        return depth
    }

    /// An anchor defined on the lines of `range` and the first line outside them that uses it.
    func anchorUsedOutside(_ range: Range<Int>) -> (anchor: String, line: Int)? {
        let anchors = lines[range].flatMap { Self.names(after: "&", in: $0) }
        for anchor in anchors {
            for (i, line) in lines.enumerated() where !range.contains(i) && Self.names(after: "*", in: line).contains(anchor) {
                return (anchor, i)
            }
        }
        return nil
    }

    /// What follows the key on `line`.
    func value(of line: String) -> Value {
        let all = Self.tokens(line)
        guard let colon = all.firstIndex(where: { !$0.quoted && $0.character == ":" }) else { return .other }
        let rest = all[(colon + 1)...].filter { $0.quoted || $0.character != " " }
        guard let open = rest.first else { return .none }
        guard open.character == "{", !open.quoted else { return .other }
        var depth = 0
        for (n, token) in rest.enumerated() where !token.quoted || n == rest.count - 1 {
            if !token.quoted, token.character == "{" || token.character == "[" { depth += 1 }
            if !token.quoted, token.character == "}" || token.character == "]" { depth -= 1 }
            guard depth == 0 else { continue }
            // The mapping must close last on the line, with nothing but a comment after it.
            guard n == rest.count - 1, !token.quoted, token.character == "}" else { return .other }
            let inner = rest.dropFirst().dropLast()
            guard let last = inner.last else { return .flowMapping(insertAt: token.index, isEmpty: true) }
            return .flowMapping(insertAt: line.index(after: last.index), isEmpty: false)
        }
        return .other
    }

    /// A character of a line before its comment; `startsToken` when it follows a space, a flow
    /// indicator or the line's start (where `[`, `&` and `*` are indicators); `quoted` inside a
    /// quoted scalar (quotes included), where nothing is an indicator.
    struct Token {
        var index: String.Index
        var character: Character
        var startsToken: Bool
        var quoted = false
    }

    /// The characters of `line` outside quoted scalars and the comment.
    static func code(_ line: String) -> [Token] { tokens(line).filter { !$0.quoted } }

    static func tokens(_ line: String) -> [Token] {
        var tokens: [Token] = []
        var quote: Character?
        var previous: Character = " "
        var i = line.startIndex
        while i < line.endIndex {
            let c = line[i]
            let atStart = " \t[{,".contains(previous)
            if let q = quote {
                tokens.append(Token(index: i, character: c, startsToken: false, quoted: true))
                if q == "\"", c == "\\" {
                    i = line.index(after: i)
                    if i < line.endIndex {
                        tokens.append(Token(index: i, character: line[i], startsToken: false, quoted: true))
                        i = line.index(after: i)
                    }
                    previous = "x"
                    continue
                }
                if c == q { quote = nil }
            } else if c == "#", previous == " " || previous == "\t" || i == line.startIndex {
                break
            } else if c == "\"" || c == "'", atStart || previous == ":" {
                quote = c
                tokens.append(Token(index: i, character: c, startsToken: atStart, quoted: true))
            } else {
                tokens.append(Token(index: i, character: c, startsToken: atStart))
            }
            previous = c
            i = line.index(after: i)
        }
        return tokens
    }

    /// The names of the anchors (`&`) or aliases (`*`) on `line`.
    static func names(after indicator: Character, in line: String) -> [String] {
        let tokens = code(line)
        var names: [String] = []
        for (n, token) in tokens.enumerated() where token.character == indicator && token.startsToken {
            let name = tokens[(n + 1)...].prefix { !" \t,[]{}".contains($0.character) }.map(\.character)
            if !name.isEmpty { names.append(String(name)) }
        }
        return names
    }
}
