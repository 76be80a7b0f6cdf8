import Foundation
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

extension PackBuilder {
    /// Hard-links the previous build's file at `previous` to `target` when it is a regular file
    /// (not a symbolic link) with no other name, holding exactly `bytes`; false when it is not, cannot
    /// be read or the link fails (the caller then writes the bytes, so nothing is lost). The old folder
    /// is deleted after the swap, so the inode keeps exactly one name: ours, never shared with a file
    /// outside the build.
    static func linkIfUnchanged(_ previous: String, bytes: [UInt8], to target: String) -> Bool {
        var st = stat()
        guard lstat(previous, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_nlink == 1, Int(st.st_size) == bytes.count,
              let old = try? FileIO.read(previous, maxBytes: bytes.count), old == bytes else { return false }
        return link(previous, target) == 0
    }
}
