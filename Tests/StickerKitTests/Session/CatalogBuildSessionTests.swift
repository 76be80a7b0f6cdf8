import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// The library entry points the CLI's commands call: a build session, a check plan and a check
/// session run in memory on a small generated pack, their outcome asserted as data.
final class CatalogBuildSessionTests: XCTestCase {
    /// A 300 px sticker, transparent around a centred square: no finding of its own.
    private static func art(side: Int) -> PixelBuffer {
        var image = PixelBuffer(width: side, height: side)
        let inset = side / 5
        for y in inset..<(side - inset) { for x in inset..<(side - inset) { image[x, y] = RGBA(200, UInt8(x % 256), 40) } }
        return image
    }

    /// A folder catalog: `Good` (300 px) and `Small` (40 px, under Apple's minimum), without labels.
    private func makePack() throws -> (TemporaryFolder, String) {
        try RealCodec.require()
        let folder = try TemporaryFolder()
        try folder.write("pack/Good.png", try PNGEncoder().encode(Self.art(side: 300)))
        try folder.write("pack/Small.png", try PNGEncoder().encode(Self.art(side: 40)))
        return (folder, folder.path + "/pack")
    }

    private final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [CatalogBuildEvent] = []
        func record(_ event: CatalogBuildEvent) { lock.lock(); seen.append(event); lock.unlock() }
        var events: [CatalogBuildEvent] { lock.lock(); defer { lock.unlock() }; return seen }
    }

    func testABuildSessionChecksBuildsAndWritesAndReturnsTheOutcomeAsData() async throws {
        let (folder, catalog) = try makePack()
        let (pack, configuration) = try PackOverrides().load(catalog: catalog)
        var request = CatalogBuildRequest(output: folder.path + "/out")
        request.effort = .fast
        let recorder = Recorder()
        let outcome = try await CatalogBuildSession(pack: pack, configuration: configuration, request: request, toolVersion: "test")
            .run { recorder.record($0) }

        XCTAssertEqual(outcome.builtCount, 2)
        XCTAssertEqual(outcome.reusedCount, 0)
        XCTAssertEqual(outcome.manifest.stickers.map(\.name).sorted(), ["Good", "Small"])
        XCTAssertEqual(outcome.catalog, folder.path + "/out/Stickers.xcstickers")
        XCTAssertNil(outcome.fixes)
        XCTAssertNil(outcome.xcodeProject)
        XCTAssertEqual(outcome.fitted, [])
        let rules = outcome.report.findings.map(\.rule)
        // The check's icon_slot_missing (no icon set, no --icon) stays; the build's own icon findings are filtered out.
        XCTAssertEqual(rules, ["icon_slot_missing", "excess_padding", "missing_accessibility_label",
                               "dimensions_too_small", "excess_padding", "missing_accessibility_label"])
        XCTAssertEqual(rules.filter { $0 == IconSlotMissingCheck.description.id }.count, 1)
        XCTAssertEqual(outcome.failsGate, outcome.report.summary.errors > 0)
        XCTAssertEqual(try folder.read("out/report.html"), Array(outcome.html.utf8))
        let json = ReportRenderer(report: outcome.report, subjects: outcome.subjects, maxBytes: outcome.maxBytes, useColor: false)
            .fileBytes(.json)
        XCTAssertEqual(try folder.read("out/report.json"), json)

        let events = recorder.events
        let checked = events.filter { if case .progress(.checking, _, _, _) = $0 { return true }; return false }
        XCTAssertEqual(checked.count, 2)
        XCTAssertTrue(events.contains { if case .finished(.checking) = $0 { return true }; return false })
        XCTAssertTrue(events.contains { if case .finished(.building) = $0 { return true }; return false })

        let again = try await CatalogBuildSession(pack: pack, configuration: configuration, request: request, toolVersion: "test").run()
        XCTAssertEqual(again.builtCount, 0)
        XCTAssertEqual(again.reusedCount, 2)
        XCTAssertEqual(again.report.findings.map(\.rule), rules)
    }

    func testFittingFlagsWithoutFittingEndTheSessionBeforeAnythingIsWritten() async throws {
        let (folder, catalog) = try makePack()
        let (pack, configuration) = try PackOverrides().load(catalog: catalog)
        var request = CatalogBuildRequest(output: folder.path + "/out")
        request.fit = FitRequest(lossy: true)
        do {
            _ = try await CatalogBuildSession(pack: pack, configuration: configuration, request: request, toolVersion: "test").run()
            XCTFail("expected SessionError.fitFlagsWithoutFit")
        } catch let error as SessionError {
            XCTAssertEqual(error, .fitFlagsWithoutFit)
            XCTAssertTrue(error.description.hasPrefix("--lossy, --min-quality"))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/out"))
    }

    func testRuleOverridesSetTheSeveritiesOfTheBuildsFindings() async throws {
        let (folder, catalog) = try makePack()
        var overrides = PackOverrides()
        overrides.rules = [RuleOverride(rule: "missing_accessibility_label", severity: .off)]
        let (pack, configuration) = try overrides.load(catalog: catalog)
        var request = CatalogBuildRequest(output: folder.path + "/out")
        request.effort = .fast
        let outcome = try await CatalogBuildSession(pack: pack, configuration: configuration, request: request, toolVersion: "test").run()
        XCTAssertEqual(outcome.report.findings.map(\.rule), ["icon_slot_missing", "excess_padding", "dimensions_too_small", "excess_padding"])
    }

    func testACheckPlanReturnsTheReportAndTheIgnoredPathsAsData() async throws {
        let (folder, catalog) = try makePack()
        // The Contents.json of an asset catalog without stickers is part of no pack.
        try folder.write("notes/Assets.xcassets/Contents.json", Array(#"{"info":{"author":"xcode","version":1}}"#.utf8))
        // Catalogs are read from the process's working directory, which the plan must be given.
        let plan = CheckPlan(overrides: PackOverrides(), workingDirectory: FileManager.default.currentDirectoryPath, toolVersion: "test")
        let contents = folder.path + "/notes/Assets.xcassets/Contents.json"
        var finished = 0
        let outcome = try await plan.run([catalog, contents], finished: { finished += 1 })
        let checked = try XCTUnwrap(outcome.checked)
        XCTAssertEqual(checked.report.findings.map(\.rule), ["icon_slot_missing", "excess_padding", "missing_accessibility_label",
                                                             "dimensions_too_small", "excess_padding", "missing_accessibility_label"])
        XCTAssertEqual(checked.report.stickers.map(\.name).sorted(), ["Good", "Small"])
        XCTAssertEqual(outcome.ignored, [contents])
        XCTAssertEqual(finished, 1)
    }

    func testACheckSessionReportsEveryStickerAndItsProgress() async throws {
        let (folder, catalog) = try makePack()
        let (pack, configuration) = try PackOverrides().load(catalog: catalog)
        defer { withExtendedLifetime(folder) {} }
        let names = Recorder()
        let result = await CheckSession(pack: pack, configuration: configuration, toolVersion: "test", jobs: 1)
            .run { _, _, name in names.record(.waiting(name)) }
        XCTAssertEqual(result.subjects.count, 2)
        XCTAssertEqual(names.events.count, 2)
        XCTAssertEqual(result.report.stickers.first { $0.name == "Small" }?.findings.map(\.rule).contains("dimensions_too_small"), true)
        XCTAssertEqual(result.report.failsGate(strict: false), result.report.summary.errors > 0)
    }
}
