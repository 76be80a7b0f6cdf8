import ImageCodec
import XCTest
@testable import StickerFixes
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// One test walks every registered fix's examples, as `RuleExamplesTests` walks the checks'
/// (docs/architecture.md, "A new check"): a triggering example is repaired (a record naming one of the fix's rules
/// and its action), and the repair is idempotent (the fix finds nothing in its own output); a
/// non-triggering example yields no record and keeps every pixel and byte.
final class FixExamplesTests: XCTestCase {
    func testEveryFixExample() throws {
        var walked = 0
        for fix in FixRegistry.all {
            let d = fix.fixDescription
            XCTAssertFalse(fix.fixExamples.triggering.isEmpty, "\(d.action) has no triggering example")
            XCTAssertFalse(fix.fixExamples.nonTriggering.isEmpty, "\(d.action) has no non-triggering example")
            for example in fix.fixExamples.triggering {
                let context = FixContext(check: CheckContext(gridSize: example.gridSize), settings: example.settings)
                var work = example.work
                let record = try fix.apply(to: &work, context: context)
                XCTAssertNotNil(record, "\(d.action) did not trigger on \"\(example.note)\"")
                XCTAssertTrue(d.rules.contains(record?.rule ?? ""), "\(d.action) \"\(example.note)\" names another rule")
                XCTAssertEqual(record?.action, d.action)
                XCTAssertFalse(record?.details.isEmpty ?? true)
                // Idempotent: once repaired, nothing is left for the same fix.
                if work.needsEncoding { work.bytes = try StickerRepairer(context: context).encode(work) }
                var again = work
                XCTAssertNil(try fix.apply(to: &again, context: context), "\(d.action) \"\(example.note)\" is not idempotent")
                XCTAssertEqual(again, work)
                walked += 1
            }
            for example in fix.fixExamples.nonTriggering {
                let context = FixContext(check: CheckContext(gridSize: example.gridSize), settings: example.settings)
                var work = example.work
                XCTAssertNil(try fix.apply(to: &work, context: context), "\(d.action) triggered on \"\(example.note)\"")
                XCTAssertEqual(work, example.work, "\(d.action) changed \"\(example.note)\"")
                walked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(walked, 2 * FixRegistry.all.count)
    }

    func testActionsAreUniqueAndRulesExist() {
        let actions = FixRegistry.all.map(\.fixDescription.action)
        XCTAssertEqual(Set(actions).count, actions.count)
        for rule in FixRegistry.all.flatMap(\.fixDescription.rules) {
            XCTAssertNotNil(RuleRegistry.description(for: rule), rule)
        }
    }
}
