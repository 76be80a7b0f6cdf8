import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// A half-written save, polled every 100 ms with an injected clock: the gate opens only once the
/// file has kept its size and time for the quiet period, never on a state in between.
final class QuietPeriodGateTests: XCTestCase {
    private func snapshot(size: Int64, modified: Int64) -> CatalogSnapshot {
        CatalogSnapshot(stamps: ["sun.png": FileStamp(size: size, modified: modified)])
    }

    func testOpensOnlyAfterTheFileIsQuiet() {
        var gate = QuietPeriodGate(quietMilliseconds: 300)
        // An editor truncates, writes in two steps, then leaves the file alone.
        let polls: [(Int, CatalogSnapshot, Bool)] = [
            (0, snapshot(size: 0, modified: 1), false),
            (100, snapshot(size: 8192, modified: 2), false),
            (200, snapshot(size: 8192, modified: 2), false),
            (300, snapshot(size: 61_440, modified: 3), false),
            (400, snapshot(size: 61_440, modified: 3), false),
            (500, snapshot(size: 61_440, modified: 3), false),
            (600, snapshot(size: 61_440, modified: 3), true),
            (700, snapshot(size: 61_440, modified: 3), true),
        ]
        for (time, shot, open) in polls {
            XCTAssertEqual(gate.isQuiet(shot, at: time), open, "at \(time) ms")
        }
    }

    func testAnyChangeRestartsThePeriodAndZeroChecksAtOnce() {
        var gate = QuietPeriodGate(quietMilliseconds: 300)
        XCTAssertFalse(gate.isQuiet(snapshot(size: 1, modified: 1), at: 0))
        XCTAssertFalse(gate.isQuiet(snapshot(size: 1, modified: 2), at: 299))   // only the time moved
        XCTAssertFalse(gate.isQuiet(snapshot(size: 1, modified: 2), at: 598))
        XCTAssertTrue(gate.isQuiet(snapshot(size: 1, modified: 2), at: 599))
        var eager = QuietPeriodGate(quietMilliseconds: 0)
        XCTAssertTrue(eager.isQuiet(snapshot(size: 1, modified: 1), at: 0))
    }
}
