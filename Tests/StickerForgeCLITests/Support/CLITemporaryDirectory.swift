import Foundation
import XCTest

/// A fresh folder under the system temporary directory, removed when the value goes away.
/// Sample packs are copied in here so that no test ever writes into `Samples/`.
final class CLITemporaryDirectory {
    /// Absolute path of the folder.
    let root: String

    init() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("stickerforge-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        root = url.path
    }

    deinit {
        // A leftover temporary folder is harmless; nothing to report from deinit.
        try? FileManager.default.removeItem(atPath: root)
    }

    /// `relative` inside the folder.
    func path(_ relative: String) -> String { root + "/" + relative }

    /// Creates `relative` (and its parents) and returns its path.
    @discardableResult
    func makeFolder(_ relative: String) throws -> String {
        let p = path(relative)
        try FileManager.default.createDirectory(atPath: p, withIntermediateDirectories: true)
        return p
    }

    /// Copies `Samples/<sample>` into the folder as `name` (default: the same name) and returns its path.
    func copySample(_ sample: String, as name: String? = nil) throws -> String {
        let target = path(name ?? URL(fileURLWithPath: sample).lastPathComponent)
        let parent = URL(fileURLWithPath: target).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLIPaths.sample(sample), toPath: target)
        return target
    }

    /// Writes `bytes` to `relative` (its folders created) and returns its path.
    @discardableResult
    func write(_ bytes: [UInt8], to relative: String) throws -> String {
        let p = path(relative)
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: p).deletingLastPathComponent().path,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: p))
        return p
    }
}

/// Where the package's files are, derived from this file's location.
enum CLIPaths {
    /// The package root (`Tests/StickerForgeCLITests/Support/` is three folders below it).
    static let packageRoot: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// `Samples/<relative>`.
    static func sample(_ relative: String) -> String { packageRoot + "/Samples/" + relative }

    /// The bytes of a file, failing the test with its path when it cannot be read.
    static func bytes(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            XCTFail("cannot read \(path)", file: file, line: line)
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        return Array(data)
    }
}
