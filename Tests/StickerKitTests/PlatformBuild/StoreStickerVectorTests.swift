import Foundation
import ImageCodec
import TestSupport
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// A Lottie source for Telegram becomes a .tgs, retimed like any animation.
final class StoreStickerVectorTests: XCTestCase {
    func testAStillMadeIntoALINEAnimationIsNotSaidToHavePlayedForever() throws {
        let folder = NSTemporaryDirectory() + "still-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let png = try PNGEncoder().encode(StickerArt.frame(width: 320, height: 270, phase: 3))
        try Data(png).write(to: URL(fileURLWithPath: folder + "/sun.png"))
        var builder = StoreStickerBuilder(rules: .line)
        builder.animateStills = true
        let sticker = StickerSource(name: "sun", folder: nil, content: .file("sun.png"), accessibilityLabel: nil)
        let built = try builder.build(sticker, root: folder, stem: "01", emojis: [])
        XCTAssertEqual(built.loops, 4)
        XCTAssertTrue(built.retimed.contains("plays 4 times"), "\(built.retimed)")
        XCTAssertFalse(built.retimed.contains { $0.contains("was forever") }, "\(built.retimed)")
        XCTAssertTrue(built.notes.first?.hasPrefix("a still picture made into a ") == true, "\(built.notes)")
    }

    func testLottieBecomesTGSTrimmedToThreeSeconds() throws {
        let folder = NSTemporaryDirectory() + "vector-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 8 s at 30 fps, 400x400.
        let json = #"{"v":"5.5.2","fr":30,"ip":0,"op":240,"w":400,"h":400,"layers":[]}"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/ball.json"))
        let sticker = StickerSource(name: "ball", folder: nil, content: .file("ball.json"), accessibilityLabel: nil)
        let built = try StoreStickerBuilder(rules: .telegram).build(sticker, root: folder, stem: "ball", emojis: ["⚽"])
        XCTAssertEqual([built.file, built.format.rawValue], ["ball.tgs", "tgs"])
        XCTAssertEqual([built.width, built.height, built.frames], [512, 512, 180])
        XCTAssertEqual(built.durationMs, 3000)
        XCTAssertEqual(built.retimed, ["trimmed to the first 3,000 ms of 8,000 ms", "30 fps -> 60 fps (keyframe times rescaled)"])
        XCTAssertEqual(built.scaled, "canvas 400x400 px -> 512x512 px (vector, scaled in the document)")
        // WhatsApp takes no vector format: the same source is not a .tgs there.
        XCTAssertEqual(try StoreStickerBuilder(rules: .whatsapp).vectorSticker(sticker, root: folder, stem: "ball", emojis: []).0, nil)
    }
}
