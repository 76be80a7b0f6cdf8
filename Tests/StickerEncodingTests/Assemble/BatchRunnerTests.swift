import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class BatchRunnerTests: XCTestCase {
    private struct Boom: Error, Equatable { let item: Int }

    private final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var reports: [BatchProgress] = []
        private var running = 0
        private(set) var peak = 0
        func record(_ p: BatchProgress) { lock.lock(); reports.append(p); lock.unlock() }
        func enter() { lock.lock(); running += 1; peak = max(peak, running); lock.unlock() }
        func leave() { lock.lock(); running -= 1; lock.unlock() }
        var all: [BatchProgress] { lock.lock(); defer { lock.unlock() }; return reports }
    }

    func testOneFailureNeverStopsTheOthersAndOrderIsKept() async {
        let recorder = Recorder()
        let items = Array(0..<9)
        let results = await BatchRunner(maxConcurrency: 3).run(items, label: { "item \($0)" }, progress: { recorder.record($0) }) { n -> Int in
            recorder.enter(); defer { recorder.leave() }
            // Later items finish first, so order must come from the runner, not from completion.
            try await Task.sleep(nanoseconds: UInt64(9 - n) * 2_000_000)
            if n == 4 { throw Boom(item: n) }
            return n * n
        }
        XCTAssertEqual(results.count, 9)
        for (n, result) in results.enumerated() {
            switch result {
            case .success(let v): XCTAssertNotEqual(n, 4); XCTAssertEqual(v, n * n)
            case .failure(let e): XCTAssertEqual(n, 4); XCTAssertEqual(e as? Boom, Boom(item: 4))
            }
        }
        let reports = recorder.all
        XCTAssertEqual(reports.map(\.completed), Array(1...9))
        XCTAssertTrue(reports.allSatisfy { $0.total == 9 })
        XCTAssertEqual(Set(reports.map(\.item)), Set(items.map { "item \($0)" }))
        XCTAssertLessThanOrEqual(recorder.peak, 3)
    }

    func testEmptyBatchAndMinimumConcurrency() async {
        let results = await BatchRunner(maxConcurrency: 0).run([Int]()) { $0 }
        XCTAssertTrue(results.isEmpty)
        XCTAssertEqual(BatchRunner(maxConcurrency: 0).maxConcurrency, 1)
    }
}
