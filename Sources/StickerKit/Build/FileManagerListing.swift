import Foundation

/// Folder listings, isolated so the one Foundation call that lists lives in one place.
enum FileManagerListing {
    /// Names in `folder` (not recursive), unsorted.
    static func contents(of folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder)
    }
}
