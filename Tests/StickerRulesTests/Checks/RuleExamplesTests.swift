import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// One test walks every registered rule's examples (docs/architecture.md, "A new check"): each triggering example
/// yields a finding of exactly that rule at its default severity; each non-triggering one yields none.
final class RuleExamplesTests: XCTestCase {
    func testEveryRuleExample() {
        var walked = 0
        for check in RuleRegistry.stickerChecks {
            let rule = check.ruleDescription
            let examples = check.ruleExamples
            XCTAssertFalse(examples.triggering.isEmpty, "\(rule.id) has no triggering example")
            XCTAssertFalse(examples.nonTriggering.isEmpty, "\(rule.id) has no non-triggering example")
            for (example, triggers) in examples.triggering.map({ ($0, true) }) + examples.nonTriggering.map({ ($0, false) }) {
                guard case .sticker(let subject) = example.input else {
                    XCTFail("\(rule.id) example \"\(example.note)\" is not a sticker"); continue
                }
                let findings = check.check(subject, context: example.context)
                assert(findings, rule: rule, triggers: triggers, note: example.note, example: example)
                walked += 1
            }
        }
        for check in RuleRegistry.packChecks {
            let rule = check.ruleDescription
            let examples = check.ruleExamples
            XCTAssertFalse(examples.triggering.isEmpty, "\(rule.id) has no triggering example")
            XCTAssertFalse(examples.nonTriggering.isEmpty, "\(rule.id) has no non-triggering example")
            for (example, triggers) in examples.triggering.map({ ($0, true) }) + examples.nonTriggering.map({ ($0, false) }) {
                guard case .pack(let pack) = example.input else {
                    XCTFail("\(rule.id) example \"\(example.note)\" is not a pack"); continue
                }
                let findings = check.check(pack, context: example.context)
                assert(findings, rule: rule, triggers: triggers, note: example.note, example: example)
                walked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(walked, 2 * RuleRegistry.allDescriptions.count)
    }

    /// The severity an example states wins; else a store's published limit is an error even where the
    /// rule's default is a warning (the store refuses the file); for iMessage the default severity stands.
    private func assert(_ findings: [Finding], rule: RuleDescription, triggers: Bool, note: String, example: CheckExample) {
        let own = findings.filter { $0.rule == rule.id }
        // A rule only ever reports under its own id.
        XCTAssertEqual(own.count, findings.count, "\(rule.id) \"\(note)\" reported another rule's id")
        if triggers {
            XCTAssertFalse(own.isEmpty, "\(rule.id) did not trigger on \"\(note)\"")
            for f in own {
                let expected = example.severity
                    ?? (example.platform == .imessage ? rule.defaultSeverity : max(rule.defaultSeverity, .error))
                XCTAssertEqual(f.severity, expected, "\(rule.id) \"\(note)\" severity")
                XCTAssertFalse(f.message.isEmpty, "\(rule.id) \"\(note)\" message")
                XCTAssertFalse(f.hint.isEmpty, "\(rule.id) \"\(note)\" hint")
            }
        } else {
            XCTAssertTrue(own.isEmpty, "\(rule.id) triggered on \"\(note)\": \(own.map(\.message))")
        }
    }

    func testRegistryHoldsExactlyTheContractIds() {
        let ids = RuleRegistry.allDescriptions.map(\.id)
        XCTAssertEqual(ids, [
            "unsupported_format", "extension_mismatch", "corrupt_image", "decode_limit_exceeded",
            "ignored_animation", "apng_actl_order", "lottie_unsupported_feature", "file_too_large",
            "dimensions_too_small", "dimensions_too_large", "exceeds_grid_size", "not_square",
            "no_transparency", "gif_hard_edges", "edge_halo", "fully_transparent", "content_touches_edge", "excess_padding",
            "frame_rate_high", "frame_rate_exact", "loop_too_long", "animation_memory", "short_frame_delay", "finite_loop",
            "hidden_first_frame", "first_frame_blank", "single_frame_animation",
            "color_profile",
            "sequence_frame_mismatch", "accessibility_label_too_long", "missing_accessibility_label",
            "platform_format", "frame_count", "loop_count", "odd_dimensions",
            "catalog_invalid", "catalog_missing_file", "catalog_unlisted_sticker", "catalog_unknown_key",
            "duplicate_sticker", "empty_pack", "icon_slot_missing", "icon_wrong_size", "icon_not_opaque", "icon_color_profile",
            "pack_size", "emoji_missing", "emoji_dropped", "emoji_invalid", "tray_icon", "mixed_animation", "name_too_long",
        ])
        XCTAssertEqual(Set(ids).count, ids.count, "rule ids must be unique")
    }

    func testDefaultSeveritiesAreTheContract() {
        let severities = Dictionary(uniqueKeysWithValues: RuleRegistry.allDescriptions.map { ($0.id, $0.defaultSeverity) })
        let errors = severities.filter { $0.value == .error }.keys.sorted()
        let infos = severities.filter { $0.value == .info }.keys.sorted()
        XCTAssertEqual(errors, ["catalog_invalid", "catalog_missing_file", "corrupt_image", "decode_limit_exceeded",
                                "dimensions_too_large", "dimensions_too_small", "emoji_invalid", "emoji_missing", "empty_pack",
                                "file_too_large", "frame_count", "frame_rate_exact", "fully_transparent", "mixed_animation",
                                "name_too_long", "odd_dimensions", "pack_size", "platform_format", "sequence_frame_mismatch", "tray_icon", "unsupported_format"])
        XCTAssertEqual(infos, ["excess_padding", "finite_loop", "missing_accessibility_label", "not_square",
                               "single_frame_animation"])
        XCTAssertFalse(severities.values.contains(.off))
    }

    /// docs/rules.md documents every rule: a heading with the id and its default severity.
    func testRulesDocumentationCoversEveryRule() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        for rule in RuleRegistry.allDescriptions {
            XCTAssertTrue(text.contains("### `\(rule.id)`"), "docs/rules.md has no section for \(rule.id)")
            XCTAssertTrue(text.contains("### `\(rule.id)` [\(rule.defaultSeverity.rawValue)]"),
                          "docs/rules.md gives another default severity for \(rule.id)")
        }
    }
}
