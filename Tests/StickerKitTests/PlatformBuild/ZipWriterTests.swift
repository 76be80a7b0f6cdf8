import Foundation
import ImageCodec
import TestSupport
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// The stored-entry ZIP writer: exact CRC-32, reproducible bytes, readable by Python's zipfile.
final class ZipWriterTests: XCTestCase {
    func testCRC32CheckValue() {
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(CRC32.checksum([]), 0)
        // Continued over parts, as the PNG chunk writer checks type, sequence number and stream.
        XCTAssertEqual(CRC32.update(CRC32.checksum(Array("1234".utf8)), Array("56789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(CRC32.update(CRC32.update(CRC32.checksum(Array("123456789".utf8)), []), []), 0xCBF4_3926)
        XCTAssertEqual(CRC32.update(0, Array("123456789".utf8)), 0xCBF4_3926)
    }

    func testLayoutIsExactAndReproducible() throws {
        let entries = [ZipWriter.Entry(name: "title.txt", bytes: Array("Cats".utf8)), ZipWriter.Entry(name: "a.webp", bytes: [1, 2, 3])]
        let zip = try ZipWriter().archive(entries)
        XCTAssertEqual(zip, try ZipWriter().archive(entries))
        // Two local headers (30 bytes + name + data), two central entries (46 + name), the end record (22).
        XCTAssertEqual(zip.count, (30 + 9 + 4) + (30 + 6 + 3) + (46 + 9) + (46 + 6) + 22)
        XCTAssertEqual(Array(zip.prefix(4)), [0x50, 0x4B, 0x03, 0x04])
        XCTAssertEqual(Array(zip.suffix(22).prefix(4)), [0x50, 0x4B, 0x05, 0x06])
        XCTAssertThrowsError(try ZipWriter().archive(entries + [entries[0]])) { error in
            XCTAssertEqual(error as? ZipWriterError, .duplicateName("title.txt"))
        }
    }

    func testInfoZipUnzipTestsIt() throws {
        guard let unzip = ["/usr/bin/unzip", "/usr/local/bin/unzip"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("unzip is not installed")
        }
        let path = NSTemporaryDirectory() + "zipwriter-\(UUID().uuidString).zip"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let entries = [ZipWriter.Entry(name: "01.png", bytes: [0x89, 0x50, 0x4E, 0x47]), ZipWriter.Entry(name: "tab.png", bytes: []),
                       ZipWriter.Entry(name: "ünïcode.webp", bytes: (0..<300).map { UInt8($0 % 7) })]
        try Data(try ZipWriter().archive(entries)).write(to: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: unzip)
        process.arguments = ["-t", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, output)
        XCTAssertTrue(output.contains("No errors detected"), output)
        XCTAssertEqual(output.components(separatedBy: "OK").count - 1, 3, output)
    }

    func testPythonZipfileReadsIt() throws {
        guard let python = try PythonOracle.interpreter() else { throw XCTSkip("python3 is not installed") }
        let entries = [ZipWriter.Entry(name: "author.txt", bytes: Array("Zoë".utf8)),
                       ZipWriter.Entry(name: "ünïcode.png", bytes: (0..<1000).map { UInt8($0 % 251) })]
        let path = NSTemporaryDirectory() + "zipwriter-\(UUID().uuidString).zip"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(try ZipWriter().archive(entries)).write(to: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", """
            import sys, zipfile, zlib
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            for i in z.infolist(): print(i.filename, i.file_size, i.compress_type, i.date_time, zlib.crc32(z.read(i)))
            """, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(output, "author.txt 4 0 (1980, 1, 1, 0, 0, 0) \(CRC32.checksum(entries[0].bytes))\n"
                       + "ünïcode.png 1000 0 (1980, 1, 1, 0, 0, 0) \(CRC32.checksum(entries[1].bytes))\n")
    }
}
