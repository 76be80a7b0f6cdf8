import Foundation
@testable import ImageCodec
import TestSupport
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// `check` loads each sticker a frame at a time (`SubjectLoader.loadMeasured`), keeping no frame:
/// every rule must find in that subject exactly what it finds in the subject with the decoded image.
final class MeasuredSubjectTests: XCTestCase {
    private let clean = EdgeExamples.featheredDisc(matte: nil, side: 96)
    private let matted = EdgeExamples.featheredDisc(matte: RGBA(0, 0, 0), side: 96)

    /// A folder pack of every kind of sticker the loaders treat apart.
    private func makePack(_ folder: TempFolder) throws -> StickerPack {
        let encoder = PNGEncoder(options: PNGEncodeOptions(effort: .fast))
        try folder.write(try encoder.encode(matted), to: "Matted.png")
        // 20 frames, the matte only on the last four: `edge_halo` reads 16 evenly spaced frames
        // (0, 1, 2, 3, 5, ... 18), three of them matted; the first 16 would hold none.
        // One opaque pixel of the artwork marks each frame, so that no two neighbours are merged.
        let frames = (0..<20).map { index -> AnimationFrame in
            var image = index < 16 ? clean : matted
            image[48, 48] = RGBA(UInt8(index * 10), 90, 90)
            return AnimationFrame(image: image, delay: .fps(20))
        }
        try folder.write(try encoder.encodeAnimation(frames, loopCount: 2), to: "Late matte.png")
        // Identical neighbours (LINE's frame_count merges them) and a frame without transparency.
        let opaque = PixelBuffer(width: 96, height: 96, fill: RGBA(10, 200, 90))
        for (index, image) in [clean, clean, opaque, clean].enumerated() {
            try folder.write(try encoder.encode(image), to: "Held/frame_\(index).png")
        }
        let palette = [RGBA(0, 0, 255), RGBA(255, 0, 0), RGBA(0, 0, 0)]
        try folder.write(GIFFixtureEncoder(width: 96, height: 96, globalPalette: palette, frames: [
            GIFFixtureFrame(width: 96, height: 96, indices: (0..<(96 * 96)).map { UInt8($0 % 3) }, disposal: 2, transparentIndex: 2),
            GIFFixtureFrame(left: 8, top: 8, width: 40, height: 40, indices: [UInt8](repeating: 1, count: 1600)),
        ]).encode(), to: "Blink.gif")
        for index in 0..<3 {
            try folder.write(try encoder.encode(index == 1 ? matted : clean), to: "Wave/frame_\(index).png")
            try folder.write(try encoder.encode(index == 2 ? PixelBuffer(width: 90, height: 96, fill: .clear) : clean),
                             to: "Odd/frame_\(index).png")
        }
        try folder.write([UInt8](try encoder.encode(clean).prefix(200)), to: "Cut.png")
        return try CatalogReader().read(at: folder.path, config: nil)
    }

    private func assertSameJudgement(_ pack: StickerPack, _ configuration: CheckConfiguration,
                                     file: StaticString = #filePath, line: UInt = #line) {
        let context = CheckContext(configuration: configuration, gridSize: .regular)
        let loader = SubjectLoader(limits: .default, vectorBox: context.gridSize.maxPixels)
        for source in pack.stickers {
            let loaded = loader.load(source, root: pack.root)
            let measured = loader.loadMeasured(source, root: pack.root)
            let name = "\(source.name), \(configuration.platform.name)"
            XCTAssertNil(measured.image, name, file: file, line: line)
            XCTAssertEqual(measured.decoded, loaded.decoded, name, file: file, line: line)
            XCTAssertEqual(measured.alphaScans, loaded.alphaScans, name, file: file, line: line)
            XCTAssertEqual(measured.haloMeasure, loaded.haloMeasure, name, file: file, line: line)
            XCTAssertEqual(measured.files, loaded.files, name, file: file, line: line)
            XCTAssertEqual(measured.failures, loaded.failures, name, file: file, line: line)
            XCTAssertEqual(ReportBuilder.facts(of: measured), ReportBuilder.facts(of: loaded), name, file: file, line: line)
            XCTAssertEqual(PixelDigest(measured), PixelDigest(loaded), name, file: file, line: line)
            XCTAssertEqual(PackChecker.findings(for: measured, context: context),
                           PackChecker.findings(for: loaded, context: context), name, file: file, line: line)
        }
    }

    func testEveryRuleJudgesTheMeasuredSubjectAsTheLoadedOne() throws {
        let folder = try TempFolder("measured")
        defer { folder.remove() }
        let pack = try makePack(folder)
        XCTAssertEqual(pack.stickers.map(\.name).sorted(), ["Blink", "Cut", "Held", "Late matte", "Matted", "Odd", "Wave"])
        for platform in [PlatformRules.imessage, .line, .telegram] {
            var configuration = CheckConfiguration()
            configuration.platform = platform
            assertSameJudgement(pack, configuration)
        }
        // The cases the comparison rests on.
        let context = CheckContext(gridSize: .regular)
        let loader = SubjectLoader()
        let late = loader.loadMeasured(try XCTUnwrap(pack.stickers.first { $0.name == "Late matte" }), root: pack.root)
        XCTAssertEqual(late.decoded?.frameCount, 20)
        XCTAssertGreaterThan(late.haloMeasure.darker, 0, "the matted frames 16 and up are read")
        XCTAssertEqual(PackChecker.findings(for: late, context: context).filter { $0.rule == "edge_halo" }.count, 1)
        var line = CheckConfiguration()
        line.platform = .line
        let held = loader.loadMeasured(try XCTUnwrap(pack.stickers.first { $0.name == "Held" }), root: pack.root)
        XCTAssertEqual(PackChecker.findings(for: held, context: CheckContext(configuration: line, gridSize: .regular))
            .first { $0.rule == "frame_count" }?.message,
                       "3 frames (4 before merging identical neighbours); LINE takes 5 to 20")
        let odd = loader.loadMeasured(try XCTUnwrap(pack.stickers.first { $0.name == "Odd" }), root: pack.root)
        XCTAssertNil(odd.decoded)
        XCTAssertEqual(odd.alphaScans, [])
        let wave = loader.loadMeasured(try XCTUnwrap(pack.stickers.first { $0.name == "Wave" }), root: pack.root)
        XCTAssertEqual(wave.alphaScans.count, 3)
        XCTAssertGreaterThan(wave.haloMeasure.darker, 0, "a sequence's frame files are measured as its frames")
    }

    func testTheHaloIsNotMeasuredWhenTheRuleIsOff() throws {
        let folder = try TempFolder("measured-off")
        defer { folder.remove() }
        try folder.write(try PNGEncoder().encode(matted), to: "Matted.png")
        let pack = try CatalogReader().read(at: folder.path, config: nil)
        let subject = SubjectLoader().loadMeasured(pack.stickers[0], root: pack.root, measuresHalo: false)
        XCTAssertEqual(subject.haloMeasure, HaloMeasure())
        XCTAssertEqual(subject.alphaScans.count, 1)
        var configuration = CheckConfiguration()
        configuration.severities["edge_halo"] = .off
        XCTAssertFalse(PackChecker.measuresHalo(RuleRegistry.stickerChecks,
                                                context: CheckContext(configuration: configuration, gridSize: .regular)))
        XCTAssertTrue(PackChecker.measuresHalo(RuleRegistry.stickerChecks, context: CheckContext(gridSize: .regular)))
        XCTAssertFalse(PackChecker.measuresHalo([NotSquareCheck()], context: CheckContext(gridSize: .regular)))
    }

    /// A WebM frame decoded but never shown is not lent, so fewer frames may come than announced:
    /// the frames measured are then not the ones `HaloMeasure.of` reads, and the measurer says so.
    func testFewerFramesThanExpectedLeaveTheHaloToTheWholeImage() {
        var measurer = FrameMeasurer(measuresHalo: true)
        for _ in 0..<19 {
            matted.pixels.withUnsafeBufferPointer { measurer.add($0, width: 96, height: 96, expected: 20) }
        }
        XCTAssertNil(measurer.haloMeasure)
        XCTAssertEqual(measurer.scans.count, 19)
        matted.pixels.withUnsafeBufferPointer { measurer.add($0, width: 96, height: 96, expected: 20) }
        XCTAssertEqual(measurer.haloMeasure, HaloMeasure.of(ExampleImage.animation(Array(repeating: matted, count: 20))))
        XCTAssertNil(FrameMeasurer(measuresHalo: false).haloMeasure)
    }

    /// One helper for a batch: a loader's decodes (and a codec's) share their Lottie helpers, so a
    /// pack of TGS stickers does not start a helper per sticker.
    func testLottieStickersOfABatchShareOneHelper() throws {
        let tgs = [UInt8](try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ImageCodecTests/Fixtures/Lottie/shapes.tgs")))
        let folder = try TempFolder("measured-lottie")
        defer { folder.remove() }
        for name in ["a", "b", "c"] { try folder.write(tgs, to: "\(name).tgs") }
        let pack = try CatalogReader().read(at: folder.path, config: nil)
        let loader = SubjectLoader(vectorBox: 300)
        for source in pack.stickers {
            XCTAssertEqual(loader.loadMeasured(source, root: pack.root).decoded?.width, 300, source.name)
            XCTAssertEqual(loader.lottieRenderers.idleCount, 1, "\(source.name): the one helper waits for the next")
        }
        let codec = DefaultStickerCodec()
        for _ in 0..<2 { _ = try codec.decode(tgs, options: DecodeOptions(fitBox: 64)) }
        XCTAssertEqual(codec.lottieRenderers.idleCount, 1)
    }
}
