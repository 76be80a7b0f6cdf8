import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// Object ids derived from each object's role and the app's name, never random: two builds with the
/// same settings write the same ids, so the project is byte-identical and a rebuild leaves it alone.
enum PBXObjectID {
    /// 24 upper-case hex digits (96 bits of SHA-256), the shape Xcode writes.
    static func make(role: String, appName: String) -> String {
        let digest = Digest.hex(parts: [Array("stickerforge-pbxproj/1".utf8), Array(role.utf8), Array(appName.utf8)])
        return String(digest.prefix(24)).uppercased()
    }
}
