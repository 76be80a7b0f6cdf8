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

/// Catalog entries that point out of the catalog, loop, block or carry odd names are reported as
/// `catalog_invalid` (or read safely), never followed out, never opened, never hung on.
final class HostilePathTests: XCTestCase {
    private var base = ""
    private var root: String { base + "/Pack" }
    private let png = PNGChunkWriter.stillPNG(PixelBuffer(width: 2, height: 2, fill: RGBA(9, 9, 9, 255)))

    override func setUpWithError() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: base) }

    private func link(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: root + "/" + name, withDestinationPath: target)
    }

    private func checkedReport() async throws -> CheckReport {
        let pack = try CatalogReader().read(at: root, config: PackConfig())
        return await PackChecker(configuration: CheckConfiguration(), toolVersion: "0").check(pack)
    }

    private func invalid(_ report: CheckReport) -> [String: String] {
        var out: [String: String] = [:]
        for finding in report.findings where finding.rule == "catalog_invalid" { out[finding.file ?? "?"] = finding.message }
        return out
    }

    func testSymbolicLinkLoopsAreReportedWithoutHanging() async throws {
        try link("a.png", to: "b.png")
        try link("b.png", to: "a.png")
        try link("self.png", to: "self.png")
        try FileManager.default.createDirectory(atPath: root + "/seq", withIntermediateDirectories: true)
        try link("seq/loop.png", to: "loop.png")
        try Data(png).write(to: URL(fileURLWithPath: root + "/seq/f1.png"))
        let started = Date()
        let report = try await checkedReport()
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        let loop = String(cString: strerror(ELOOP))
        XCTAssertEqual(invalid(report).filter { $0.value.contains(loop) }.keys.sorted(),
                       ["a.png", "b.png", "self.png", "seq/loop.png"])
        // The real frame of the sequence is still read.
        XCTAssertEqual(report.stickers.first { $0.name == "seq" }?.files, ["seq/f1.png"])
    }

    func testDevicesAndLinksToDevicesAreNeverOpened() async throws {
        try link("zero.png", to: "/dev/zero")
        try link("up", to: "..")
        let device = root + "/random.png"
        let made = mknod(device, S_IFCHR | 0o600, dev_t(0x108))  // major 1, minor 8: /dev/random; needs root
        let report = try await checkedReport()
        let messages = invalid(report)
        XCTAssertEqual(messages["zero.png"].map { $0.contains("resolves outside the catalog root") }, true,
                       "\(messages)")
        XCTAssertEqual(messages["up"].map { $0.contains("resolves outside the catalog root") }, true, "\(messages)")
        if made == 0 {
            XCTAssertEqual(messages["random.png"].map { $0.contains("is a device, not a regular file") }, true,
                           "\(messages)")
        }
        // Nothing refused became a sticker with files to load.
        XCTAssertEqual(report.stickers.flatMap(\.files).filter { ["zero.png", "random.png"].contains($0) }, [])
    }

    func testAFIFOSwappedInAfterReadingIsNotOpenedByTheLoader() async throws {
        // The reader saw a regular file; by load time it is a FIFO (a watch-mode race). Opening it would block.
        try Data(png).write(to: URL(fileURLWithPath: root + "/pipe.png"))
        let pack = try CatalogReader().read(at: root, config: PackConfig())
        try FileManager.default.removeItem(atPath: root + "/pipe.png")
        XCTAssertEqual(mkfifo(root + "/pipe.png", 0o600), 0)
        let subject = SubjectLoader().load(try XCTUnwrap(pack.stickers.first), root: root)
        XCTAssertEqual(subject.failures.map(\.error),
                       [.library(name: "file system", message: "not a regular file; not opened")])
    }

    func testNamesInAnyScriptAndPunctuationAreReadAndChecked() async throws {
        let names = ["こんにちは.png", "😀 party.png", "a b&c<d>'\"%0A.png", "line\nbreak.png", "esc\u{1B}[2J.png", "tab\there.png"]
        for name in names { try Data(png).write(to: URL(fileURLWithPath: root + "/" + name)) }
        let report = try await checkedReport()
        XCTAssertEqual(Set(report.stickers.flatMap(\.files)), Set(names))
        XCTAssertEqual(report.findings.filter { $0.rule == "corrupt_image" || $0.rule == "catalog_invalid" }, [])
    }

    func testInvalidUTF8NamesAreReportedNotMisread() async throws {
        // "bad\xFF.png": a name no Swift String can hold exactly; Foundation lists it as "bad\u{FFFD}.png",
        // a name that does not exist, so it must be reported (and never matched to another file).
        let raw: [UInt8] = Array(root.utf8) + Array("/bad".utf8) + [0xFF] + Array(".png".utf8) + [0]
        let fd = raw.withUnsafeBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: raw.count) { open($0, O_CREAT | O_WRONLY, 0o600) }
        }
        XCTAssertGreaterThanOrEqual(fd, 0)
        _ = png.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        try Data(png).write(to: URL(fileURLWithPath: root + "/good.png"))
        let report = try await checkedReport()
        XCTAssertEqual(report.stickers.map(\.name), ["good"])
        XCTAssertEqual(invalid(report), ["bad\u{FFFD}.png": "bad\u{FFFD}.png: has a name that is not valid UTF-8, "
                                         + "so it cannot be opened by name; rename it"])
    }
}
