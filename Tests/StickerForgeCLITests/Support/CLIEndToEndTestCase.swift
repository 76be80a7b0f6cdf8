import Foundation
import ImageCodec
import XCTest

/// Base for tests that run the built binary: a runner, a fresh temporary folder as the working
/// directory, and small helpers for reading what the command wrote.
class CLIEndToEndTestCase: XCTestCase {
    var runner: CLIRunner!
    var temp: CLITemporaryDirectory!

    override func setUpWithError() throws {
        runner = try CLIRunner.locate(for: Self.self)
        temp = try CLITemporaryDirectory()
    }

    override func tearDown() {
        temp = nil
        runner = nil
    }

    /// Waits up to `seconds` for `condition`, polling; false on timeout (for a running command).
    func wait(seconds: Double, for condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }

    /// Runs `stickerforge arguments` with the temporary folder as the working directory.
    func run(_ arguments: [String]) throws -> CLIResult {
        try runner.run(arguments, in: temp.root)
    }

    /// The JSON object in `text`, failing the test when it is not one.
    func jsonObject(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try XCTUnwrap(value as? [String: Any], "not a JSON object: \(text.prefix(200))", file: file, line: line)
    }

    /// The JSON object in the file at `relative` (inside the temporary folder).
    func jsonFile(_ relative: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        try jsonObject(String(decoding: CLIPaths.bytes(temp.path(relative), file: file, line: line), as: UTF8.self),
                       file: file, line: line)
    }

    /// Decodes the image file at `path`.
    func decode(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> DecodedImage {
        try ImageDecoder().decode(CLIPaths.bytes(path, file: file, line: line))
    }

    /// Every regular file under `folder` (hidden ones included) with its bytes, keyed by relative path.
    func tree(_ folder: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return files }
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue {
                files[relative] = try CLIPaths.bytes(base + "/" + relative)
            }
        }
        return files
    }
}

/// Pixel comparison where fully transparent pixels are equal whatever their colour channels hold,
/// since an encoder may store any colour under alpha 0.
enum CLIPixels {
    /// Whether `a` and `b` show the same picture.
    static func same(_ a: PixelBuffer, _ b: PixelBuffer) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        return firstDifference(a, b) == nil
    }

    /// The first pixel where `a` and `b` differ visibly, as "x,y: a vs b".
    static func firstDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> String? {
        guard a.width == b.width, a.height == b.height else {
            return "size \(a.width)x\(a.height) vs \(b.width)x\(b.height)"
        }
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                if p != q && !(p.a == 0 && q.a == 0) { return "\(x),\(y): \(p) vs \(q)" }
            }
        }
        return nil
    }
}
