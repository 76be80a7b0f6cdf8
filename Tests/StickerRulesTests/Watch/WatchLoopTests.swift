import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// The slip, poll by poll with an injected clock and injected stamps (no sleeps): a 700 px
/// PNG saved over `sun.png` in steps. The check that decodes the half-written file sees the save
/// finish before it ends; its result (a finding only the half-written file produced) is dropped
/// unseen, and the next quiet check reports the real finding alone, with nothing "fixed".
final class WatchLoopTests: XCTestCase {
    private func png(_ side: Int, _ colour: RGBA) throws -> [UInt8] {
        try PNGEncoder(options: PNGEncodeOptions(effort: .fast)).encode(ExampleImage.canvas(side, side, inset: 20, content: colour))
    }

    private func stamps(sun size: Int64, modified: Int64) -> CatalogSnapshot {
        CatalogSnapshot(stamps: ["moon.png": FileStamp(size: 1, modified: 1), "sun.png": FileStamp(size: size, modified: modified)])
    }

    func testAResultDecodedFromAHalfWrittenFileIsDroppedUnseen() async throws {
        let folder = try TempFolder("watch-loop")
        defer { folder.remove() }
        try folder.write(try png(408, RGBA(40, 40, 200)), to: "moon.png")
        try folder.write(try png(408, RGBA(250, 200, 30)), to: "sun.png")
        let saved = try png(700, RGBA(250, 200, 30))
        var loop = WatchLoop(quietMilliseconds: 300)
        var decodes = 0
        var halfWritten: WatchUpdate?
        func check(_ session: inout WatchSession) async -> WatchUpdate? {
            decodes += 1
            let pack = try? CatalogReader().read(at: folder.path, config: nil)
            guard let pack else { return nil }
            return await session.refresh(pack: pack, configuration: CheckConfiguration(), toolVersion: "t")
        }

        // 0 ms: the first state is checked at once.
        let clean = stamps(sun: 900, modified: 1)
        guard case .checked(let first) = await loop.poll(clean, at: 0, check: check, snapshotAfter: { clean }) else {
            return XCTFail("the first poll must check")
        }
        XCTAssertEqual(first.report.findings.filter { $0.sticker == "sun" }.map(\.rule), ["missing_accessibility_label"])
        let unchanged = await loop.poll(clean, at: 100, check: check, snapshotAfter: { clean })
        guard case .unchanged = unchanged else { return XCTFail("\(unchanged)") }

        // 200 ms: the editor has written the first 64 bytes; the gate waits for quiet.
        try folder.write(Array(saved.prefix(64)), to: "sun.png")
        let half = stamps(sun: 64, modified: 2)
        let waiting = await loop.poll(half, at: 200, check: check, snapshotAfter: { half })
        guard case .waiting = waiting else { return XCTFail("\(waiting)") }
        // 500 ms: quiet for 300 ms, so it is decoded; the editor writes the rest meanwhile.
        let done = stamps(sun: Int64(saved.count), modified: 3)
        let dropped = await loop.poll(half, at: 500, check: { session in
            halfWritten = await check(&session)
            try? folder.write(saved, to: "sun.png")
            return halfWritten
        }, snapshotAfter: { done })
        guard case .dropped = dropped else { return XCTFail("\(dropped)") }
        // What was dropped: a finding only the half-written file produced.
        XCTAssertEqual(halfWritten?.added.filter { $0.sticker == "sun" }.map(\.message),
                       ["sun.png cannot be decoded: truncated file: no IEND chunk: the file ends at offset 64 after 3 chunks"])

        // 600 ms: the finished file is a new change; checked once quiet, at 900 ms.
        let restarted = await loop.poll(done, at: 600, check: check, snapshotAfter: { done })
        guard case .waiting = restarted else { return XCTFail("\(restarted)") }
        let early = await loop.poll(done, at: 899, check: check, snapshotAfter: { done })
        guard case .waiting = early else { return XCTFail("\(early)") }
        guard case .checked(let update) = await loop.poll(done, at: 900, check: check, snapshotAfter: { done }) else {
            return XCTFail("the quiet finished file must be checked")
        }
        XCTAssertEqual(update.reloaded, ["sun"])
        XCTAssertEqual(update.added.map(\.rule), ["dimensions_too_large"])
        XCTAssertEqual(update.added.map(\.message), ["700x700 px, larger than the maximum of 618x618 px"])
        XCTAssertEqual(update.fixed, [], "nothing the half-written file produced was ever shown, so nothing is 'fixed'")
        XCTAssertEqual(decodes, 3)
    }
}
