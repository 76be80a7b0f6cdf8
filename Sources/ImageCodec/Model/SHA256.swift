#if canImport(CommonCrypto)
import CommonCrypto
#else
import CLibMD
#endif

/// SHA-256 (FIPS 180-4), for the digests StickerForge writes (`manifest.json`'s `sha256`, the build
/// record's keys, shard assignment): libmd's implementation on Linux, CommonCrypto on Apple's systems.
/// The volumes hashed are a pack's output files, so a portable C implementation is fast enough, and a
/// system library costs a fresh build nothing (swift-crypto compiled 369 BoringSSL files for it).
public struct SHA256: Sendable {
    #if canImport(CommonCrypto)
    private var context = CC_SHA256_CTX()
    #else
    private var context = SHA2_CTX()
    #endif

    /// A hasher with nothing fed yet.
    public init() {
        #if canImport(CommonCrypto)
        CC_SHA256_Init(&context)
        #else
        SHA256Init(&context)
        #endif
    }

    /// Feeds `bytes`.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
            #if canImport(CommonCrypto)
            CC_SHA256_Update(&context, base, CC_LONG(buffer.count))
            #else
            SHA256Update(&context, base, buffer.count)
            #endif
        }
    }

    /// The 32-byte digest of everything fed (the hasher is spent).
    public mutating func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        digest.withUnsafeMutableBufferPointer { out in
            #if canImport(CommonCrypto)
            _ = CC_SHA256_Final(out.baseAddress, &context)
            #else
            SHA256Final(out.baseAddress, &context)
            #endif
        }
        return digest
    }

    /// The digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Lower-case hex of a digest: what `sha256sum` prints.
    public static func hex(_ digest: [UInt8]) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(digest.count * 2)
        for byte in digest { text.append(digits[Int(byte >> 4)]); text.append(digits[Int(byte & 15)]) }
        return String(decoding: text, as: UTF8.self)
    }
}
