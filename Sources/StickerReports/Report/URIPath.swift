import StickerCore
import StickerEncoding
import StickerRules

/// Paths as URI references (RFC 3986): every byte of the UTF-8 form except the unreserved
/// characters and the `/` separator is percent-encoded with upper-case hex. Encoding `:` as well
/// keeps a first segment like `a:b.png` from being read as a scheme.
enum URIPath {
    /// `path` percent-encoded as a relative URI reference.
    static func encode(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            if isUnreserved(byte) || byte == UInt8(ascii: "/") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    /// ALPHA / DIGIT / "-" / "." / "_" / "~".
    private static func isUnreserved(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
            || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "~")
    }
}
