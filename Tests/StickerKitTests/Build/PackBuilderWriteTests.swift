import Foundation
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class PackBuilderWriteTests: XCTestCase {
    private struct InjectedFailure: Error {}

    func testAFailureMidwayLeavesThePreviousBuildIntact() async throws {
        let fx = try PackFixture()
        try await fx.build()
        let before = try fx.snapshot()
        try fx.folder.write("cat/Tiny.sticker/tiny.png", FakeStickerCodec.still(width: 3, height: 3, fill: .clear))
        var builder = fx.builder()
        let plan = try await builder.prepare(fx.pack)
        let counter = Counter()
        builder.afterFileWritten = { _ in if counter.next() == 4 { throw InjectedFailure() } }
        XCTAssertThrowsError(try builder.write(plan, to: fx.out)) { XCTAssertTrue($0 is InjectedFailure) }
        XCTAssertEqual(try fx.snapshot(), before)
        // Nothing is left beside the output: no temporary or set-aside folders.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fx.folder.path).sorted(), ["build", "cat", "icon.png"])
        builder.afterFileWritten = nil
        try builder.write(plan, to: fx.out)
        XCTAssertNotEqual(try fx.snapshot(), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fx.folder.path).sorted(), ["build", "cat", "icon.png"])
    }

    func testAFolderThatIsNotOursIsNeverReplaced() async throws {
        let fx = try PackFixture()
        let builder = fx.builder()
        let plan = try await builder.prepare(fx.pack)
        // The folder appears between prepare and write: write refuses it.
        try fx.folder.write("build/thesis.txt", Array("precious".utf8))
        let expected = URL(fileURLWithPath: fx.out).standardizedFileURL.path
        XCTAssertThrowsError(try builder.write(plan, to: fx.out)) { error in
            XCTAssertEqual(error as? BuildError, .notOurFolder(path: expected))
            XCTAssertTrue("\(error)".contains("refusing to replace it"), "\(error)")
        }
        // Present from the start: prepare refuses it before encoding anything.
        do {
            _ = try await builder.prepare(fx.pack)
            XCTFail("expected a refusal")
        } catch {
            XCTAssertEqual(error as? BuildError, .notOurFolder(path: expected))
        }
        XCTAssertEqual(try fx.folder.files(under: "build"), ["thesis.txt"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fx.folder.path).sorted(), ["build", "cat", "icon.png"])
    }

    func testAForeignBuildRecordIsRefusedAtPrepare() async throws {
        let fx = try PackFixture()
        try fx.folder.write("build/.stickerforge-build.json", Array("{\"tool\": \"other\"}".utf8))
        do {
            _ = try await fx.builder().prepare(fx.pack)
            XCTFail("expected a refusal")
        } catch let error as BuildError {
            guard case .unreadableBuildRecord = error else { return XCTFail("\(error)") }
        }
    }

    func testAnEmptyFolderIsReplacedAndExtraFilesAreWrittenButCannotClobber() async throws {
        let fx = try PackFixture()
        try FileManager.default.createDirectory(atPath: fx.out, withIntermediateDirectories: true)
        let builder = fx.builder()
        let plan = try await builder.prepare(fx.pack)
        XCTAssertThrowsError(try builder.write(plan, extraFiles: ["manifest.json": [1]], to: fx.out)) { error in
            XCTAssertEqual(error as? BuildError, .invalidExtraFile(path: "manifest.json", reason: "the build already writes this file"))
        }
        XCTAssertThrowsError(try builder.write(plan, extraFiles: ["../escape.json": [1]], to: fx.out))
        try builder.write(plan, extraFiles: ["reports/report.json": Array("{}".utf8)], to: fx.out)
        XCTAssertEqual(try fx.folder.read("build/reports/report.json"), Array("{}".utf8))
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
    }
}
