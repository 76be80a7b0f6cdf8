import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// The WebP fitter's quality search: bisection's answer in fewer encodes on the size curves lossy
/// WebP has, and never far more on curves it misjudges.
final class QualityStepperTests: XCTestCase {
    /// Runs the stepper over `size` (quality 0...100; `size(0)` known, as the fitter knows it).
    func step(_ size: (Int) -> Int, target: Int, from low: Int = 0) -> (answer: Int, probes: [Int]) {
        var known = [low: size(low)]
        var stepper = QualityStepper(low: low, high: 101, target: Double(target))
        var probes: [Int] = []
        while let q = stepper.next(known: known) {
            XCTAssertTrue(q > stepper.low && q < stepper.high, "probe \(q) outside \(stepper.low)...\(stepper.high)")
            XCTAssertNil(known[q], "quality \(q) probed twice")
            known[q] = size(q)
            probes.append(q)
            stepper.record(q, fits: size(q) <= target)
        }
        return (stepper.low, probes)
    }

    /// Bisection as the fitter did it before: the highest fitting quality, and its probe count.
    private func bisect(_ size: (Int) -> Int, target: Int, from low: Int = 0) -> (answer: Int, probes: Int) {
        var (low, high, probes) = (low, 101, 0)
        while high - low > 1 {
            let q = (low + high) / 2
            probes += 1
            if size(q) <= target { low = q } else { high = q }
        }
        return (low, probes)
    }

    /// Sizes of the 512 px, 81-frame video at method 4, alpha quality 50 (measured), log-linear between.
    private static let video: [(Int, Int)] = [(0, 494_058), (1, 528_694), (3, 558_848), (6, 593_882), (12, 672_606),
                                              (25, 882_478), (50, 1_380_526), (100, 4_200_000)]
    private func video(_ q: Int) -> Int {
        let upper = Self.video.firstIndex { $0.0 >= q }!
        if Self.video[upper].0 == q { return Self.video[upper].1 }
        let (a, b) = (Self.video[upper - 1], Self.video[upper])
        let t = Double(q - a.0) / Double(b.0 - a.0)
        return Int(exp(log(Double(a.1)) * (1 - t) + log(Double(b.1)) * t))
    }

    func testTheMeasuredVideoCurveTakesTwoProbesWhereBisectionTookSix() {
        // WhatsApp's 512,000 B limit: quality 0 fits, 1 is over.
        let (answer, probes) = step(video, target: 512_000)
        XCTAssertEqual(answer, 0)
        XCTAssertEqual(probes, [2, 1])
        XCTAssertEqual(bisect(video, target: 512_000).probes, 6)
        XCTAssertEqual(bisect(video, target: 512_000).answer, 0)
    }

    func testAFitWithinTheShareOfTheTargetEndsTheSearch() {
        // The benchmark animation's every-other-frame search at 500,000 B (method 4, measured).
        let halved = measured([(0, 452_368), (5, 471_460), (12, 485_202), (19, 495_872), (22, 499_508), (23, 501_366), (100, 900_000)])
        var known = [0: halved(0)], probes: [Int] = []
        var stepper = QualityStepper(low: 0, high: 101, target: 500_000, within: 0.01)
        while let q = stepper.next(known: known) {
            known[q] = halved(q); probes.append(q)
            stepper.record(q, fits: halved(q) <= 500_000)
        }
        XCTAssertEqual(probes, [5, 12, 19], "495,872 B leaves under 1% of the target")
        XCTAssertEqual(stepper.low, 19)
        // Without `within` it goes on to bisection's answer.
        XCTAssertEqual(step(halved, target: 500_000).answer, 22)
        XCTAssertEqual(step(halved, target: 500_000).probes, [5, 12, 19, 22, 23])
    }

    func testTheAnswerIsBisectionsOnEveryTargetOfGrowingCurves() {
        let curves: [(String, (Int) -> Int)] = [
            ("the video", video),
            ("exponential", { Int(100_000 * exp(0.02 * Double($0))) }),
            ("steep", { Int(10_000 * exp(0.09 * Double($0))) }),
            ("linear", { 200_000 + 3_000 * $0 }),
            ("flat then a jump at 90", { $0 < 90 ? 50_000 + $0 : 400_000 + $0 }),
            ("a jump at 3", { $0 < 3 ? 10_000 + $0 : 900_000 + $0 }),
            ("concave", { Int(300_000 * sqrt(Double($0 + 1))) }),
        ]
        for (name, size) in curves {
            var total = 0, totalBisection = 0
            for target in stride(from: size(0), through: size(100) + 1000, by: max(1, (size(100) - size(0)) / 97)) {
                let (answer, probes) = step(size, target: target)
                let reference = bisect(size, target: target)
                XCTAssertEqual(answer, reference.answer, "\(name), target \(target)")
                XCTAssertLessThanOrEqual(probes.count, 2 * reference.probes + 2, "\(name), target \(target): \(probes)")
                total += probes.count; totalBisection += reference.probes
            }
            // Where the log-size curve is near a straight line the interpolation lands close.
            if ["the video", "exponential", "steep"].contains(name) {
                XCTAssertLessThan(Double(total), Double(totalBisection) * 0.6, "\(name): \(total) probes against \(totalBisection)")
            }
        }
    }

    func testARangeAlreadyNarrowedNeedsNoProbe() {
        var stepper = QualityStepper(low: 40, high: 41, target: 1)
        XCTAssertNil(stepper.next(known: [40: 10, 41: 20]))
        stepper.record(40, fits: true)
        XCTAssertEqual(stepper.low, 40)
        XCTAssertEqual(stepper.high, 41)
    }

    func testStartingFromAFittingQualityAboveZero() {
        // The fitter's upward re-aim starts from the winner's quality.
        let (answer, probes) = step(video, target: 700_000, from: 12)
        XCTAssertEqual(answer, bisect(video, target: 700_000, from: 12).answer)
        XCTAssertLessThanOrEqual(probes.count, 3, "\(probes)")
    }
}

/// The deeper levers' walk over frame counts: the linear walk's answer in fewer encodes.
final class FirstFittingCountTests: XCTestCase {
    private let counts = [81, 41, 27, 21, 14, 9, 6, 3]
    private func fitter(_ limit: Int) -> EncodedFormatFitter {
        EncodedFormatFitter(options: FitOptions(maxBytes: limit, lossy: true), format: .webp)
    }
    private func candidate(_ bytes: Int) -> EncodedFormatFitter.Candidate {
        .init(label: "", bytes: [UInt8](repeating: 0, count: bytes), frames: [], framesDropped: 0)
    }

    /// Runs the search over sizes `size(count)`; the probes made, pairs flattened in order.
    private func run(_ limit: Int, from: Int = 0, over: (count: Int, bytes: Int)? = nil, budget: Int = 99,
                     size: (Int) -> Int) throws -> (EncodedFormatFitter.CountSearch, [Int]) {
        var probes: [Int] = []
        func one(_ count: Int) -> EncodedFormatFitter.Candidate? {
            guard probes.count < budget else { return nil }
            probes.append(count)
            return candidate(size(count))
        }
        let result = try fitter(limit).firstFittingCount(counts, from: from, over: over, probe: { $0.map(one) })
        return (result, probes)
    }

    func testTheSignalVideoFindsNineFramesInTwoProbesWhereTheWalkTookFour() throws {
        // Measured at alpha quality 100, quality 0: 41 frames 1,026,040 B; 9 frames 225,428 B; 14 frames 352,440 B.
        let perFrame = [41: 1_026_040, 27: 675_752, 21: 525_418, 14: 352_440, 9: 225_428, 6: 150_000, 3: 75_000]
        let (result, probes) = try run(300_000, from: 2, over: (41, 1_026_040)) { perFrame[$0]! }
        XCTAssertEqual(result, .fits(5))
        XCTAssertEqual(probes, [9, 14])
    }

    func testTheAnswerIsTheLinearWalksForEveryLimit() throws {
        let sizes: [(String, (Int) -> Int)] = [("proportional", { 10_000 * $0 }), ("a key frame and deltas", { 200_000 + 3_000 * $0 }),
                                               ("steeper than frames", { 50 * $0 * $0 })]
        for (name, size) in sizes {
            var total = 0, walked = 0
            for limit in stride(from: 1_000, through: 900_000, by: 7_919) {
                for from in 0..<counts.count {
                    let linear = counts.indices.dropFirst(from).first { size(counts[$0]) <= limit }
                    let (result, probes) = try run(limit, from: from, size: size)
                    XCTAssertEqual(result, linear.map { .fits($0) } ?? .none, "\(name), limit \(limit), from \(from)")
                    // The first count, the guess and the count above it, then bisection of what is left.
                    XCTAssertLessThanOrEqual(probes.count, 6, "\(name), limit \(limit), from \(from): \(probes)")
                    XCTAssertEqual(Set(probes).count, probes.count, "a count probed twice: \(probes)")
                    total += probes.count
                    walked += ((linear ?? counts.count - 1) - from + 1)
                }
            }
            // Fewer frames never cost less a frame (each delta spans more motion), so real sizes
            // are at most proportional to the count; there the guess saves probes.
            if name != "steeper than frames" {
                XCTAssertLessThan(total, walked, "\(name): \(total) probes against the walk's \(walked)")
            }
        }
    }

    func testASpentBudgetStopsTheSearch() throws {
        XCTAssertEqual(try run(1, budget: 2) { 10 * $0 }.0, .spent)
        XCTAssertEqual(try run(1_000_000, budget: 0) { 10 * $0 }.0, .spent)
    }
}

extension QualityStepperTests {
    /// Sizes measured at method 4 on Signal's 512 px video (300,000 B): 9 frames with exact alpha,
    /// and 41 frames at alpha quality 50; log-linear between.
    private func measured(_ points: [(Int, Int)]) -> (Int) -> Int {
        { q in
            let upper = points.firstIndex { $0.0 >= q }!
            if points[upper].0 == q { return points[upper].1 }
            let (a, b) = (points[upper - 1], points[upper])
            let t = Double(q - a.0) / Double(b.0 - a.0)
            return Int(exp(log(Double(a.1)) * (1 - t) + log(Double(b.1)) * t))
        }
    }

    func testTheIllinoisRuleCrossesOverWhereTwoProbesLandedOnOneSide() {
        let nine = measured([(0, 225_428), (14, 248_374), (27, 272_560), (39, 298_276), (40, 300_446), (41, 302_318), (100, 500_000)])
        let (answer, probes) = step(nine, target: 300_000)
        XCTAssertEqual(answer, 39)
        XCTAssertEqual(probes, [14, 41, 40, 39], "halving after 41 and 40 probed 27 first")
        let fortyOne = measured([(0, 252_164), (3, 284_434), (5, 296_840), (6, 302_526), (7, 308_350), (9, 320_582), (100, 900_000)])
        let second = step(fortyOne, target: 300_000)
        XCTAssertEqual(second.answer, 5)
        XCTAssertEqual(second.probes, [9, 7, 5, 6])
    }
}
