import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// How `check` maps the paths it is given to packs: catalogs whole, files to the stickers of their
/// nearest enclosing pack, loose files to the defaults, pre-commit's Contents.json and
/// stickerforge.yml to the sticker or pack they describe.
final class CheckTargetResolverTests: XCTestCase {
    private var fixture: CatalogFixture!
    private var resolver: CheckTargetResolver { CheckTargetResolver(workingDirectory: fixture.base) }

    override func setUpWithError() throws {
        fixture = try CatalogFixture()
        try fixture.standardCatalog("Art/Stickers.xcstickers")
        try fixture.write("Folder/stickerforge.yml", "name: Folder\n")
        try fixture.image("Folder/sun.png")
        try fixture.image("Folder/wave/wave_1.png")
        try fixture.image("Loose/a.png")
        try fixture.image("Loose/b.GIF")
        try fixture.write("App/Assets.xcassets/AppIcon.appiconset/Contents.json", "{}")
        try fixture.write("README.md", "hi")
    }

    override func tearDown() { fixture.remove() }

    func testAFileInAPackSelectsItsStickerWithThePackAsCatalog() throws {
        let plan = try resolver.resolve(["Folder/sun.png", "Folder/wave/wave_1.png"])
        XCTAssertEqual(plan.targets, [CheckTarget(catalog: "Folder", scope: .stickers(
            [fixture.path("Folder/sun.png"), fixture.path("Folder/wave/wave_1.png")]))])
        XCTAssertEqual(plan.ignored, [])
    }

    func testFilesWithoutAPackAreLooseAndGroupedByFolder() throws {
        let plan = try resolver.resolve(["Loose/a.png", "./Loose/b.GIF"])
        XCTAssertEqual(plan.targets, [CheckTarget(catalog: "Loose", scope: .looseFiles(
            [fixture.path("Loose/a.png"), fixture.path("Loose/b.GIF")]))])
    }

    func testXcodeCatalogFilesAndContentsJSON() throws {
        let pack = "Art/Stickers.xcstickers/Sticker Pack.stickerpack"
        let stickerFolder = "Wave.sticker"
        let stickerJSON = "\(pack)/\(stickerFolder)/Contents.json"
        let plan = try resolver.resolve([stickerJSON])
        XCTAssertEqual(plan.targets, [CheckTarget(catalog: "Art/Stickers.xcstickers",
                                                  scope: .stickers([fixture.path("\(pack)/\(stickerFolder)")]))])
        // The pack's own Contents.json, or the catalog's, stands for the whole pack.
        for whole in ["\(pack)/Contents.json", "Art/Stickers.xcstickers"] {
            XCTAssertEqual(try resolver.resolve([whole]).targets,
                           [CheckTarget(catalog: "Art/Stickers.xcstickers", scope: .wholePack)], whole)
        }
        // A frame of a sequence selects it; an icon is judged by the pack rules, so the pack is checked whole.
        XCTAssertEqual(try resolver.resolve(["\(pack)/Dance.stickersequence/dance_002.png"]).targets,
                       [CheckTarget(catalog: "Art/Stickers.xcstickers",
                                    scope: .stickers([fixture.path("\(pack)/Dance.stickersequence/dance_002.png")]))])
        XCTAssertEqual(try resolver.resolve(["Art/Stickers.xcstickers/iMessage App Icon.stickersiconset/icon-60x45@2x.png"])
            .targets, [CheckTarget(catalog: "Art/Stickers.xcstickers", scope: .wholePack)])
        // A pack named whole wins over its stickers named one by one.
        XCTAssertEqual(try resolver.resolve([stickerJSON, "Art/Stickers.xcstickers"]).targets,
                       [CheckTarget(catalog: "Art/Stickers.xcstickers", scope: .wholePack)])
    }

    func testStickerforgeYmlStandsForItsPack() throws {
        XCTAssertEqual(try resolver.resolve(["Folder/stickerforge.yml"]).targets,
                       [CheckTarget(catalog: "Folder", scope: .wholePack)])
    }

    func testContentsJSONOfAnAppAssetCatalogIsIgnored() throws {
        let plan = try resolver.resolve(["App/Assets.xcassets/AppIcon.appiconset/Contents.json"])
        XCTAssertEqual(plan.targets, [])
        XCTAssertEqual(plan.ignored, ["App/Assets.xcassets/AppIcon.appiconset/Contents.json"])
    }

    func testMissingAndUnsupportedPathsAreErrorsNamingThePath() {
        XCTAssertThrowsError(try resolver.resolve(["nope.png"])) {
            XCTAssertEqual($0 as? CheckTargetError, .notFound(path: "nope.png"))
            XCTAssertTrue("\($0)".hasPrefix("nope.png: no such file"))
        }
        XCTAssertThrowsError(try resolver.resolve(["README.md"])) {
            XCTAssertEqual($0 as? CheckTargetError, .notAStickerFile(path: "README.md"))
        }
    }
}
