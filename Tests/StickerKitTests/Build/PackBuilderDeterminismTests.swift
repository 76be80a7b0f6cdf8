import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// The default build is byte-identical at any machine load: the fit's search is bounded by work,
/// not wall time (issue 19).
final class PackBuilderDeterminismTests: XCTestCase {
    /// Spins on one core until stopped.
    private final class BusyCore: @unchecked Sendable {
        private let lock = NSLock()
        private var running = true
        func start() {
            Thread.detachNewThread { [self] in
                var x = 0.0
                while lock.withLock({ running }) { for i in 0..<100_000 { x += Double(i).squareRoot() } }
                if x < 0 { print(x) }
            }
        }
        func stop() { lock.withLock { running = false } }
    }

    func testTheSameBuildTwiceOnceWithTheOtherCoreBusyIsByteIdentical() async throws {
        try RealCodec.require()
        let folder = try TemporaryFolder()
        let frames = FitFixtures.frames(count: 6, side: 48, delay: .milliseconds(100))
        for (i, f) in frames.enumerated() { try folder.write("cat/Noisy/f\(i + 1).png", try PNGEncoder().encode(f.image)) }
        let pack = StickerPack(name: "Same", root: folder.path + "/cat", kind: .folder, gridSize: .regular, stickers: [
            StickerSource(name: "Noisy", folder: "Noisy", content: .sequence(frames: (1...6).map { "Noisy/f\($0).png" },
                                                                             timing: .fps(10), repetitions: 0), accessibilityLabel: nil),
        ], iconSet: nil, problems: [])
        let lossless = try PNGEncoder().encodeAnimation(frames, loopCount: 0).count
        // A tiny work budget (0.002 work s = 16,000 pixels), so the budget is what ends the search.
        let fit = FitTarget(options: FitOptions(maxBytes: lossless * 2 / 3, lossy: true, minQuality: 0.3, minSide: 1, timeBudget: 0.002),
                            gridSize: .regular)
        func build(_ name: String) async throws -> BuildPlan {
            try await PackBuilder(options: PackBuildOptions(outputDirectory: folder.path + "/" + name, fit: fit)).prepare(pack)
        }
        let quiet = try await build("a")
        let busy = BusyCore()
        busy.start()
        let loaded = try await build("b")
        busy.stop()
        let report = try XCTUnwrap(quiet.manifest.stickers.first?.fit)
        XCTAssertFalse(report.lossless)
        XCTAssertTrue(report.timeBudgetReached, "\(report.candidates)")
        XCTAssertFalse(report.timeBudgetWallClock)
        XCTAssertEqual(quiet.files.keys.sorted(), loaded.files.keys.sorted())
        for (path, bytes) in quiet.files { XCTAssertEqual(bytes, loaded.files[path], path) }
    }
}
