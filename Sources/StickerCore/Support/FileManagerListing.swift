import Foundation

/// Folder listings, isolated so the one Foundation call that lists lives in one place.
package enum FileManagerListing {
    /// Names in `folder` (not recursive), unsorted.
    package static func contents(of folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder)
    }
}
