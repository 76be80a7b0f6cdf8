import StickerCore
import StickerReports
import StickerRules

/// The pack as one check left it, for the page: the report, what each sticker shows, and what the
/// save that led to this check changed. Made once per check; the page and its updates are rendered from it.
public struct ServeSnapshot: Sendable {
    /// What one save changed in a sticker's findings.
    public struct Change: Equatable, Sendable {
        /// Findings that are new.
        public var added: [Finding]
        /// Findings that are gone.
        public var fixed: [Finding]
    }

    /// Counts what the page was sent: 1 for the first check, one more for each later check or
    /// problem (`ServeHub` numbers them as it publishes).
    public var version: Int
    /// The check's report.
    public var report: CheckReport
    /// The pack as read for the check (the fix preview repairs its stickers in memory).
    public var pack: StickerPack
    /// The configuration the check used.
    public var configuration: CheckConfiguration
    /// What the page shows of each sticker, by name; none for a sticker that cannot be shown.
    public var media: [String: StickerMedia]
    /// The stickers the last save changed (decoded again), by name; empty after the first check.
    public var changes: [String: Change]
    /// Why the pack cannot be read right now, or nil; the last good check stays on the page.
    public var problem: String?

    /// A snapshot.
    public init(version: Int, report: CheckReport, pack: StickerPack, configuration: CheckConfiguration,
                media: [String: StickerMedia], changes: [String: Change], problem: String? = nil) {
        self.version = version; self.report = report; self.pack = pack; self.configuration = configuration
        self.media = media; self.changes = changes; self.problem = problem
    }

    /// The changes of `update`, by sticker: every sticker decoded again, with the findings that
    /// came and went (pack findings, naming no sticker, are under "").
    public static func changes(of update: WatchUpdate) -> [String: Change] {
        var out: [String: Change] = [:]
        for name in update.reloaded { out[name] = Change(added: [], fixed: []) }
        for finding in update.added { out[finding.sticker ?? "", default: Change(added: [], fixed: [])].added.append(finding) }
        for finding in update.fixed { out[finding.sticker ?? "", default: Change(added: [], fixed: [])].fixed.append(finding) }
        return out
    }
}

/// The ids the page gives stickers and media: an element id per sticker name (distinct names give
/// distinct ids) and a content hash per image, which names the image's URL so a browser may keep it.
public enum ServeID {
    /// `s-` and the name's letters, digits and `-`; every other scalar as `_hex_`.
    public static func sticker(_ name: String) -> String {
        var out = "s-"
        for scalar in name.unicodeScalars {
            let safe = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9") || scalar == "-"
            if safe { out.unicodeScalars.append(scalar) } else { out += "_" + String(scalar.value, radix: 16) + "_" }
        }
        return out
    }

    /// 16 hex digits of FNV-1a over `bytes` and `salt`.
    public static func hash(_ bytes: [UInt8], salt: String = "") -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        for b in salt.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The URL path of an image by its hash.
    public static func mediaPath(_ media: StickerMedia) -> String {
        "/media/" + hash(media.data, salt: media.mimeType)
    }
}
