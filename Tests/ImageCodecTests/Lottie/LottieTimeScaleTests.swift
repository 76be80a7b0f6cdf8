@testable import ImageCodec
import XCTest

/// The TGS rewrite to 60 fps changes exactly the times of the Lottie schema and no other number:
/// never a gradient's type `t` (issue 42: 24 fps -> 60 fps made a linear gradient's 1 a 2.5, and
/// rlottie loaded no frame), a text document, a repeater or time-remapped seconds.
final class LottieTimeScaleTests: XCTestCase {
    /// Every number in `value` by its path ("layers.0.ks.p.k.1.t").
    private func numbers(_ value: LottieJSON, _ path: String = "") -> [String: Double] {
        func joined(_ key: String) -> String { path.isEmpty ? key : path + "." + key }
        switch value {
        case .number: return [path: value.double ?? .nan]
        case .array(let items):
            return items.enumerated().reduce(into: [:]) { all, item in all.merge(numbers(item.element, joined("\(item.offset)"))) { a, _ in a } }
        case .object(let members):
            return members.reduce(into: [:]) { all, member in all.merge(numbers(member.value, joined(member.key))) { a, _ in a } }
        default: return [:]
        }
    }

    /// The numbers that differ after the rewrite, with their new values; no number added or removed.
    private func changes(factor: Double, speed: Double) throws -> [String: Double] {
        let source = try LottieJSON.parse(try LottieFixture.bytes("timed-properties.json"))
        let before = numbers(source), after = numbers(LottieTimeScale.scaled(source, by: factor, speed: speed))
        XCTAssertEqual(Set(before.keys), Set(after.keys))
        return after.filter { before[$0.key] != $0.value }
    }

    /// The times of the fixture that are not 0, by path, in 24 fps frames.
    private let times: [String: Double] = [
        "op": 48, "markers.0.tm": 12, "markers.0.dr": 24,
        // The precomp's layer, its last keyframe a bare time (old Bodymovin style).
        "assets.0.layers.0.op": 48, "assets.0.layers.0.ks.o.k.1.t": 24,
        // Gradients: the layer's start and position keys, the linear gradient's colour keys, the repeater's copies.
        "layers.0.op": 48, "layers.0.st": 2, "layers.0.ks.p.k.0.t": 4, "layers.0.ks.p.k.1.t": 20,
        "layers.0.shapes.0.it.1.g.k.k.1.t": 12, "layers.0.shapes.0.it.4.c.k.1.t": 24,
        // Text: the document's keyframes and the animator's tracking keys (not its text, size or `tr`).
        "layers.1.op": 48, "layers.1.t.d.k.1.t": 30, "layers.1.t.a.0.a.t.k.0.t": 6, "layers.1.t.a.0.a.t.k.1.t": 18,
        // The time-remapped precomp layer: its keyframe times (frames), not its values (seconds).
        "layers.2.op": 48, "layers.2.tm.k.1.t": 48,
    ]

    func testA24FPSDocumentAt60FPSChangesOnlyItsTimes() throws {
        let changed = try changes(factor: 2.5, speed: 1)
        XCTAssertEqual(changed, times.mapValues { $0 * 2.5 })
        // Spelled out: what issue 42 broke stays as it was.
        XCTAssertNil(changed["layers.0.shapes.0.it.1.t"], "linear gradient type 1")
        XCTAssertNil(changed["layers.0.shapes.0.it.2.t"], "radial gradient type 2")
        XCTAssertNil(changed["layers.0.shapes.0.it.3.t"], "gradient stroke type 2")
        XCTAssertNil(changed["layers.2.tm.k.1.s.0"], "1.5 s of the precomp")
    }

    func testASpeedUpDividesTimeRemappedSeconds() throws {
        // 24 fps played twice as fast at 60 fps: every frame time x1.25; the remap's 1.5 s of
        // the precomp is reached at half the time, so it maps to 0.75 s of the (also doubled) precomp.
        let changed = try changes(factor: 60.0 / 24 / 2, speed: 2)
        XCTAssertEqual(changed, times.mapValues { $0 * 1.25 }.merging(["layers.2.tm.k.1.s.0": 0.75]) { a, _ in a })
    }

    func testTheWrittenTGSKeepsGradientTypes() throws {
        let written = try TGSWriter().write(try LottieFixture.bytes("timed-properties.json"), format: .lottie)
        let root = try LottieJSON.parse(try LottieDecoder().validated(written.bytes, format: .tgs).json)
        let items = try XCTUnwrap(root["layers"]?.elements?.first?["shapes"]?.elements?.first?["it"]?.elements)
        XCTAssertEqual(items.map { $0["t"]?.double }, [nil, 1, 2, 2, nil, nil])
        XCTAssertEqual([root["fr"]?.double, root["op"]?.double, Double(written.frames)], [60, 120, 120])
    }
}
