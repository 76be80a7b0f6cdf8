import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class XcodeCatalogReaderTests: XCTestCase {
    private var fixture: CatalogFixture!
    private let pack = "Sticker Pack.stickerpack"

    override func setUpWithError() throws { fixture = try CatalogFixture() }
    override func tearDown() { fixture.remove() }

    private func read(_ relative: String = "Stickers.xcstickers", config: PackConfig? = nil) throws -> StickerPack {
        try CatalogReader().read(at: fixture.path(relative), config: config)
    }

    private func expectedStickers(prefix: String = "") -> [StickerSource] {
        let p = prefix + pack
        return [
            StickerSource(name: "Wave", folder: "\(p)/Wave.sticker", content: .file("\(p)/Wave.sticker/Wave.png"),
                          accessibilityLabel: "Waving hand"),
            StickerSource(name: "Dance", folder: "\(p)/Dance.stickersequence",
                          content: .sequence(frames: ["\(p)/Dance.stickersequence/dance_001.png",
                                                      "\(p)/Dance.stickersequence/dance_002.png"],
                                             timing: .fixed(seconds: 1.5), repetitions: 2),
                          accessibilityLabel: "Dancing"),
        ]
    }

    private func expectedIcons(prefix: String = "") -> IconSetSource {
        let folder = prefix + "iMessage App Icon.stickersiconset"
        return IconSetSource(folder: folder, filled: [
            IconSlot.all[2]: "\(folder)/icon-60x45@2x.png",
            IconSlot.all[9]: "\(folder)/icon-27x20@3x.png",
        ])
    }

    func testReadsTheTemplateShape() throws {
        try fixture.standardCatalog()
        let pack = try read()
        XCTAssertEqual(pack, StickerPack(name: "Stickers", root: fixture.path("Stickers.xcstickers"), kind: .xcstickers,
                                         gridSize: .large, stickers: expectedStickers(), iconSet: expectedIcons(),
                                         problems: []))
    }

    func testAcceptsTheStickerpackItselfWithPathsRelativeToItsParent() throws {
        try fixture.standardCatalog()
        let pack = try read("Stickers.xcstickers/Sticker Pack.stickerpack")
        XCTAssertEqual(pack.root, fixture.path("Stickers.xcstickers"))
        XCTAssertEqual(pack.name, "Stickers")
        XCTAssertEqual(pack.stickers, expectedStickers())
        XCTAssertEqual(pack.iconSet, expectedIcons())
        XCTAssertEqual(pack.problems, [])
    }

    func testAcceptsAnXcassetsHoldingAPack() throws {
        try fixture.standardCatalog("Assets.xcassets")
        try fixture.folder("Assets.xcassets/AppIcon.appiconset")
        let pack = try read("Assets.xcassets")
        XCTAssertEqual(pack.name, "Sticker Pack")
        XCTAssertEqual(pack.kind, .xcstickers)
        XCTAssertEqual(pack.stickers, expectedStickers())
        XCTAssertEqual(pack.problems, [])
    }

    func testUnknownGridSizeFallsBackToRegular() throws {
        try fixture.standardCatalog()
        try fixture.write("Stickers.xcstickers/\(pack)/Contents.json",
                          CatalogFixture.pack(grid: "huge", stickers: ["Wave.sticker", "Dance.stickersequence"]))
        let read = try read()
        XCTAssertEqual(read.gridSize, .regular)
        XCTAssertEqual(read.problems, [.invalid(file: "\(pack)/Contents.json",
                                                reason: "unknown grid-size 'huge' (expected small, regular or large)",
                                                sticker: nil)])
    }

    func testMisspeltKeysAreReportedWithSuggestions() throws {
        try fixture.standardCatalog()
        let root = "Stickers.xcstickers/\(pack)"
        try fixture.write("\(root)/Contents.json", CatalogFixture.pack(stickers: ["Wave.sticker", "Dance.stickersequence"])
            .replacingOccurrences(of: "grid-size", with: "grid-space")
            .replacingOccurrences(of: "\"author\"", with: "\"Author\""))
        try fixture.write("\(root)/Dance.stickersequence/Contents.json",
                          CatalogFixture.sequence(["dance_001.png"], repetitions: 3)
                            .replacingOccurrences(of: "repetitions", with: "repetions"))
        try fixture.write("\(root)/Wave.sticker/Contents.json", CatalogFixture.still("Wave.png")
            .replacingOccurrences(of: "\"filename\"", with: "\"Filename\"")
            .replacingOccurrences(of: "\"properties\"", with: "\"propertys\" : {},\n  \"properties\""))
        let read = try read()
        XCTAssertEqual(read.problems, [
            .unknownKey(file: "\(pack)/Contents.json", key: "Author", suggestion: "author", sticker: nil),
            .invalid(file: "\(pack)/Contents.json", reason: "missing \"info.author\"", sticker: nil),
            .unknownKey(file: "\(pack)/Contents.json", key: "grid-space", suggestion: "grid-size", sticker: nil),
            .invalid(file: "\(pack)/Contents.json", reason: "missing \"properties.grid-size\"", sticker: nil),
            .unknownKey(file: "\(pack)/Wave.sticker/Contents.json", key: "propertys", suggestion: "properties",
                        sticker: "Wave"),
            .unknownKey(file: "\(pack)/Wave.sticker/Contents.json", key: "Filename", suggestion: "filename",
                        sticker: "Wave"),
            .invalid(file: "\(pack)/Wave.sticker/Contents.json", reason: "missing \"properties.filename\"",
                     sticker: "Wave"),
            .unknownKey(file: "\(pack)/Dance.stickersequence/Contents.json", key: "repetions",
                        suggestion: "repetitions", sticker: "Dance"),
            .invalid(file: "\(pack)/Dance.stickersequence/Contents.json", reason: "missing \"properties.repetitions\"",
                     sticker: "Dance"),
        ])
        XCTAssertEqual(read.stickers.map(\.name), ["Dance"])
        XCTAssertEqual(read.stickers.first?.content, .sequence(frames: ["\(pack)/Dance.stickersequence/dance_001.png"],
                                                              timing: .fps(15), repetitions: 0))
    }

    func testUnknownDurationTypeAndBadTimingFallBackToXcodeDefaults() throws {
        try fixture.standardCatalog()
        try fixture.write("Stickers.xcstickers/\(pack)/Dance.stickersequence/Contents.json",
                          CatalogFixture.sequence(["dance_002.png", "dance_001.png"], duration: "-2", type: "bpm",
                                                  repetitions: 1))
        let read = try read()
        let file = "\(pack)/Dance.stickersequence/Contents.json"
        XCTAssertEqual(read.problems, [
            .invalid(file: file, reason: "\"properties.duration\" must be a number above 0, found the number -2",
                     sticker: "Dance"),
            .invalid(file: file, reason: "unknown duration-type 'bpm' (expected fps or fixed)", sticker: "Dance"),
        ])
        // Frames keep the listed order, not the name order.
        XCTAssertEqual(read.stickers[1].content, .sequence(frames: ["\(pack)/Dance.stickersequence/dance_002.png",
                                                                    "\(pack)/Dance.stickersequence/dance_001.png"],
                                                           timing: .fps(15), repetitions: 1))
    }

    func testMalformedJSONNamesLineAndColumn() throws {
        try fixture.standardCatalog()
        // The shape of Apple's published samples: a trailing comma, and elsewhere a missing one.
        try fixture.write("Stickers.xcstickers/\(pack)/Wave.sticker/Contents.json",
                          "{\n  \"properties\" : {\n    \"filename\" : \"Wave.png\",\n  }\n}\n")
        try fixture.write("Stickers.xcstickers/\(pack)/Dance.stickersequence/Contents.json",
                          "{\n  \"frames\" : []\n  \"info\" : {}\n}\n")
        let read = try read()
        XCTAssertEqual(read.problems, [
            .invalid(file: "\(pack)/Wave.sticker/Contents.json",
                     reason: "not valid JSON: line 4, column 3: trailing comma before '}'", sticker: "Wave"),
            .invalid(file: "\(pack)/Dance.stickersequence/Contents.json",
                     reason: "not valid JSON: line 3, column 3: expected ',' or '}' after the value of \"frames\", "
                        + "found '\"'", sticker: "Dance"),
        ])
        XCTAssertEqual(read.stickers, [])
    }

    func testMissingContentsMissingFilesAndUnlistedFolders() throws {
        try fixture.standardCatalog()
        let root = "Stickers.xcstickers/\(pack)"
        try fixture.write("\(root)/Contents.json", CatalogFixture.pack(
            stickers: ["Wave.sticker", "Ghost.sticker", "Dance.stickersequence", "Empty.sticker"]))
        try fixture.write("\(root)/Dance.stickersequence/Contents.json",
                          CatalogFixture.sequence(["dance_001.png", "dance_099.png"]))
        try fixture.folder("\(root)/Empty.sticker")
        try fixture.write("\(root)/Extra.sticker/Contents.json", CatalogFixture.still("Extra.png"))
        try fixture.folder("\(root)/Later.stickersequence")
        try FileManager().removeItem(atPath: fixture.path("\(root)/Wave.sticker/Wave.png"))
        let read = try read()
        XCTAssertEqual(read.problems, [
            .missingFile(file: "\(pack)/Wave.sticker/Wave.png", listedIn: "\(pack)/Wave.sticker/Contents.json",
                         sticker: "Wave"),
            .missingFile(file: "\(pack)/Ghost.sticker", listedIn: "\(pack)/Contents.json", sticker: "Ghost"),
            .missingFile(file: "\(pack)/Dance.stickersequence/dance_099.png",
                         listedIn: "\(pack)/Dance.stickersequence/Contents.json", sticker: "Dance"),
            .invalid(file: "\(pack)/Empty.sticker/Contents.json",
                     reason: "missing: Xcode needs a Contents.json in every catalog folder", sticker: "Empty"),
            .unlistedSticker(folder: "\(pack)/Extra.sticker"),
            .unlistedSticker(folder: "\(pack)/Later.stickersequence"),
        ])
        XCTAssertEqual(read.stickers.map(\.files), [["\(pack)/Dance.stickersequence/dance_001.png"]])
    }

    func testUnsafeNamesLinksAndSpecialFilesAreNeverOpened() throws {
        try fixture.standardCatalog()
        let root = "Stickers.xcstickers/\(pack)"
        try fixture.image("outside.png")
        try fixture.write("\(root)/Contents.json", CatalogFixture.pack(
            stickers: ["../escape.sticker", "Wave.sticker", "Dance.stickersequence", "Link.sticker", "Pipe.sticker"]))
        try fixture.write("\(root)/Wave.sticker/Contents.json", CatalogFixture.still("../../../outside.png"))
        try fixture.write("\(root)/Dance.stickersequence/Contents.json",
                          CatalogFixture.sequence(["/etc/passwd", "sub/dance_001.png", "dance_002.png"]))
        try fixture.write("\(root)/Link.sticker/Contents.json", CatalogFixture.still("Link.png"))
        try fixture.symlink("\(root)/Link.sticker/Link.png", to: fixture.path("outside.png"))
        try fixture.write("\(root)/Pipe.sticker/Contents.json", CatalogFixture.still("Pipe.png"))
        XCTAssertEqual(mkfifo(fixture.path("\(root)/Pipe.sticker/Pipe.png"), 0o600), 0)
        let read = try read()
        let realOutside = try XCTUnwrap(realpath(fixture.path("outside.png"), nil).map { p in
            defer { free(p) }; return String(cString: p)
        })
        XCTAssertEqual(read.problems, [
            .invalid(file: "\(pack)/Contents.json",
                     reason: "\"stickers[0].filename\": '../escape.sticker' leaves its folder through '..'", sticker: nil),
            .invalid(file: "\(pack)/Wave.sticker/Contents.json",
                     reason: "\"properties.filename\": '../../../outside.png' leaves its folder through '..'",
                     sticker: "Wave"),
            .invalid(file: "\(pack)/Dance.stickersequence/Contents.json",
                     reason: "\"frames[0].filename\": '/etc/passwd' is an absolute path; name a file inside the catalog",
                     sticker: "Dance"),
            .invalid(file: "\(pack)/Dance.stickersequence/Contents.json",
                     reason: "\"frames[1].filename\": 'sub/dance_001.png' contains '/'; name a file in the same folder",
                     sticker: "Dance"),
            .invalid(file: "\(pack)/Link.sticker/Link.png",
                     reason: "resolves outside the catalog root through a symbolic link (to \(realOutside))",
                     sticker: "Link"),
            .invalid(file: "\(pack)/Pipe.sticker/Pipe.png", reason: "is a FIFO (named pipe), not a regular file",
                     sticker: "Pipe"),
        ])
        XCTAssertEqual(read.stickers.map(\.files), [["\(pack)/Dance.stickersequence/dance_002.png"]])
    }

    func testIconSlotsMapByIdiomPlatformSizeAndScale() throws {
        try fixture.standardCatalog()
        let folder = "iMessage App Icon.stickersiconset"
        var entries = IconSlot.all.map { ($0.idiom, $0.platform, $0.size, $0.scale, Optional("\($0.idiom)-\($0.size)@\($0.scale).png")) }
        entries[12].4 = nil
        entries.append(("iPhone", nil, "29x29", "2x", "caps.png"))
        entries.append(("iphone", nil, "20x20", "2x", "small.png"))
        entries.append(("ipad", nil, "29x29", "2x", "again.png"))
        try fixture.write("Stickers.xcstickers/\(folder)/Contents.json", CatalogFixture.iconSet(entries))
        for slot in IconSlot.all.dropLast() {
            try fixture.image("Stickers.xcstickers/\(folder)/\(slot.idiom)-\(slot.size)@\(slot.scale).png")
        }
        let read = try read()
        var expected: [IconSlot: String] = [:]
        for slot in IconSlot.all.dropLast() { expected[slot] = "\(folder)/\(slot.idiom)-\(slot.size)@\(slot.scale).png" }
        XCTAssertEqual(read.iconSet, IconSetSource(folder: folder, filled: expected))
        XCTAssertEqual(read.problems, [
            .unknownKey(file: "\(folder)/Contents.json", key: "iPhone", suggestion: "iphone", sticker: nil),
            .invalid(file: "\(folder)/Contents.json", reason: "\"images[14]\": no Messages icon slot is iphone 20x20 @2x",
                     sticker: nil),
            .invalid(file: "\(folder)/Contents.json",
                     reason: "\"images[15]\" fills the same slot as images[4] (ipad 29x29 @2x); the first is used",
                     sticker: nil),
        ])
    }

    func testConfigBesideThePackAppliesNameGridLabelsAndOrder() throws {
        try fixture.standardCatalog()
        try fixture.write("Stickers.xcstickers/stickerforge.yml",
                          "name: Party\ngrid_size: small\norder: [Dance]\nlabels:\n  Wave: Hello\n"
                          + "sequences:\n  Dance: {fps: 10, loops: 3}\n")
        let read = try read()
        XCTAssertEqual(read.problems, [])
        XCTAssertEqual(read.name, "Party")
        XCTAssertEqual(read.gridSize, .small)
        XCTAssertEqual(read.stickers.map(\.name), ["Dance", "Wave"])
        XCTAssertEqual(read.stickers.map(\.accessibilityLabel), ["Dancing", "Hello"])
        XCTAssertEqual(read.stickers[0].content, .sequence(frames: expectedStickers()[1].files, timing: .fps(10),
                                                           repetitions: 2))
    }

    func testOnlyAnUnreadablePathThrows() throws {
        XCTAssertThrowsError(try read("nothing.xcstickers")) { error in
            XCTAssertEqual(error as? CatalogError, .notFound(path: fixture.path("nothing.xcstickers")))
        }
        try fixture.write("file.xcstickers", "x")
        XCTAssertThrowsError(try read("file.xcstickers")) { error in
            XCTAssertEqual(error as? CatalogError, .notAFolder(path: fixture.path("file.xcstickers")))
        }
        try fixture.folder("Empty.xcstickers")
        XCTAssertEqual(try read("Empty.xcstickers").problems,
                       [.invalid(file: ".", reason: "the catalog holds no .stickerpack folder", sticker: nil)])
    }

    func testInfoDuplicateKeysAndNonObjectFilesAreReported() throws {
        try fixture.standardCatalog()
        let root = "Stickers.xcstickers/\(pack)"
        try fixture.write("\(root)/Wave.sticker/Contents.json",
                          "{\n  \"info\" : {\"author\" : 7, \"version\" : \"1\", \"build\" : 2},\n"
                          + "  \"properties\" : {\"filename\" : \"x.png\", \"filename\" : \"Wave.png\"}\n}\n")
        try fixture.write("\(root)/Dance.stickersequence/Contents.json", "[]")
        let read = try read()
        let wave = "\(pack)/Wave.sticker/Contents.json"
        XCTAssertEqual(read.problems, [
            .invalid(file: wave, reason: "line 3, column 41: key \"filename\" appears twice; the last value is used",
                     sticker: "Wave"),
            .unknownKey(file: wave, key: "build", suggestion: nil, sticker: "Wave"),
            .invalid(file: wave, reason: "\"info.author\" must be a string, found the number 7", sticker: "Wave"),
            .invalid(file: wave, reason: "\"info.version\" must be a whole number, found the string '1'", sticker: "Wave"),
            .invalid(file: "\(pack)/Dance.stickersequence/Contents.json",
                     reason: "the top level must be an object, found a list", sticker: "Dance"),
        ])
        XCTAssertEqual(read.stickers.map(\.files), [["\(pack)/Wave.sticker/Wave.png"]])
    }

    func testAPackLinkedFromOutsideIsReportedNotRead() throws {
        try fixture.standardCatalog("Elsewhere.xcstickers")
        try fixture.folder("Stickers.xcstickers")
        try fixture.symlink("Stickers.xcstickers/\(pack)", to: fixture.path("Elsewhere.xcstickers/\(pack)"))
        let read = try read()
        let real = try XCTUnwrap(realpath(fixture.path("Elsewhere.xcstickers/\(pack)"), nil).map { p in
            defer { free(p) }; return String(cString: p)
        })
        XCTAssertEqual(read.problems, [.invalid(file: pack, reason: "resolves outside the catalog root through a "
                                                + "symbolic link (to \(real))", sticker: nil)])
        XCTAssertEqual(read.stickers, [])
    }

    func testAnUnlistableRootThrows() throws {
        try XCTSkipIf(getuid() == 0, "permissions do not apply to root, who runs this test")
        try fixture.folder("Locked")
        XCTAssertEqual(chmod(fixture.path("Locked"), 0), 0)
        defer { chmod(fixture.path("Locked"), 0o755) }
        XCTAssertThrowsError(try read("Locked")) { error in
            guard case .unreadable(let path, _)? = error as? CatalogError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, fixture.path("Locked"))
        }
    }
}
