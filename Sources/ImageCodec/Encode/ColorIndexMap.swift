/// A small open-addressing map from packed RGBA words to palette indices, with room for 256
/// colours. A Swift `Dictionary` costs several times more per pixel, and every frame candidate is
/// converted through this map.
struct ColorIndexMap: Sendable {
    private static let slotBits = 10
    private var keys = [UInt32](repeating: 0, count: 1 << slotBits)
    private var values = [Int16](repeating: -1, count: 1 << slotBits)
    /// Number of distinct colours inserted.
    private(set) var count = 0

    /// An empty map.
    init() {}

    @inline(__always)
    private static func slot(_ key: UInt32) -> Int {
        Int((key &* 2_654_435_761) >> UInt32(32 - slotBits))
    }

    /// The index stored for `key`, or nil.
    @inline(__always)
    func index(of key: UInt32) -> Int? {
        var s = Self.slot(key)
        while values[s] >= 0 {
            if keys[s] == key { return Int(values[s]) }
            s = (s + 1) & ((1 << Self.slotBits) - 1)
        }
        return nil
    }

    /// Inserts `key` with the next index when absent. Returns false, inserting nothing, once 257
    /// colours would be needed: the map never holds more than a palette can.
    @discardableResult
    mutating func insert(_ key: UInt32) -> Bool {
        var s = Self.slot(key)
        while values[s] >= 0 {
            if keys[s] == key { return true }
            s = (s + 1) & ((1 << Self.slotBits) - 1)
        }
        guard count < 256 else { return false }
        keys[s] = key
        values[s] = Int16(count)
        count += 1
        return true
    }

    /// Calls `body` with every stored word and its index, in slot order.
    func forEach(_ body: (UInt32, Int) -> Void) {
        for s in values.indices where values[s] >= 0 { body(keys[s], Int(values[s])) }
    }

    /// Sets the index of an already inserted key (used after sorting the palette).
    mutating func setIndex(_ index: Int, for key: UInt32) {
        var s = Self.slot(key)
        while values[s] >= 0 {
            if keys[s] == key { values[s] = Int16(index); return }
            s = (s + 1) & ((1 << Self.slotBits) - 1)
        }
    }
}

/// Packs a straight-alpha pixel into one word: R in the low byte, A in the high byte.
@inline(__always)
func packRGBA(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt32 {
    UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
}

extension RGBA {
    /// This pixel packed by `packRGBA`.
    var packed: UInt32 { packRGBA(r, g, b, a) }
    /// The pixel a packed word stands for.
    init(packed w: UInt32) {
        self.init(UInt8(w & 0xFF), UInt8(w >> 8 & 0xFF), UInt8(w >> 16 & 0xFF), UInt8(w >> 24))
    }
}
