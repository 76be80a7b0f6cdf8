import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class FolderCatalogReaderTests: XCTestCase {
    private var fixture: CatalogFixture!

    override func setUpWithError() throws { fixture = try CatalogFixture() }
    override func tearDown() { fixture.remove() }

    private func read(config: PackConfig? = nil) throws -> StickerPack {
        try CatalogReader().read(at: fixture.path("Party"), config: config)
    }

    private func still(_ file: String, label: String? = nil) -> StickerSource {
        StickerSource(name: FolderPackReader.stem(file), folder: nil, content: .file(file), accessibilityLabel: label)
    }

    func testStillsAndSequencesInNaturalOrderWithDefaults() throws {
        for name in ["wave.png", "b10.gif", "b2.jpg", "photo.webp", ".DS_Store", "Thumbs.db", ".hidden.png"] {
            try fixture.image("Party/\(name)")
        }
        for frame in ["f10.png", "f2.png", "f1.png", ".DS_Store"] { try fixture.image("Party/dance/\(frame)") }
        let pack = try read()
        XCTAssertEqual(pack, StickerPack(name: "Party", root: fixture.path("Party"), kind: .folder, gridSize: .regular,
                                         stickers: [
                                            still("b2.jpg"), still("b10.gif"),
                                            StickerSource(name: "dance", folder: "dance",
                                                          content: .sequence(frames: ["dance/f1.png", "dance/f2.png",
                                                                                      "dance/f10.png"],
                                                                             timing: .fps(15), repetitions: 0),
                                                          accessibilityLabel: nil),
                                            still("photo.webp"), still("wave.png"),
                                         ], iconSet: nil, problems: []))
    }

    func testConfigSetsOrderLabelsTimingIconAndName() throws {
        for name in ["a.png", "b.png", "c.png", "icon.png"] { try fixture.image("Party/\(name)") }
        for frame in 1...3 { try fixture.image("Party/spin/s\(frame).png") }
        for frame in 1...2 { try fixture.image("Party/hop/h\(frame).png") }
        for frame in 1...2 { try fixture.image("Party/wink/w\(frame).png") }
        try fixture.write("Party/stickerforge.yml", """
            name: Party Pack
            grid_size: large
            order: [c, spin]
            labels:
              a: Letter A
              spin: Spinning
            fps: 12
            loops: 3
            sequences:
              spin: {delays: [100, 200, 300], loops: 0}
              hop: {duration: 0.5}
            icon: icon.png
            """)
        let pack = try read()
        XCTAssertEqual(pack.problems, [])
        XCTAssertEqual(pack.name, "Party Pack")
        XCTAssertEqual(pack.gridSize, .large)
        XCTAssertEqual(pack.stickers, [
            still("c.png"),
            StickerSource(name: "spin", folder: "spin",
                          content: .sequence(frames: ["spin/s1.png", "spin/s2.png", "spin/s3.png"],
                                             timing: .perFrame([100, 200, 300]), repetitions: 0),
                          accessibilityLabel: "Spinning"),
            still("a.png", label: "Letter A"), still("b.png"),
            StickerSource(name: "hop", folder: "hop",
                          content: .sequence(frames: ["hop/h1.png", "hop/h2.png"], timing: .fixed(seconds: 0.5),
                                             repetitions: 2), accessibilityLabel: nil),
            StickerSource(name: "wink", folder: "wink",
                          content: .sequence(frames: ["wink/w1.png", "wink/w2.png"], timing: .fps(12), repetitions: 2),
                          accessibilityLabel: nil),
        ])
    }

    func testNamesTheConfigGivesThatMatchNothingAreReported() throws {
        try fixture.image("Party/a.png")
        for frame in 1...2 { try fixture.image("Party/spin/s\(frame).png") }
        try fixture.write("Party/stickerforge.yml", """
            order: [ghost, a]
            labels: {nobody: Hi}
            sequences:
              a: {fps: 5}
              spin: {delays: [100]}
              gone: {fps: 5}
            icon: art/icon.png
            """)
        let pack = try read()
        XCTAssertEqual(pack.problems, [
            .invalid(file: "stickerforge.yml", reason: "'labels.nobody' names no sticker in the pack", sticker: nil),
            .invalid(file: "stickerforge.yml", reason: "'sequences.gone' names no sticker in the pack", sticker: nil),
            .invalid(file: "stickerforge.yml", reason: "'sequences.a' applies to frame sequences, but 'a' is a single "
                        + "file; its timing is in the file", sticker: "a"),
            .invalid(file: "stickerforge.yml", reason: "'sequences.spin.delays' lists 1 delays for 2 frames",
                     sticker: "spin"),
            .invalid(file: "stickerforge.yml", reason: "'order' names 'ghost', which is no sticker in the pack",
                     sticker: nil),
            .missingFile(file: "art/icon.png", listedIn: "stickerforge.yml", sticker: nil),
        ])
        XCTAssertEqual(pack.stickers.map(\.name), ["a", "spin"])
        XCTAssertEqual(pack.stickers[1].content, .sequence(frames: ["spin/s1.png", "spin/s2.png"], timing: .fps(15),
                                                           repetitions: 0))
    }

    func testConfigProblemsJoinThePackAndReadingGoesOn() throws {
        try fixture.image("Party/a.png")
        try fixture.write("Party/stickerforge.yml", "fsp: 12\nloops: many\n")
        let pack = try read()
        XCTAssertEqual(pack.problems, [
            .unknownKey(file: "stickerforge.yml", key: "fsp", suggestion: "fps", sticker: nil),
            .invalid(file: "stickerforge.yml", reason: "line 2, column 8: 'loops' must be a whole number, found 'many'",
                     sticker: nil),
        ])
        XCTAssertEqual(pack.stickers, [still("a.png")])
    }

    func testAGivenConfigIsUsedInsteadOfTheFile() throws {
        try fixture.image("Party/a.png")
        try fixture.write("Party/stickerforge.yml", "name: From File\n")
        var config = PackConfig()
        config.name = "Given"
        XCTAssertEqual(try read(config: config).name, "Given")
    }

    /// A folder holding only the pack's own art (`tray: art/tray.png`, `icon: art/icon.png`) is not a
    /// sticker and no problem, so `check` and `build` agree on it; a folder with other files still is one.
    func testAFolderOfOnlyTheTrayAndIconIsNotASticker() throws {
        try fixture.image("Party/wave.png")
        try fixture.image("Party/art/tray.png")
        try fixture.image("Party/art/icon.png")
        var config = PackConfig()
        config.tray = "art/tray.png"
        config.icon = "art/icon.png"
        let pack = try read(config: config)
        XCTAssertEqual(pack.stickers, [still("wave.png")])
        XCTAssertEqual(pack.problems, [])
        try fixture.image("Party/art/notes.png")
        let withMore = try read(config: config)
        XCTAssertEqual(withMore.stickers.map(\.name), ["art", "wave"], "a folder with another image is a sequence")
        config.tray = nil
        config.icon = nil
        try FileManager.default.removeItem(atPath: fixture.path("Party/art/notes.png"))
        XCTAssertEqual(try read(config: config).stickers.map(\.name), ["art", "wave"], "without tray: and icon: the folder is frames")
    }

    func testDuplicateNamesEmptyFoldersNestedFoldersAndUnsafeEntries() throws {
        try fixture.image("Party/wave.gif")
        try fixture.image("Party/wave.png")
        try fixture.folder("Party/empty")
        try fixture.image("Party/seq/a1.png")
        try fixture.image("Party/seq/deeper/x.png")
        try fixture.image("secret.png")
        try fixture.symlink("Party/leak.png", to: fixture.path("secret.png"))
        try fixture.symlink("Party/inside.png", to: "wave.png")
        XCTAssertEqual(mkfifo(fixture.path("Party/pipe.png"), 0o600), 0)
        let pack = try read()
        let realSecret = try XCTUnwrap(realpath(fixture.path("secret.png"), nil).map { p in
            defer { free(p) }; return String(cString: p)
        })
        XCTAssertEqual(pack.problems, [
            .invalid(file: "empty", reason: "holds no image files to use as frames", sticker: "empty"),
            .invalid(file: "leak.png", reason: "resolves outside the catalog root through a symbolic link (to \(realSecret))",
                     sticker: "leak"),
            .invalid(file: "pipe.png", reason: "is a FIFO (named pipe), not a regular file", sticker: "pipe"),
            .invalid(file: "seq/deeper", reason: "is a folder inside a sequence folder; it is not read", sticker: "seq"),
            .invalid(file: "wave.png", reason: "another sticker is also named 'wave' (wave.gif); sticker names must be unique",
                     sticker: "wave"),
        ])
        XCTAssertEqual(pack.stickers.map(\.files), [["inside.png"], ["seq/a1.png"], ["wave.gif"], ["wave.png"]])
    }
}
