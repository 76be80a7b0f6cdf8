import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// The pipeline on a real folder: unrecognised bytes are judged by the sniffer (`unsupported_format`),
/// a damaged WebP is decoded (WebP is read, not shipped) and fails, and a large file is refused by a
/// limit before decoding.
final class PackCheckerTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("checks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("just some text, not a PNG\n".utf8).write(to: root.appendingPathComponent("Notes.png"))
        var webp = Array("RIFF".utf8) + [0x10, 0, 0, 0] + Array("WEBPVP8 ".utf8)
        webp += [UInt8](repeating: 0, count: 8)
        try Data(webp).write(to: root.appendingPathComponent("Photo.png"))
        try Data([UInt8](repeating: 0x41, count: 2000)).write(to: root.appendingPathComponent("Big.gif"))
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: root)
    }

    private func pack(problems: [CatalogProblem] = []) -> StickerPack {
        StickerPack(name: "Test", root: root.path, kind: .folder, gridSize: .regular, stickers: [
            StickerSource(name: "Notes", folder: nil, content: .file("Notes.png"), accessibilityLabel: "Notes"),
            StickerSource(name: "Gone", folder: nil, content: .file("Gone.png"), accessibilityLabel: nil),
            StickerSource(name: "Photo", folder: nil, content: .file("Photo.png"), accessibilityLabel: "A photo"),
            StickerSource(name: "Big", folder: nil, content: .file("Big.gif"), accessibilityLabel: "Big"),
        ], iconSet: nil, problems: problems)
    }

    private func checker() -> PackChecker {
        var configuration = CheckConfiguration()
        configuration.decodeLimits.maxFileBytes = 1000
        return PackChecker(configuration: configuration, toolVersion: "9.9.9")
    }

    func testFindingsOnAFolderPack() async {
        let report = await checker().check(pack(problems: [.missingFile(file: "Gone.png", listedIn: "stickerforge.yml", sticker: "Gone")]))
        XCTAssertEqual(report.tool, ToolInfo(version: "9.9.9"))
        XCTAssertEqual(report.pack, PackInfo(name: "Test", gridSize: .regular, path: root.path))
        XCTAssertEqual(report.stickers.map(\.name), ["Notes", "Gone", "Photo", "Big"])
        let notes = report.stickers[0].findings
        XCTAssertEqual(notes, [Finding(rule: "unsupported_format", severity: .error, sticker: "Notes", file: "Notes.png",
                                       message: "Notes.png is not an image format StickerForge recognises, not PNG, APNG, GIF or JPEG",
                                       hint: "Convert it to PNG (APNG for animation); Messages accepts only PNG, APNG, GIF and JPEG.")])
        // A missing file is the catalog's finding only; the sticker rules see no file.
        XCTAssertEqual(report.stickers[1].findings.map(\.rule), ["catalog_missing_file", "missing_accessibility_label"])
        XCTAssertEqual(report.stickers[2].findings.map(\.message), ["Photo.png cannot be decoded: truncated file: WebP header ends early",
                                                                    "Photo.png holds WebP image data, which cannot ship in an iMessage pack"])
        // Over maxFileBytes: not read, refused as the decoder would refuse it.
        XCTAssertEqual(report.stickers[3].findings.map(\.rule), ["decode_limit_exceeded", "unsupported_format"])
        XCTAssertEqual(report.stickers[3].findings.first?.message,
                       "Big.gif declares a file of 2000 bytes, over the limit of 1000 bytes read into memory")
        XCTAssertTrue(report.stickers.allSatisfy { $0.facts == nil })
        XCTAssertEqual(report.stickers[3].files, ["Big.gif"])
        // Pack-level first: there is no icon set.
        XCTAssertEqual(report.findings.first?.rule, "icon_slot_missing")
        XCTAssertNil(report.findings.first?.sticker)
        XCTAssertEqual(report.findings.count, 1 + report.stickers.reduce(0) { $0 + $1.findings.count })
        XCTAssertEqual(report.summary, ReportSummary(stickers: 4, errors: 6, warnings: 1, infos: 1, passed: 0))
    }

    func testOrderingIsDeterministic() async {
        let problems: [CatalogProblem] = [
            .unlistedSticker(folder: "Zed.sticker"), .unknownKey(file: "stickerforge.yml", key: "nmae", suggestion: "name", sticker: nil),
            .invalid(file: "stickerforge.yml", reason: "grid-size \"huge\"", sticker: nil),
            .unlistedSticker(folder: "Alpha.sticker"), .missingFile(file: "Gone.png", listedIn: "stickerforge.yml", sticker: "Gone"),
        ]
        var serial = checker()
        serial.concurrency = 1
        let a = await serial.check(pack(problems: problems))
        var wide = checker()
        wide.concurrency = 8
        let b = await wide.check(pack(problems: problems.reversed()))
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.findings.prefix(5).map(\.rule), ["catalog_invalid", "catalog_unknown_key", "catalog_unlisted_sticker",
                                                          "catalog_unlisted_sticker", "icon_slot_missing"])
        XCTAssertEqual(a.findings[2].file, "Alpha.sticker")
        XCTAssertEqual(a.findings.dropFirst(5).map(\.sticker), ["Notes", "Gone", "Gone", "Photo", "Photo", "Big", "Big"])
        for sticker in a.stickers {
            XCTAssertEqual(sticker.findings, sticker.findings.sorted(by: FindingOrder.precedes))
        }
    }

    func testProgressCountsEveryStickerOnce() async {
        let seen = ProgressLog()
        _ = await checker().check(pack(), progress: { done, total, name in seen.append(done, total, name) })
        let entries = seen.entries
        XCTAssertEqual(entries.map(\.0), [1, 2, 3, 4])
        XCTAssertTrue(entries.allSatisfy { $0.1 == 4 })
        XCTAssertEqual(Set(entries.map(\.2)), ["Notes", "Gone", "Photo", "Big"])
    }

    func testRunOnLoadedSubjectsMatchesCheck() async {
        let checker = checker()
        let p = pack()
        let loader = SubjectLoader(limits: checker.configuration.decodeLimits)
        let subjects = p.stickers.map { loader.load($0, root: p.root) }
        let viaRun = await checker.run(subjects: subjects, pack: p)
        let viaCheck = await checker.check(p)
        XCTAssertEqual(viaRun, viaCheck)
    }

    func testOffRulesAndOverridesApplyInThePipeline() async {
        var c = checker()
        c.configuration.severities = ["unsupported_format": .off, "icon_slot_missing": .error]
        let report = await c.check(pack())
        XCTAssertFalse(report.findings.contains { $0.rule == "unsupported_format" })
        XCTAssertEqual(report.findings.first { $0.rule == "icon_slot_missing" }?.severity, .error)
    }

    func testGridSizeOverrideIsReported() async {
        var c = checker()
        c.configuration.gridSizeOverride = .small
        let report = await c.check(pack())
        XCTAssertEqual(report.pack.gridSize, .small)
    }

    func testLoaderSkipsMissingAndRecordsSniffedFormats() {
        let loader = SubjectLoader()
        let subject = loader.load(StickerSource(name: "Seq", folder: nil,
                                                content: .sequence(frames: ["Notes.png", "Gone.png", "Photo.png"], timing: .fps(15), repetitions: 0),
                                                accessibilityLabel: nil), root: root.path + "/")
        XCTAssertEqual(subject.files.map(\.path), ["Notes.png", "Photo.png"])
        XCTAssertEqual(subject.files.map(\.format), [.unknown, .webp])
        XCTAssertEqual(subject.files.map(\.byteCount), [26, 24])
        // WebP is decoded (and this one is damaged); unrecognised bytes are not.
        XCTAssertEqual(subject.failures, [FileFailure(file: "Photo.png", error: .truncated("WebP header ends early"))])
        XCTAssertNil(subject.image)
    }
}

/// Collects progress calls; the callback runs on the checking task, a lock keeps the test honest.
private final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [(Int, Int, String)] = []
    func append(_ done: Int, _ total: Int, _ name: String) { lock.lock(); stored.append((done, total, name)); lock.unlock() }
    var entries: [(Int, Int, String)] { lock.lock(); defer { lock.unlock() }; return stored }
}
