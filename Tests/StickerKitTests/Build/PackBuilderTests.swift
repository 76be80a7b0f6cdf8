import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class PackBuilderTests: XCTestCase {
    private let packDir = "Stickers.xcstickers/Party.stickerpack"

    func testLayoutContentsAndFindings() async throws {
        let fx = try PackFixture()
        let plan = try await fx.build()
        let files = try fx.folder.files(under: "build")
        XCTAssertEqual(files, [
            ".stickerforge-build.json", "Stickers.xcstickers/Contents.json",
            "Stickers.xcstickers/Party.stickerpack/Big.sticker/Big.png",
            "Stickers.xcstickers/Party.stickerpack/Big.sticker/Contents.json",
            "Stickers.xcstickers/Party.stickerpack/Contents.json",
            "Stickers.xcstickers/Party.stickerpack/Dance.sticker/Contents.json",
            "Stickers.xcstickers/Party.stickerpack/Dance.sticker/Dance.png",
            "Stickers.xcstickers/Party.stickerpack/Gif.sticker/Contents.json",
            "Stickers.xcstickers/Party.stickerpack/Gif.sticker/Gif.gif",
            "Stickers.xcstickers/Party.stickerpack/Tiny.sticker/Contents.json",
            "Stickers.xcstickers/Party.stickerpack/Tiny.sticker/Tiny.png",
            "Stickers.xcstickers/Party.stickerpack/Wave.sticker/Contents.json",
            "Stickers.xcstickers/Party.stickerpack/Wave.sticker/Wave.png",
            "Stickers.xcstickers/iMessage App Icon.stickersiconset/Contents.json",
            "manifest.json",
        ])
        XCTAssertEqual(String(decoding: try fx.folder.read("build/\(packDir)/Contents.json"), as: UTF8.self),
                       XcodeJSONWriter.render(XcodeContents.pack(gridSize: .regular, stickerFolders:
                           ["Wave.sticker", "Tiny.sticker", "Gif.sticker", "Dance.sticker", "Big.sticker"])))
        XCTAssertEqual(String(decoding: try fx.folder.read("build/\(packDir)/Wave.sticker/Contents.json"), as: UTF8.self), """
        {
          "info" : {
            "author" : "xcode",
            "version" : 1
          },
          "properties" : {
            "accessibility-label" : "Waving hand",
            "filename" : "Wave.png"
          }
        }

        """)
        XCTAssertEqual(String(decoding: try fx.folder.read("build/Stickers.xcstickers/Contents.json"), as: UTF8.self),
                       "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n")
        // Re-encoding shrank Wave; Tiny's re-encoding was no smaller, so its original bytes stay.
        XCTAssertEqual(try fx.folder.read("build/\(packDir)/Wave.sticker/Wave.png").count, 93)
        XCTAssertEqual(try fx.folder.read("build/\(packDir)/Tiny.sticker/Tiny.png"), try fx.folder.read("cat/Tiny.sticker/tiny.png"))
        XCTAssertEqual(try fx.folder.read("build/\(packDir)/Gif.sticker/Gif.gif"), try fx.folder.read("cat/Gif.sticker/g.gif"))

        // Sticker findings in pack order (Big comes before Broken), then pack-level ones.
        XCTAssertEqual(plan.findings.map(\.rule), ["file_too_large", "build_failed", "icon_slot_missing"])
        let failed = plan.findings[1]
        XCTAssertEqual(failed.sticker, "Broken"); XCTAssertEqual(failed.severity, .error)
        XCTAssertEqual(failed.message, "could not build: Broken.sticker/broken.png: "
                       + "not a PNG, APNG, GIF, JPEG, WebP, WebM, Lottie JSON or TGS file (unrecognised bytes)")
        let large = plan.findings[0]
        XCTAssertEqual(large.sticker, "Big"); XCTAssertEqual(large.severity, .error); XCTAssertEqual(large.file, "Big.sticker")
        XCTAssertEqual(large.message, "built file is 1,629 bytes, limit 1,000 bytes (629 over)")
        let icons = plan.findings[2]
        XCTAssertEqual(icons.severity, .warning)
        XCTAssertTrue(icons.message.hasPrefix("13 of 13 icon slots have no image: iphone 29x29@2x (58x58 px), "), icons.message)
        let iconSet = try JSONSerialization.jsonObject(with: Data(try fx.folder.read("build/Stickers.xcstickers/iMessage App Icon.stickersiconset/Contents.json"))) as? [String: Any]
        let images = iconSet?["images"] as? [[String: String]] ?? []
        XCTAssertEqual(images.count, 13)
        XCTAssertTrue(images.allSatisfy { $0["filename"] == nil })
    }

    func testManifestFactsMatchTheFiles() async throws {
        let fx = try PackFixture()
        try await fx.build()
        let data = try fx.folder.read("build/manifest.json")
        let manifest = try JSONDecoder().decode(BuildManifest.self, from: Data(data))
        XCTAssertEqual(manifest.pack, ManifestPack(name: "Party", gridSize: .regular, count: 5))
        XCTAssertEqual(manifest.stickers.map(\.name), ["Wave", "Tiny", "Gif", "Dance", "Big"])
        for entry in manifest.stickers {
            let path = fx.out + "/" + entry.file
            let bytes = try fx.folder.read("build/" + entry.file)
            XCTAssertEqual(entry.bytes, bytes.count, entry.name)
            XCTAssertEqual(entry.sha256, try externalSHA256(path), entry.name)
            XCTAssertEqual(entry.sha256.count, 64)
        }
        let byName = Dictionary(uniqueKeysWithValues: manifest.stickers.map { ($0.name, $0) })
        XCTAssertEqual(byName["Gif"], ManifestSticker(
            name: "Gif", file: "\(packDir)/Gif.sticker/Gif.gif", format: "gif", width: 3, height: 3, frames: 2,
            durationMs: 540, loops: 1, bytes: 109, sha256: byName["Gif"]?.sha256 ?? "", accessibilityLabel: nil,
            sources: ["Gif.sticker/g.gif"]))
        let dance = try XCTUnwrap(byName["Dance"])
        XCTAssertEqual([dance.format, "\(dance.frames)", "\(dance.durationMs)", "\(dance.loops)", "\(dance.width)"],
                       ["apng", "3", "300.0", "0", "5"])
        XCTAssertEqual(dance.sources, ["Dance/f1.png", "Dance/f2.png", "Dance/f3.png"])
        XCTAssertEqual(byName["Wave"]?.format, "png")
        // The contract: sorted keys, explicit null label, no timestamps.
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(text.contains("\"accessibilityLabel\" : null"), text)
        let gifBlock = try XCTUnwrap(text.range(of: "\"accessibilityLabel\" : null,\n      \"bytes\" : 109,\n      \"durationMs\" : 540,\n      \"file\" : \"\(packDir)/Gif.sticker/Gif.gif\",\n      \"format\" : \"gif\",\n      \"frames\" : 2,\n      \"height\" : 3,\n      \"loops\" : 1,\n      \"name\" : \"Gif\",\n      \"sha256\" : "))
        XCTAssertFalse(gifBlock.isEmpty)
        XCTAssertTrue(text.hasPrefix("{\n  \"pack\" : {\n    \"count\" : 5,\n    \"gridSize\" : \"regular\",\n    \"name\" : \"Party\"\n  },"), text)
    }

    func testBuildsAreByteIdenticalAndRebuildsReuseUnchangedStickers() async throws {
        let fx = try PackFixture()
        let first = try await fx.build(icon: true)
        XCTAssertEqual(first.reusedCount, 0); XCTAssertEqual(first.builtCount, 5); XCTAssertFalse(first.iconsReused)
        let elsewhere = fx.folder.path + "/other"
        try await fx.build(elsewhere, icon: true)
        let a = try fx.snapshot("build"), b = try fx.snapshot("other")
        XCTAssertEqual(a.keys.sorted(), b.keys.sorted())
        XCTAssertEqual(a, b)

        let again = try await fx.build(icon: true)
        XCTAssertEqual(again.reusedCount, 5); XCTAssertEqual(again.builtCount, 0); XCTAssertTrue(again.iconsReused)
        XCTAssertEqual(try fx.snapshot("build"), a)

        try fx.folder.write("cat/Dance/f2.png", FakeStickerCodec.still(width: 5, height: 5, fill: RGBA(9, 9, 9)))
        let changed = try await fx.build(icon: true)
        XCTAssertEqual(changed.reusedCount, 4); XCTAssertEqual(changed.builtCount, 1)
        let fresh = try await fx.build(fx.folder.path + "/fresh", icon: true)
        XCTAssertEqual(fresh.reusedCount, 0)
        XCTAssertEqual(try fx.snapshot("build"), try fx.snapshot("fresh"))

        // A reused file that was altered on disk is rebuilt, not trusted.
        try fx.folder.write("build/\(packDir)/Wave.sticker/Wave.png", [1, 2, 3])
        let repaired = try await fx.build(icon: true)
        XCTAssertEqual(repaired.reusedCount, 4)
        XCTAssertEqual(try fx.snapshot("build"), try fx.snapshot("fresh"))
    }

    func testAllThirteenIconsHaveTheirExactPixelSizes() async throws {
        let fx = try PackFixture()
        let plan = try await fx.build(icon: true)
        XCTAssertFalse(plan.findings.contains { $0.rule == "icon_slot_missing" })
        let codec = FakeStickerCodec()
        let setDir = "build/Stickers.xcstickers/iMessage App Icon.stickersiconset"
        for slot in IconSlot.all {
            let icon = try codec.decode(try fx.folder.read("\(setDir)/\(PackBuilder.iconFileName(slot))"))
            XCTAssertEqual([icon.width, icon.height], [slot.pixelWidth, slot.pixelHeight], "\(slot)")
            // 40x30 art letterboxed: the centre is the art's colour; bars (if any) take the art's opaque border colour.
            XCTAssertEqual(icon.frames[0].image[slot.pixelWidth / 2, slot.pixelHeight / 2], RGBA(0, 200, 0))
        }
        let marketing = try codec.decode(try fx.folder.read("\(setDir)/icon-ios-marketing-1024x1024@1x.png")).frames[0].image
        XCTAssertEqual(marketing.transparentPixelCount, 0, "App Store icons are opaque")
        XCTAssertEqual(marketing[512, 0], RGBA(0, 200, 0)); XCTAssertEqual(marketing[512, 895], RGBA(0, 200, 0))
        let contents = String(decoding: try fx.folder.read("\(setDir)/Contents.json"), as: UTF8.self)
        XCTAssertEqual(contents.components(separatedBy: "\"filename\" : \"icon-").count - 1, 13)
    }

    func testKeptSequencesBecomeStickerSequenceFolders() async throws {
        let fx = try PackFixture()
        try await fx.build(keepSequences: true)
        let dir = "build/\(packDir)/Dance.stickersequence"
        XCTAssertEqual(try fx.folder.files(under: dir), ["Contents.json", "f1.png", "f2.png", "f3.png"])
        XCTAssertEqual(try fx.folder.read("\(dir)/f2.png"), try fx.folder.read("cat/Dance/f2.png"))
        XCTAssertEqual(String(decoding: try fx.folder.read("\(dir)/Contents.json"), as: UTF8.self), """
        {
          "frames" : [
            {
              "filename" : "f1.png"
            },
            {
              "filename" : "f2.png"
            },
            {
              "filename" : "f3.png"
            }
          ],
          "info" : {
            "author" : "xcode",
            "version" : 1
          },
          "properties" : {
            "accessibility-label" : "Dancing",
            "duration" : 10,
            "duration-type" : "fps",
            "repetitions" : 0
          }
        }

        """)
        let manifest = try JSONDecoder().decode(BuildManifest.self, from: Data(try fx.folder.read("build/manifest.json")))
        let dance = try XCTUnwrap(manifest.stickers.first { $0.name == "Dance" })
        XCTAssertEqual(dance.file, "\(packDir)/Dance.stickersequence")
        XCTAssertEqual(dance.format, "stickersequence")
        let frames = try (1...3).flatMap { try fx.folder.read("cat/Dance/f\($0).png") }
        XCTAssertEqual(dance.bytes, frames.count)
        XCTAssertEqual(dance.sha256, Digest.hex(frames))
    }

    func testRenamingThePackReusesNothingAtTheOldPaths() async throws {
        let fx = try PackFixture()
        try await fx.build()
        var renamed = fx.pack
        renamed.name = "Fiesta"
        let builder = fx.builder()
        let plan = try await builder.prepare(renamed)
        XCTAssertEqual(plan.reusedCount, 0)
        XCTAssertTrue(plan.files.keys.filter { $0.contains(".sticker/") }.allSatisfy { $0.hasPrefix("Stickers.xcstickers/Fiesta.stickerpack/") })
    }

}
