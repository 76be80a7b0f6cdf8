import Foundation
import XCTest

/// What `Package.swift` promises about the shape of the package, checked on the sources themselves.
final class PackageShapeTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The shared test helpers are plain targets, which `swift build -c release` (and so
    /// Scripts/run-sample.sh's first step on a newcomer's machine) compiles too; a `@testable import`
    /// cannot compile there ("module was not compiled for testing"), so they import plainly and reach
    /// internals through `package` access.
    func testPlainTargetsHaveNoTestableImport() throws {
        var offenders: [String] = []
        for folder in ["Tests/TestSupport", "Tests/StickerTestSupport"] {
            let base = root.appendingPathComponent(folder)
            let files = try FileManager.default.contentsOfDirectory(atPath: base.path).filter { $0.hasSuffix(".swift") }
            XCTAssertFalse(files.isEmpty, "\(folder) holds no Swift file: the test looks in the wrong place")
            for file in files {
                let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
                if text.split(separator: "\n").contains(where: { $0.hasPrefix("@testable import") }) { offenders.append("\(folder)/\(file)") }
            }
        }
        XCTAssertEqual(offenders, [])
    }
}
