import Foundation
import ImageCodec
import XCTest
@testable import StickerFixes
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// `fix` never makes `stickerforge.yml` worse (issue 40): the line editor keeps what it does not
/// change and refuses what it cannot edit safely, and the guard rolls back any edit whose result
/// differs from what the edit means.
final class ConfigEditTests: XCTestCase {
    private var folder: TempFolder!

    override func setUpWithError() throws { folder = try TempFolder("config-edit") }
    override func tearDown() { folder.remove() }

    private let timing = """
        # A timing shared by the sequences.
        name: Starter
        x-timing: &t {fps: 12}
        sequences: {wave: *t}
        labels:
          sun: Smiling sun

        """

    /// A plain folder with `config`: a 300 px still `sun.png` and a three-frame sequence `wave/`,
    /// small so that each fix runs in a moment (the configuration is what these tests judge).
    private func pack(_ config: String) throws -> String {
        func square(_ shade: UInt8) throws -> [UInt8] {
            var image = PixelBuffer(width: 300, height: 300)
            for y in 60..<240 { for x in 60..<240 { image[x, y] = RGBA(shade, 90, 40, 255) } }
            return try PNGEncoder(options: PNGEncodeOptions(effort: .fast)).encode(image)
        }
        try folder.write(try square(200), to: "Pack/sun.png")
        for frame in 1...3 { try folder.write(try square(UInt8(60 * frame)), to: "Pack/wave/wave_\(frame).png") }
        try folder.write(Array(config.utf8), to: "Pack/stickerforge.yml")
        return folder.path + "/Pack"
    }

    private func fix(_ root: String, labels: Bool = false) async throws -> (source: CheckReport, outcome: FixOutcome, pack: StickerPack) {
        let pack = try CatalogReader().read(at: root, config: nil)
        var configuration = CheckConfiguration()
        pack.config.apply(to: &configuration)
        var settings = FixSettings()
        settings.labelsFromNames = labels
        let source = await PackChecker(configuration: configuration, toolVersion: "test").check(pack)
        let outcome = try await PackFixer(configuration: configuration, settings: settings, toolVersion: "test")
            .fix(pack, explicitConfig: nil, into: folder.path + "/Fixed")
        return (source, outcome, pack)
    }

    private func text(_ relative: String) throws -> String {
        try String(contentsOfFile: folder.path + "/" + relative, encoding: .utf8)
    }

    func testDroppingAKeyWhoseAnchorIsUsedIsRefusedAndTheSettingsStay() async throws {
        let (source, outcome, pack) = try await fix(try pack(timing))
        XCTAssertEqual(pack.config.sequences["wave"], SequenceSettings(fps: 12))
        XCTAssertEqual(try text("Fixed/stickerforge.yml"), timing, "the configuration keeps its bytes")
        XCTAssertEqual(outcome.pack.config, pack.config.with(file: outcome.pack.config.file))
        XCTAssertTrue(outcome.problems.contains(
            "stickerforge.yml: 'x-timing' not dropped (the file is left as it was): it defines the anchor &t, which line 4 "
                + "uses (*t); replace each *t with the settings it stands for, then remove 'x-timing'"), "\(outcome.problems)")
        XCTAssertFalse(outcome.allFixes.contains { $0.rule == "catalog_unknown_key" })
        // check of the fixed pack is no worse than check of the source.
        XCTAssertLessThanOrEqual(outcome.report.summary.errors, source.summary.errors)
        XCTAssertLessThanOrEqual(outcome.report.summary.warnings, source.summary.warnings)
        XCTAssertFalse(outcome.report.findings.contains { $0.rule == "catalog_invalid" })
    }

    func testDropKeepsCommentsKeyOrderAndTheNextKeysComment() async throws {
        let config = "# Party pack\nname: Starter   # shown in Messages\nx-notes: |\n  anything\n\n# Display order\norder: [sun, wave]\n"
        let (_, outcome, _) = try await fix(try pack(config))
        XCTAssertEqual(try text("Fixed/stickerforge.yml"), "# Party pack\nname: Starter   # shown in Messages\n\n# Display order\norder: [sun, wave]\n")
        XCTAssertTrue(outcome.allFixes.contains { $0.action == "drop_key" }, "\(outcome.allFixes)")
        XCTAssertEqual(outcome.pack.config.order, ["sun", "wave"])
    }

    func testRenameKeepsTheLineAndItsComment() throws {
        var editor = ConfigTextEditor("sequences:\n  wave:\n    # plays\n    \"repetitions\": 3   # three\n  other: {}\nloops: 0\n")
        try editor.dropOrRename("sequences.wave.repetitions", to: "loops")
        XCTAssertEqual(editor.text, "sequences:\n  wave:\n    # plays\n    \"loops\": 3   # three\n  other: {}\nloops: 0\n")
    }

    func testKeysAreFoundOnlyAmongTheirBlocksOwnEntries() throws {
        var editor = ConfigTextEditor("x-extra:\n  labels: {a: b}\nname: A\n")
        try editor.addLabel("Sun", for: "sun")
        XCTAssertEqual(editor.text, "x-extra:\n  labels: {a: b}\nname: A\nlabels:\n  \"sun\": \"Sun\"\n")
    }

    func testEditsTheEditorRefuses() {
        func refusal(_ text: String, _ edit: (inout ConfigTextEditor) throws -> Void) -> String? {
            var editor = ConfigTextEditor(text)
            do { try edit(&editor) } catch {
                XCTAssertEqual(editor.text, text)
                return (error as? ConfigTextEditor.Refusal)?.reason ?? "\(error)"
            }
            return nil
        }
        XCTAssertEqual(refusal("sequences: {wave: {fsp: 12}}\n") { try $0.dropOrRename("sequences.wave.fsp", to: nil) },
                       "it is not on a line of its own (it is inside flow style { } or [ ], or in a form fix does not edit); remove it by hand")
        XCTAssertEqual(refusal("thresholds: {\n  max_fsp: 12 }\n") { try $0.dropOrRename("thresholds.max_fsp", to: "max_fps") },
                       "it is inside flow style ({ } or [ ] over several lines); rename it to 'max_fps' by hand")
        XCTAssertEqual(refusal("name: A\n\tfsp: 1\n") { try $0.dropOrRename("fsp", to: nil) },
                       "line 2 is indented with a tab, which fix does not edit; indent with spaces")
        XCTAssertEqual(refusal("name: A\n---\nfsp: 1\n") { try $0.dropOrRename("fsp", to: nil) },
                       "line 2 starts another YAML document, which fix does not edit; keep one document")
        XCTAssertNil(refusal("---\nname: A\nfsp: 1\n") { try $0.dropOrRename("fsp", to: nil) }, "one leading --- is one document")
        XCTAssertEqual(refusal("labels: &l {a: x}\nemojis: *l\n") { try $0.addLabel("Sun", for: "sun") },
                       "the 'labels:' line holds more than a block or a one-line { } mapping (an anchor, an alias, a tag or "
                           + "flow style over several lines); add \"sun\": \"Sun\" under labels by hand")
        XCTAssertNotNil(refusal("labels: {a: x,\n  b: y}\n") { try $0.addLabel("Sun", for: "sun") })
    }

    func testFlowStyleLabelsGetTheLabelInPlace() async throws {
        let config = "labels: {wave: \"Bouncing star\"}   # one line\nname: Starter\n"
        let (_, outcome, _) = try await fix(try pack(config), labels: true)
        XCTAssertEqual(try text("Fixed/stickerforge.yml"),
                       "labels: {wave: \"Bouncing star\", \"sun\": \"Sun\"}   # one line\nname: Starter\n")
        XCTAssertEqual(outcome.pack.config.labels, ["wave": "Bouncing star", "sun": "Sun"])
        XCTAssertEqual(outcome.problems, [])
        var empty = ConfigTextEditor("labels: {}\n")
        try empty.addLabel("Sun", for: "sun")
        XCTAssertEqual(empty.text, "labels: {\"sun\": \"Sun\"}\n")
    }

    func testLabelsTheEditorCannotEditAreLeftWithAMessage() async throws {
        let config = "labels: {\n  wave: \"Bouncing star\"}\nname: Starter\n"
        let (_, outcome, _) = try await fix(try pack(config), labels: true)
        XCTAssertEqual(try text("Fixed/stickerforge.yml"), config)
        XCTAssertEqual(outcome.problems, ["sun: stickerforge.yml: label \"Sun\" for sun not added (the file is left as it was): "
                                          + "the 'labels:' line holds more than a block or a one-line { } mapping (an anchor, an alias, a tag or flow "
                                          + "style over several lines); add \"sun\": \"Sun\" under labels by hand"])
        XCTAssertEqual(outcome.pack.config.labels, ["wave": "Bouncing star"])
    }

    func testTheGuardRefusesAnEditThatChangesMoreThanItMeans() {
        let guardian = ConfigEditGuard(file: "stickerforge.yml")
        let source = "name: A\nfsp: 12\nfps: 10\n"
        XCTAssertNil(guardian.verify(source: source, edited: "name: A\nfps: 10\n", change: .drop(path: ["fsp"])))
        XCTAssertEqual(guardian.verify(source: source, edited: "fps: 10\n", change: .drop(path: ["fsp"])),
                       "the edited file would change settings the edit does not mean to change (name)")
        XCTAssertEqual(guardian.verify(source: timing, edited: timing.replacingOccurrences(of: "x-timing: &t {fps: 12}\n", with: ""),
                                       change: .drop(path: ["x-timing"])),
                       "the edited file would have a problem the source does not have (line 3, column 19: "
                           + "not valid YAML: found undefined alias)")
        XCTAssertEqual(guardian.verify(source: "labels:\n  a: A\n", edited: "labels:\n  a: A\n  b: B\n  c: C\n",
                                       change: .addLabel(sticker: "b", label: "B")),
                       "the edited file would change settings the edit does not mean to change (labels)")
    }

    func testTheGuardRollsBackARenameThatRepeatsAKey() throws {
        let config = "grid_size: small\ngrid-space: large\n"
        try folder.write(Array(config.utf8), to: "Copy/stickerforge.yml")
        var slips = CatalogSlipFixer(root: folder.path + "/Copy")
        slips.fix([.unknownKey(file: "stickerforge.yml", key: "grid-space", suggestion: "grid_size", sticker: nil)])
        XCTAssertEqual(try text("Copy/stickerforge.yml"), config, "the file keeps its old bytes")
        XCTAssertEqual(slips.records.values.flatMap { $0 }, [])
        XCTAssertEqual(slips.problems.count, 1)
        XCTAssertTrue(slips.problems.first?.hasPrefix("stickerforge.yml: 'grid-space' not renamed to 'grid_size' (the file is left "
                                                      + "as it was): the edited file would have a problem the source does not have") ?? false,
                      "\(slips.problems)")
    }
}

private extension PackConfig {
    func with(file: String?) -> PackConfig {
        var copy = self
        copy.file = file
        return copy
    }
}
