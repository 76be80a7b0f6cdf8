import Foundation
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// Where a command may write: every relation between an output and a source, links resolved.
final class OutputGuardTests: XCTestCase {
    private var folder: TempFolder!
    private var root: String { folder.path }

    override func setUpWithError() throws {
        folder = try TempFolder("guard")
        try folder.write(Array("x".utf8), to: "pack/art/a.png")
        try folder.write(Array("my notes".utf8), to: "notes.txt")
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/pack")
    }

    override func tearDown() { folder.remove() }

    private func refusal(_ output: String, _ sources: [String]) -> OutputRefusal? {
        do {
            try OutputGuard(sources: sources.map { .init(root + "/" + $0, role: "the catalog") })
                .checkOverlap(root + "/" + output, option: "--output")
            return nil
        } catch { return error as? OutputRefusal }
    }

    private func relation(_ output: String, _ source: String) -> OutputRefusal.Relation? {
        guard case .overlapsSource(_, _, _, _, let relation)? = refusal(output, [source]) else { return nil }
        return relation
    }

    func testEveryOverlapIsRefusedAndNeighboursAreNot() {
        XCTAssertEqual(relation("pack", "pack"), .same)
        XCTAssertEqual(relation("pack/out", "pack"), .inside)
        XCTAssertEqual(relation("pack/out/deeper/still", "pack"), .inside, "an output that does not exist yet")
        XCTAssertEqual(relation(".", "pack"), .contains)
        XCTAssertEqual(relation("pack", "pack/art/a.png"), .contains)
        XCTAssertNil(relation("packed", "pack"), "a name that only starts alike")
        XCTAssertNil(relation("out", "pack"))
    }

    func testSymbolicLinksAreResolvedFirst() {
        XCTAssertEqual(relation("link/out", "pack"), .inside)
        XCTAssertEqual(relation("link", "pack"), .same)
        XCTAssertEqual(relation("pack/out", "link"), .inside)
    }

    func testTheMessageNamesBothPathsAndWhatToDo() {
        let refused = refusal("pack/out", ["pack"])
        XCTAssertEqual(refused?.description, "--output \(root)/pack/out lies inside the catalog \(root)/pack; StickerForge never "
                       + "writes into or over what it reads: choose an output outside the catalog")
    }

    func testAnExistingFileIsReplacedOnlyWhenItIsOfTheKindWritten() throws {
        let rules = OutputGuard(sources: [])
        XCTAssertThrowsError(try rules.checkFile(root + "/notes.txt", option: "--output", kind: .png)) { error in
            XCTAssertEqual(error as? OutputRefusal, .notOurs(option: "--output", output: root + "/notes.txt",
                                                          reason: "exists and is not a PNG file"))
        }
        XCTAssertThrowsError(try rules.checkFile(root + "/pack", option: "--output", kind: .png))
        XCTAssertNoThrow(try rules.checkFile(root + "/notes.txt", option: "--report", kind: .any))
        XCTAssertNoThrow(try rules.checkFile(root + "/new.png", option: "--output", kind: .png))
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: URL(fileURLWithPath: root + "/old.png"))
        XCTAssertNoThrow(try rules.checkFile(root + "/old.png", option: "--output", kind: .png))
        XCTAssertNoThrow(try rules.checkFile(root + "/old.png", option: "--output", kind: .image))
        try Data("<!DOCTYPE html><html>".utf8).write(to: URL(fileURLWithPath: root + "/r.html"))
        XCTAssertNoThrow(try rules.checkFile(root + "/r.html", option: "--html", kind: .html))
        XCTAssertThrowsError(try rules.checkFile(root + "/r.html", option: "--output", kind: .json))
        try Data().write(to: URL(fileURLWithPath: root + "/empty.json"))
        XCTAssertNoThrow(try rules.checkFile(root + "/empty.json", option: "--output", kind: .json))
    }
}
