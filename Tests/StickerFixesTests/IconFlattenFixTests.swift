import Foundation
import ImageCodec
import TestSupport
import XCTest
@testable import StickerFixes
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// `fix` on an icon set with the problems App Store Connect refuses: an App Store icon with an
/// alpha channel, a palette icon with transparent pixels, next to an opaque RGB icon that must keep
/// its bytes; and a Display P3 icon converted to sRGB. Sources are never modified.
final class IconFlattenFixTests: XCTestCase {
    private var folder: TempFolder!
    private let store = IconSlot.all.first { $0.isAppStoreIcon && $0.pixelWidth == $0.pixelHeight }!
    private let iphone = IconSlot.all.first { $0.idiom == "iphone" && $0.pixelWidth == 120 }!
    private let ipad = IconSlot.all.first { $0.idiom == "ipad" }!

    override func setUpWithError() throws {
        folder = try TempFolder("icons")
        // The sample Xcode catalog, its icon set replaced by three icons in three slots.
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/Demo.xcstickers").path
        try FileManager.default.copyItem(atPath: sample, toPath: folder.path + "/Art")
        try FileManager.default.removeItem(atPath: folder.path + "/Art/iMessage App Icon.stickersiconset")
        let set = "Art/iMessage App Icon.stickersiconset/"
        // The App Store icon: a many-coloured RGBA file whose corner is transparent and one pixel translucent.
        var marketing = PixelBuffer(width: 1024, height: 1024)
        for y in 0..<1024 { for x in 0..<1024 { marketing[x, y] = RGBA(UInt8(x & 255), UInt8(y & 255), 200) } }
        for y in 0..<64 { for x in 0..<64 { marketing[x, y] = RGBA(0, 0, 0, 0) } }
        marketing[500, 500].a = 100
        try folder.write(try PNGEncoder().encode(marketing), to: set + "store.png")
        // The iPhone icon: two colours and transparent bars: the encoder writes a palette with tRNS.
        var bars = PixelBuffer(width: 120, height: 90, fill: RGBA(250, 200, 0))
        for y in 0..<10 { for x in 0..<120 { bars[x, y] = .clear } }
        try folder.write(try PNGEncoder().encode(bars), to: set + "iphone.png")
        let opaque = try IconRenderer.encode(PixelBuffer(width: ipad.pixelWidth, height: ipad.pixelHeight, fill: RGBA(9, 9, 9)), effort: .fast)
        try folder.write(opaque, to: set + "ipad.png")
        let slots = IconSlot.all.map { slot -> (slot: IconSlot, filename: String?) in
            (slot, slot == store ? "store.png" : slot == iphone ? "iphone.png" : slot == ipad ? "ipad.png" : nil)
        }
        try folder.write(XcodeJSONWriter.bytes(XcodeContents.iconSet(slots: slots)), to: set + "Contents.json")
    }

    override func tearDown() { folder.remove() }

    private func read(_ relative: String) throws -> [UInt8] { try FileIO.read(folder.path + "/" + relative) }

    func testChecksFindThemAndFixFlattensThemInTheCopy() async throws {
        let set = "iMessage App Icon.stickersiconset/"
        let before = try ["store.png", "iphone.png", "ipad.png"].map { try read("Art/" + set + $0) }
        let pack = try CatalogReader().read(at: folder.path + "/Art", config: nil)
        let checked = await PackChecker(configuration: CheckConfiguration(), toolVersion: "test").check(pack)
        let found = checked.findings.filter { $0.rule == "icon_not_opaque" }
        XCTAssertEqual(found.map(\.severity), [.error, .warning], "\(found)")
        XCTAssertEqual(found.first?.message, "store.png in the App Store slot \(store.label) has an alpha channel (rgba) and "
                       + "4,097 transparent pixels; App Store Connect refuses it (ITMS-90717)")
        XCTAssertEqual(found.last?.message, "iphone.png has 1,200 transparent pixels (\(iphone.label)); they show as black on the device")

        let outcome = try await PackFixer(configuration: CheckConfiguration(), settings: FixSettings(), toolVersion: "test")
            .fix(pack, explicitConfig: nil, into: folder.path + "/Fixed")
        XCTAssertEqual(outcome.problems, [])
        XCTAssertEqual(outcome.report.fixes?.filter { $0.action == "flatten_icon" }.map(\.details), [
            set + "iphone.png: 1,200 transparent pixels flattened onto #FFFFFF; tRNS removed; written as 8-bit RGB with an sRGB chunk",
            set + "store.png: 4,097 transparent pixels flattened onto #FFFFFF; alpha-channel removed; written as 8-bit RGB with an sRGB chunk",
        ])
        XCTAssertFalse(outcome.report.findings.contains { $0.rule.hasPrefix("icon_not") }, "\(outcome.report.findings)")
        for name in ["store.png", "iphone.png"] {
            let bytes = try read("Fixed/" + set + name)
            let chunks = PNGChunkList(bytes)
            XCTAssertEqual(chunks.header?.colorType, 2, name)
            XCTAssertFalse(chunks.types.contains("tRNS"), name)
            XCTAssertTrue(chunks.types.contains("sRGB"), name)
            XCTAssertEqual(try ImageDecoder().decode(bytes).frames[0].image.transparentPixelCount, 0, name)
        }
        let flat = try ImageDecoder().decode(try read("Fixed/" + set + "store.png")).frames[0].image
        XCTAssertEqual(flat[0, 0], RGBA(255, 255, 255))
        XCTAssertEqual(flat[100, 100], RGBA(100, 100, 200))
        // rgba(244, 244, 200, 100) over white: (244 x 100 + 255 x 155 + 127) / 255 = 251.
        XCTAssertEqual(flat[500, 500], RGBA(251, 251, 233))
        XCTAssertEqual(try read("Fixed/" + set + "ipad.png"), before[2], "an opaque RGB icon keeps its bytes")
        XCTAssertEqual(try ["store.png", "iphone.png", "ipad.png"].map { try read("Art/" + set + $0) }, before, "sources untouched")
    }

    func testAnOffRuleIsNeitherReportedNorFixed() async throws {
        let pack = try CatalogReader().read(at: folder.path + "/Art", config: nil)
        var configuration = CheckConfiguration()
        configuration.severities["icon_not_opaque"] = .off
        let outcome = try await PackFixer(configuration: configuration, settings: FixSettings(), toolVersion: "test")
            .fix(pack, explicitConfig: nil, into: folder.path + "/Fixed")
        XCTAssertFalse(outcome.allFixes.contains { $0.action == "flatten_icon" })
        XCTAssertEqual(try read("Fixed/iMessage App Icon.stickersiconset/store.png"),
                       try read("Art/iMessage App Icon.stickersiconset/store.png"))
    }

    func testDisplayP3IconIsConvertedToSRGB() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ImageCodecTests/Fixtures/Color")
        let bytes = [UInt8](try Data(contentsOf: fixtures.appendingPathComponent("displayp3.png")))
        let truth = try JSONDecoder().decode([String: [[Int]]].self, from: Data(contentsOf: fixtures.appendingPathComponent("expected.json")))
        let facts = try ImageDecoder().decode(bytes).facts
        XCTAssertEqual(IconColorProfileCheck.reasons(facts), ["ICC profile \"ICC Profile\" is not sRGB"])
        let (png, details) = try IconFlattenFix().rewritten(bytes, file: "p3.png", background: nil, effort: .fast)
        XCTAssertEqual(details, "colours converted from the ICC profile \"ICC Profile\" to sRGB; written as 8-bit RGB with an sRGB chunk")
        let output = try ImageDecoder().decode(png)
        XCTAssertFalse(output.facts.color.hasICCProfile)
        XCTAssertTrue(output.facts.color.hasSRGBChunk)
        XCTAssertEqual(IconColorProfileCheck.reasons(output.facts), [])
        for (i, rgb) in (truth["displayp3"] ?? []).enumerated() {
            let p = output.frames[0].image[i % 7, i / 7]
            XCTAssertLessThanOrEqual(max(abs(Int(p.r) - rgb[0]), abs(Int(p.g) - rgb[1]), abs(Int(p.b) - rgb[2])), 1)
        }
    }

    func testANonPNGIconIsReportedNotRewritten() throws {
        XCTAssertThrowsError(try IconFlattenFix().rewritten(RealCodec.tinyGIF, file: "icon.gif", background: nil, effort: .fast)) {
            XCTAssertEqual("\($0)", "icon.gif: is gif, not PNG; export it as PNG")
        }
    }
}
