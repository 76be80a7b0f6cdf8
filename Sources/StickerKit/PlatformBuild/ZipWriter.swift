import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// A ZIP archive of stored (uncompressed) entries, byte for byte reproducible: fixed timestamps
/// (1980-01-01 00:00, the format's epoch), entries in the order given, no extra fields. The stores'
/// files (WebP, PNG) are compressed already, so storing costs little and needs no C.
///
/// WhatsApp's `.wastickers` and LINE's submission ZIP are both read by plain unzip tools.
public struct ZipWriter: Sendable {
    /// One file in the archive.
    public struct Entry: Equatable, Sendable {
        /// Its path inside the archive (at the root for the stores' layouts).
        public var name: String
        /// Its bytes.
        public var bytes: [UInt8]
        /// An entry.
        public init(name: String, bytes: [UInt8]) { self.name = name; self.bytes = bytes }
    }

    /// A writer.
    public init() {}

    /// The archive holding `entries`.
    /// - Throws: `ZipWriterError` when an entry is too large or there are too many for a ZIP
    ///   without its 64-bit extensions, or two entries share a name.
    public func archive(_ entries: [Entry]) throws -> [UInt8] {
        guard entries.count < 0xFFFF else { throw ZipWriterError.tooManyEntries(entries.count) }
        var names = Set<String>()
        var out: [UInt8] = [], central: [UInt8] = []
        for entry in entries {
            guard names.insert(entry.name).inserted else { throw ZipWriterError.duplicateName(entry.name) }
            let name = Array(entry.name.utf8)
            guard entry.bytes.count < 0xFFFF_FFFF, out.count < 0xFFFF_FFFF, name.count < 0xFFFF else {
                throw ZipWriterError.tooLarge(entry.name)
            }
            let crc = CRC32.checksum(entry.bytes)
            // Bit 11: the name is UTF-8 (set only when it is not plain ASCII, as zip tools do).
            let flags: UInt16 = name.allSatisfy { $0 < 0x80 } ? 0 : 0x0800
            let offset = UInt32(out.count)
            var common: [UInt8] = []
            common.le16(10); common.le16(flags); common.le16(0)   // version needed 1.0, flags, method: stored
            common.le16(0); common.le16(0x21)                        // time 00:00:00, date 1980-01-01
            common.le32(crc); common.le32(UInt32(entry.bytes.count)); common.le32(UInt32(entry.bytes.count))
            common.le16(UInt16(name.count)); common.le16(0)          // name length, extra length
            out.le32(0x0403_4B50); out += common; out += name; out += entry.bytes
            central.le32(0x0201_4B50); central.le16(20)              // version made by: MS-DOS, 2.0
            central += common
            central.le16(0); central.le16(0); central.le16(0)        // comment length, disk, internal attributes
            central.le32(0); central.le32(offset); central += name   // external attributes, local header offset
        }
        guard out.count + central.count < 0xFFFF_FFFF else { throw ZipWriterError.tooLarge("the archive") }
        let centralOffset = UInt32(out.count)
        out += central
        out.le32(0x0605_4B50); out.le16(0); out.le16(0)
        out.le16(UInt16(entries.count)); out.le16(UInt16(entries.count))
        out.le32(UInt32(central.count)); out.le32(centralOffset); out.le16(0)
        return out
    }
}

/// Why a ZIP could not be written.
public enum ZipWriterError: Error, Equatable, CustomStringConvertible {
    /// More entries than a plain ZIP holds.
    case tooManyEntries(Int)
    /// An entry, or the whole archive, at or over 4 GiB.
    case tooLarge(String)
    /// Two entries with one name.
    case duplicateName(String)

    public var description: String {
        switch self {
        case .tooManyEntries(let count): return "\(count) files are more than a ZIP without 64-bit extensions holds (65,534)"
        case .tooLarge(let name): return "\(name) is 4 GiB or more, too large for a ZIP without 64-bit extensions"
        case .duplicateName(let name): return "two files are named \(name) in one ZIP"
        }
    }
}

extension Array where Element == UInt8 {
    /// Appends `value` little-endian.
    mutating func le16(_ value: UInt16) { append(UInt8(value & 0xFF)); append(UInt8(value >> 8)) }
    /// Appends `value` little-endian.
    mutating func le32(_ value: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) } }
}
