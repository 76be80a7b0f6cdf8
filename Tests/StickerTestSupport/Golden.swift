import Foundation
import XCTest
import StickerKit
import StickerReports
import StickerRules
import StickerEncoding
import StickerCore

/// Golden files live in a `Golden` folder beside the tests that use them (found through `#filePath`,
/// so tests run from any directory; `Tests/StickerReportsTests/Report/Golden` unless another folder
/// is given). Set STICKERFORGE_UPDATE_GOLDEN=1 to rewrite them from the current output, then
/// review the diff before committing.
package enum Golden {
    package static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("StickerReportsTests/Report/Golden")

    /// Asserts `actual`, with the tool version replaced by `{{VERSION}}`, equals the golden file.
    package static func assertMatches(_ actual: String, file name: String, version: String, in folder: URL = folder,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let normalised = actual.replacingOccurrences(of: version, with: "{{VERSION}}")
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["STICKERFORGE_UPDATE_GOLDEN"] == "1" {
            try Data(normalised.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        if normalised != expected {
            let a = normalised.split(separator: "\n", omittingEmptySubsequences: false)
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, e.count)
            let got = first < a.count ? String(a[first]) : "<end>"
            let want = first < e.count ? String(e[first]) : "<end>"
            XCTFail("\(name) differs at line \(first + 1):\n  got:  \(got)\n  want: \(want)", file: file, line: line)
        }
    }
}
