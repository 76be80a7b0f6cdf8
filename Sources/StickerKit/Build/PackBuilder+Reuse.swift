import Foundation

extension PackBuilder {
    /// Hard-links the previous build's file at `previous` to `target` when it is a regular file
    /// (not a link) holding exactly `bytes`; false when it is not, or the link fails (the caller then
    /// writes the bytes). The old folder is deleted after the swap, so the link leaves one name.
    static func linkIfUnchanged(_ previous: String, bytes: [UInt8], to target: String) -> Bool {
        var st = stat()
        guard lstat(previous, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, Int(st.st_size) == bytes.count,
              let old = try? FileIO.read(previous, maxBytes: bytes.count), old == bytes else { return false }
        return link(previous, target) == 0
    }
}
