import Foundation
import XCTest
import StickerKit
import StickerReports
import StickerRules
import StickerEncoding
import StickerCore

/// A fresh temporary folder, removed by `remove()` (call it from a `defer` or `tearDown`).
package struct TempFolder {
    package let path: String

    package init(_ label: String) throws {
        path = NSTemporaryDirectory() + "stickerforge-\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    package func write(_ bytes: [UInt8], to relative: String) throws {
        let url = URL(fileURLWithPath: path + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// Sets a file's modification time to `seconds` since 1970 without touching its bytes.
    package func setModified(_ relative: String, seconds: TimeInterval) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)],
                                              ofItemAtPath: path + "/" + relative)
    }

    package func remove() {
        do { try FileManager.default.removeItem(atPath: path) } catch { XCTFail("could not remove \(path): \(error)") }
    }
}
