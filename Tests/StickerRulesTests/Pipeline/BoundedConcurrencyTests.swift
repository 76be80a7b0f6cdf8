import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class BoundedConcurrencyTests: XCTestCase {
    /// Items start in the order given; results come back in item order whatever the start order.
    func testStartOrderDoesNotChangeResultOrder() async {
        let started = StartLog()
        let results = await BoundedConcurrency.map([10, 20, 30, 40], limit: 1, order: [2, 0, 3, 1]) { item -> Int in
            await started.append(item)
            return item + 1
        }
        XCTAssertEqual(results, [11, 21, 31, 41])
        let log = await started.items
        XCTAssertEqual(log, [30, 10, 40, 20])
    }

    /// The biggest sticker (all its files' bytes) starts first; equal sizes keep pack order; a
    /// missing file counts as empty.
    func testLargestFirstOrdersByBytesOnDisk() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for (name, size) in [("a.png", 10), ("b.png", 300), ("c1.png", 200), ("c2.png", 200), ("d.png", 10)] {
            try Data(repeating: 0, count: size).write(to: root.appendingPathComponent(name))
        }
        let stickers = [
            StickerSource(name: "a", folder: nil, content: .file("a.png"), accessibilityLabel: nil),
            StickerSource(name: "b", folder: nil, content: .file("b.png"), accessibilityLabel: nil),
            StickerSource(name: "c", folder: nil, content: .sequence(frames: ["c1.png", "c2.png"], timing: .fps(12), repetitions: 0),
                          accessibilityLabel: nil),
            StickerSource(name: "d", folder: nil, content: .file("d.png"), accessibilityLabel: nil),
            StickerSource(name: "gone", folder: nil, content: .file("missing.png"), accessibilityLabel: nil),
        ]
        XCTAssertEqual(PackChecker.largestFirst(stickers, root: root.path), [2, 1, 0, 3, 4])
    }
}

private actor StartLog {
    var items: [Int] = []
    func append(_ item: Int) { items.append(item) }
}
