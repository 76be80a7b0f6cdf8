@testable import StickerKit
import XCTest

/// The WebP fitter's quality search: bisection's answer in fewer encodes on the size curves lossy
/// WebP has, and never far more on curves it misjudges.
final class QualityStepperTests: XCTestCase {
    /// Runs the stepper over `size` (quality 0...100; `size(0)` known, as the fitter knows it).
    private func step(_ size: (Int) -> Int, target: Int, from low: Int = 0) -> (answer: Int, probes: [Int]) {
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
