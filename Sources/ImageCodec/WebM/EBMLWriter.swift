/// Builds EBML (Matroska/WebM) elements in memory: an element is its ID, its size as a variable-
/// length integer, then its payload. Sizes are always known (the whole file is built in memory),
/// so no element uses the "unknown size" form.
struct EBMLWriter {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []

    /// An unsigned integer element, in the fewest bytes.
    mutating func uint(_ id: UInt32, _ value: UInt64) { element(id, Self.bigEndian(value, minimumBytes: 1)) }
    /// An unsigned integer element in exactly eight bytes (for positions written before they are known).
    mutating func uint8Bytes(_ id: UInt32, _ value: UInt64) { element(id, Self.bigEndian(value, minimumBytes: 8)) }
    /// A signed integer element, in the fewest bytes.
    mutating func int(_ id: UInt32, _ value: Int64) {
        var length = 1
        while length < 8 && !(value >= -(Int64(1) << (8 * length - 1)) && value < (Int64(1) << (8 * length - 1))) { length += 1 }
        element(id, (0..<length).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) })
    }
    /// A 64-bit float element.
    mutating func float(_ id: UInt32, _ value: Double) { element(id, Self.bigEndian(value.bitPattern, minimumBytes: 8)) }
    /// A UTF-8 string element.
    mutating func string(_ id: UInt32, _ value: String) { element(id, Array(value.utf8)) }
    /// A binary element.
    mutating func binary(_ id: UInt32, _ payload: [UInt8]) { element(id, payload) }
    /// A master element whose children `body` writes.
    mutating func master(_ id: UInt32, _ body: (inout EBMLWriter) -> Void) {
        var child = EBMLWriter()
        body(&child)
        element(id, child.bytes)
    }

    /// Appends raw bytes (an element built elsewhere).
    mutating func append(_ raw: [UInt8]) { bytes += raw }

    /// ID (its own length prefix is part of the value), size, payload.
    mutating func element(_ id: UInt32, _ payload: [UInt8]) {
        bytes += Self.bigEndian(UInt64(id), minimumBytes: 1)
        bytes += Self.size(UInt64(payload.count))
        bytes += payload
    }

    /// `value` as a variable-length size: the shortest length whose all-ones value (reserved for
    /// "unknown") is still larger than it.
    static func size(_ value: UInt64) -> [UInt8] {
        var length = 1
        while length < 8 && value >= (UInt64(1) << (7 * length)) - 1 { length += 1 }
        var out = bigEndian(value, minimumBytes: length)
        out = Array(out.suffix(length))
        out[0] |= UInt8(0x80 >> (length - 1))
        return out
    }

    static func bigEndian(_ value: UInt64, minimumBytes: Int) -> [UInt8] {
        var length = minimumBytes
        while length < 8 && value >> (8 * length) != 0 { length += 1 }
        return (0..<length).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
