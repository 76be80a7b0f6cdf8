/// A linear, iterative pass over the bytes of `stickerforge.yml` that bounds what Yams would do
/// with them before its composer recurses: the size, the nesting depth, and the anchors and
/// aliases. The depth is an upper bound: one level per block indentation level, per compact
/// indicator (`- - -`, `? `) and per implicit key (so `key:` followed by `- item` at the same
/// indentation counts both), plus the flow depth of `[` and `{`. What quoted scalars, comments and
/// block scalars (`|`, `>`) hold is not structure and is skipped; every line break YAML knows
/// (`\n`, `\r`, NEL, LS, PS) ends a line, so nothing can hide behind a comment.
package struct ConfigPreScan {
    private struct Level { var column: Int; var isKey: Bool }

    /// The text's UTF-8.
    let bytes: [UInt8]
    private let limits: ConfigLimits
    private var lineNumber = 1
    private var lineStart = 0
    /// Open block collections, innermost last, by the column (in bytes) of their indicator or key.
    private var block: [Level] = []
    private var flow = 0
    /// The quote of a quoted scalar still open at the end of the bytes scanned so far.
    private var quote: UInt8?
    /// Inside a block scalar: lines indented more than this (or blank) are its content.
    private var blockScalarParent: Int?
    private var anchors = 0
    private var aliases = 0
    private var crossing: ConfigLimitCrossing?

    /// The first limit `text` crosses before it is composed, nil when it stays within them all.
    package static func scan(_ text: String, limits: ConfigLimits) -> ConfigLimitCrossing? {
        var scan = ConfigPreScan(bytes: Array(text.utf8), limits: limits)
        return scan.run()
    }

    private init(bytes: [UInt8], limits: ConfigLimits) { self.bytes = bytes; self.limits = limits }

    private mutating func run() -> ConfigLimitCrossing? {
        if bytes.count > limits.maxBytes {
            // The line holding the first byte past the limit: counting lines up to it is linear too.
            var i = 0
            while i < limits.maxBytes {
                let length = breakLength(at: i)
                if length > 0 { lineNumber += 1; i += length; lineStart = i } else { i += 1 }
            }
            cross(at: limits.maxBytes, ConfigLimitCrossing.size(limits))
            return crossing
        }
        var i = 0
        while i < bytes.count, crossing == nil { i = scanLine(from: i) }
        return crossing
    }

    /// Scans the line starting at `start`; returns where the next line starts.
    private mutating func scanLine(from start: Int) -> Int {
        lineStart = start
        var end = start
        while end < bytes.count, breakLength(at: end) == 0 { end += 1 }
        let next = end + breakLength(at: end)
        defer { lineNumber += 1 }
        var j = start
        while j < end, bytes[j] == Self.space { j += 1 }
        let indent = j - start
        var first = j
        while first < end, bytes[first] == Self.space || bytes[first] == Self.tab { first += 1 }
        let blank = first == end || bytes[first] == Self.hash
        let marker = isDocumentMarker(start, end)
        if let parent = blockScalarParent {
            if !marker, blank || indent > parent { return next }
            blockScalarParent = nil
        }
        guard quote == nil, flow == 0 else {
            scanTokens(from: start, to: end)
            return next
        }
        if blank { return next }
        if marker {
            block.removeAll()
            j = start + 3
        } else if indent == 0, bytes[j] == Self.percent {
            return next   // a directive
        } else {
            // A less indented line closes deeper collections; a line at the same column is a sibling,
            // except `- item` right under `key:`, which is that key's value.
            let dash = bytes[j] == Self.dash && isSeparated(j + 1, end)
            while let top = block.last, top.column > indent || (top.column == indent && !(top.isKey && dash)) {
                block.removeLast()
            }
        }
        scanTokens(from: j, to: end)
        return next
    }

    private mutating func scanTokens(from start: Int, to end: Int) {
        var k = start
        var inPlain = false
        var separated = true   // after whitespace or at the line's start: where `#` starts a comment
        var nodeColumn: Int?   // where the node that a `:` would make a key starts
        while k < end, crossing == nil {
            if quote != nil { k = skipQuoted(from: k, to: end); separated = false; continue }
            let c = bytes[k]
            if c == Self.space || c == Self.tab { separated = true; k += 1; continue }
            if c == Self.hash, separated { return }
            separated = false
            if c == Self.colon, isSeparated(k + 1, end) || (flow > 0 && isFlowIndicator(k + 1, end)) {
                if flow == 0, let column = nodeColumn { push(Level(column: column, isKey: true), at: lineStart + column) }
                nodeColumn = nil; inPlain = false; k += 1
                continue
            }
            if inPlain {
                // A plain scalar runs to the end of the line in block context; in flow context it
                // also ends at a flow indicator. Quotes and brackets inside it are text.
                guard flow > 0, isFlowIndicator(k, end) else { k += 1; continue }
                inPlain = false
            }
            switch c {
            case Self.dash where isSeparated(k + 1, end), Self.question where isSeparated(k + 1, end):
                if flow == 0 { push(Level(column: k - lineStart, isKey: false), at: k) }
                nodeColumn = nil; k += 1
            case Self.openBracket, Self.openBrace:
                if flow == 0 { nodeColumn = k - lineStart }
                flow += 1; checkDepth(at: k); k += 1
            case Self.closeBracket, Self.closeBrace:
                flow = max(0, flow - 1); k += 1
            case Self.comma: k += 1
            case Self.doubleQuote, Self.singleQuote:
                if flow == 0 { nodeColumn = k - lineStart }
                quote = c; k += 1
            case Self.ampersand:
                anchors += 1
                if anchors > limits.maxAnchors { cross(at: k, ConfigLimitCrossing.anchors(limits)) }
                k = skipName(from: k + 1, to: end)
            case Self.star:
                aliases += 1
                if aliases > limits.maxAliases { cross(at: k, ConfigLimitCrossing.aliases(limits)) }
                if flow == 0 { nodeColumn = k - lineStart }
                k = skipName(from: k + 1, to: end)
            case Self.bang: k = skipName(from: k + 1, to: end)   // a tag
            case Self.pipe where flow == 0, Self.greater where flow == 0:
                blockScalarParent = block.last?.column ?? -1
                return   // the rest of the line is the block scalar's header
            default:
                inPlain = true
                if flow == 0 { nodeColumn = k - lineStart }
                k += 1
            }
        }
    }

    /// Past the closing quote (and clears `quote`), or `end` when the scalar goes on.
    private mutating func skipQuoted(from start: Int, to end: Int) -> Int {
        guard let q = quote else { return start }
        var k = start
        while k < end {
            let c = bytes[k]
            if q == Self.doubleQuote, c == Self.backslash { k += 2; continue }
            if c == q {
                if q == Self.singleQuote, k + 1 < end, bytes[k + 1] == Self.singleQuote { k += 2; continue }
                quote = nil
                return k + 1
            }
            k += 1
        }
        return end
    }

    /// Past an anchor, alias or tag name.
    private func skipName(from start: Int, to end: Int) -> Int {
        var k = start
        while k < end, bytes[k] != Self.space, bytes[k] != Self.tab, !(flow > 0 && isFlowIndicator(k, end)) { k += 1 }
        return k
    }

    private mutating func push(_ level: Level, at k: Int) {
        block.append(level)
        checkDepth(at: k)
    }

    private mutating func checkDepth(at k: Int) {
        if block.count + flow > limits.maxDepth { cross(at: k, ConfigLimitCrossing.depth(limits)) }
    }

    private mutating func cross(at index: Int, _ reason: String) {
        guard crossing == nil else { return }
        // Columns count Unicode scalars, as Yams's do: UTF-8 continuation bytes do not count.
        let column = bytes[lineStart..<index].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        crossing = ConfigLimitCrossing(line: lineNumber, column: column, reason: reason)
    }
}
