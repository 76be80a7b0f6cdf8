import Foundation
import XCTest

/// Locates PngSuite at `<package root>/../shared/corpus/pngsuite` and reads its files.
enum PNGSuiteCorpus {
    /// The corpus folder, or an XCTSkip when it is absent.
    static func root(file: StaticString = #filePath) throws -> URL {
        let packageRoot = URL(fileURLWithPath: "\(file)")
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let root = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/pngsuite")
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("png").path) else {
            throw XCTSkip("PngSuite corpus not found at \(root.path); these tests need ../shared/corpus/pngsuite")
        }
        return root
    }

    /// Names (without extension) of every PNG in the corpus, sorted.
    static func names() throws -> [String] {
        let folder = try root().appendingPathComponent("png")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// The bytes of `png/<name>.png`.
    static func png(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: try root().appendingPathComponent("png/\(name).png")))
    }

    /// The expected `[r, g, b, a, ...]` array of `json/<name>.json`, or nil when there is none.
    static func json(_ name: String) throws -> [Int]? {
        let url = try root().appendingPathComponent("json/\(name).json")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try JSONDecoder().decode([Int].self, from: Data(contentsOf: url))
    }
}
