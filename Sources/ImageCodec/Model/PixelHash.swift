import CXXHash

/// A 128-bit fingerprint of pixel bytes: xxHash's XXH3-128 (seed 0), whose output is fixed since
/// xxHash 0.8.0. It is for telling decoded frames apart (`check`'s duplicate stickers, identical
/// neighbouring frames), not for security: two buffers that differ collide by chance with
/// probability about 2^-128, but a collision can be crafted on purpose. It hashes at memory speed,
/// about ten times faster than SHA-256 with the CPU's SHA instructions.
public struct PixelHash: Hashable, Sendable, CustomStringConvertible {
    /// The upper 64 bits.
    public var high: UInt64
    /// The lower 64 bits.
    public var low: UInt64

    /// A hash from its two halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high; self.low = low
    }

    /// The hash of `bytes`.
    public init(_ bytes: UnsafeRawBufferPointer) {
        self.init(XXH3_128bits(bytes.baseAddress, bytes.count))
    }

    /// The hash of a buffer's RGBA bytes.
    public init(_ buffer: PixelBuffer) {
        self = buffer.pixels.withUnsafeBytes { PixelHash($0) }
    }

    fileprivate init(_ value: XXH128_hash_t) {
        self.init(high: value.high64, low: value.low64)
    }

    /// 32 lower-case hex digits, high half first: what `xxh128sum` prints.
    public var description: String {
        func hex(_ v: UInt64) -> String {
            let digits = String(v, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(high) + hex(low)
    }
}

/// XXH3-128 over bytes given in pieces: the same value as `PixelHash` of the pieces joined.
public final class PixelHasher {
    private let state: OpaquePointer

    /// A hasher that has seen no bytes.
    public init() {
        guard let state = XXH3_createState() else { fatalError("out of memory for a 576-byte hash state") }
        XXH3_128bits_reset(state)
        self.state = state
    }

    deinit { XXH3_freeState(state) }

    /// Adds `bytes` to what has been hashed.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        XXH3_128bits_update(state, bytes.baseAddress, bytes.count)
    }

    /// The hash of every byte given so far.
    public func finalize() -> PixelHash {
        PixelHash(XXH3_128bits_digest(state))
    }
}
