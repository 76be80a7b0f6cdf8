/// Where a JSON document breaks the grammar, as `JSONReader` found it: what went wrong and the byte
/// offset, from which each caller writes its own message (Contents.json says line and column,
/// Lottie says the byte).
package struct JSONSyntaxError: Error, Equatable, Sendable {
    /// What went wrong. Offsets named in a payload are byte offsets into the same input.
    package enum Kind: Equatable, Sendable {
        /// No value starts at `offset` (or the input ends there).
        case expectedValue
        /// A closing bracket (at `offset`) right after a comma.
        case trailingComma
        /// No key string starts at `offset`.
        case expectedKey
        /// No ':' at `offset` after the key `key`.
        case expectedColon(key: JSONToken)
        /// No ',' or closing bracket at `offset` after a value: an object member's (`key`) or a list item's (nil).
        case expectedCommaOrClose(key: JSONToken?)
        /// A container opened at `offset` one level deeper than the reader's limit.
        case tooDeep
        /// A control character at `offset` inside the string that starts at `string`.
        case controlCharacter(string: Int)
        /// The string starting at `offset` is not valid UTF-8 (only under `JSONRules.validatesText`).
        case invalidUTF8
        /// The string starting at `offset` has no closing quote.
        case unclosedString
        /// The input ends (at `offset`) right after a backslash in the string that starts at `string`.
        case endInEscape(string: Int)
        /// The backslash at `offset` starts no escape JSON knows.
        case unknownEscape
        /// The `\u` escape whose backslash is at `offset` lacks four hex digits.
        case badUnicodeEscape
        /// The `\u` escape ending at `offset` leaves half of a surrogate pair (only under `validatesText`).
        case loneSurrogate
        /// The number starting at `offset` has no digits (a lone '-').
        case numberWithoutDigits
        /// The number starting at `offset` has a leading zero before more digits.
        case leadingZero
        /// The number starting at `offset` has no digits after its '.'.
        case noFractionDigits
        /// The number starting at `offset` has no digits in its exponent.
        case noExponentDigits
        /// The number starting at `offset` is too large for a Double (only under `requiresFiniteNumbers`).
        case numberOutOfRange
        /// Something other than whitespace at `offset` after the document's value.
        case trailingContent
    }

    /// What went wrong.
    package var kind: Kind
    /// The byte offset the kind names (the input's length when it ended too soon).
    package var offset: Int
    /// The innermost container open at the failure (`{` or `[`), nil at the top level.
    package var container: UInt8?

    /// An error.
    package init(kind: Kind, offset: Int, container: UInt8?) {
        self.kind = kind
        self.offset = offset
        self.container = container
    }
}

/// A string in the input: from its opening quote to one past its closing quote.
package struct JSONToken: Equatable, Sendable {
    /// The offset of the opening quote.
    package var start: Int
    /// The offset just past the closing quote.
    package var end: Int

    /// A token.
    package init(start: Int, end: Int) { self.start = start; self.end = end }
}

/// A value that is not a container, as the reader hands it to a visitor.
package enum JSONScalar: Equatable, Sendable {
    /// A string; `JSONReader.text(of:in:)` decodes it.
    case string(JSONToken)
    /// A number, as the byte range of its text.
    case number(Range<Int>)
    case bool(Bool)
    case null
}

/// What a `JSONReader` tells as it reads, in document order. Anything a visitor throws ends the read
/// and reaches the caller unchanged.
package protocol JSONVisitor {
    /// An object opens at `offset`.
    mutating func beginObject(at offset: Int) throws
    /// The next member's key.
    mutating func key(_ key: JSONToken) throws
    /// The innermost object closes.
    mutating func endObject() throws
    /// An array opens at `offset`.
    mutating func beginArray(at offset: Int) throws
    /// The innermost array closes.
    mutating func endArray() throws
    /// A scalar value: the top-level value, a member's value or an array element.
    mutating func value(_ scalar: JSONScalar) throws
}

/// How strict a read is beyond the grammar, and how deep it may nest.
package struct JSONRules: Sendable {
    /// Deepest nesting of arrays and objects accepted.
    package var maxDepth: Int
    /// Strings must be valid UTF-8 and `\u` escapes may not leave half a surrogate pair (Contents.json,
    /// as Xcode requires); otherwise such text decodes with U+FFFD in its place (Lottie, as rlottie reads it).
    package var validatesText: Bool
    /// Numbers must fit a Double (Contents.json); otherwise only their grammar is checked.
    package var requiresFiniteNumbers: Bool

    /// Rules.
    package init(maxDepth: Int, validatesText: Bool, requiresFiniteNumbers: Bool) {
        self.maxDepth = maxDepth
        self.validatesText = validatesText
        self.requiresFiniteNumbers = requiresFiniteNumbers
    }
}
