/// Why a decode or encode failed. Every case names the problem precisely; callers add the file.
public enum CodecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not a format this codec decodes.
    case unsupportedFormat(ImageFormat)
    /// The file has no bytes at all.
    case empty
    /// The file ends before the structure it declares.
    case truncated(String)
    /// A structural fault: bad chunk, bad CRC, bad sequence number, region outside the canvas...
    case malformed(String)
    /// The compressed data is corrupt (zlib, LZW, Huffman).
    case corruptData(String)
    /// The file declares more than the limits allow; nothing was allocated.
    case limitExceeded(what: String, limit: String)
    /// The C library reported an error.
    case library(name: String, message: String)
    /// The encoder was given something it cannot write.
    case invalidInput(String)

    public var description: String {
        switch self {
        case .unsupportedFormat(let f):
            return f == .unknown ? "not a PNG, APNG, GIF, JPEG, WebP, WebM, Lottie JSON or TGS file (unrecognised bytes)"
                                 : "\(f.kindDescription): StickerForge cannot read it; \(f.unreadableAdvice)"
        case .empty: return "empty file (0 bytes): export it again"
        case .truncated(let m): return "truncated file: \(m)"
        case .malformed(let m): return m
        case .corruptData(let m): return "corrupt image data: \(m)"
        case .limitExceeded(let what, let limit): return "declares \(what), over the limit of \(limit)"
        case .library(let name, let m): return "\(name): \(m)"
        case .invalidInput(let m): return "cannot encode: \(m)"
        }
    }

    /// Whether this is a limit refusal (checks report it as `decode_limit_exceeded`).
    public var isLimit: Bool { if case .limitExceeded = self { return true } else { return false } }
}
