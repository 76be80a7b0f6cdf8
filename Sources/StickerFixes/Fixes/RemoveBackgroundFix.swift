import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// `no_transparency` (opt-in, `--remove-background`): when the border is a near-uniform colour,
/// flood-fills it from the border into transparency with a soft edge: pixels within 24 levels of
/// the background become transparent, pixels within 24-64 levels next to them partly transparent,
/// their colour un-mixed from the background as from a matte. Guesswork: off by default.
public struct RemoveBackgroundFix: StickerFix {
    /// A fix.
    public init() {}

    public static let description = FixDescription(
        rules: ["no_transparency"], action: "remove_background",
        summary: "Flood-fills a near-uniform border colour into transparency with a soft edge.", optIn: "--remove-background")

    /// Levels (largest channel difference) within which a pixel is background.
    static let hard = 24.0
    /// Levels up to which a pixel next to the background becomes partly transparent.
    static let soft = 64.0

    public func apply(to work: inout FixWork, context: FixContext) throws -> FixRecord? {
        guard context.settings.removeBackground, context.finds(NoTransparencyCheck(), in: work),
              let background = Self.borderColour(work.image.frames[0].image) else { return nil }
        var cleared = 0
        work.replacePixels { frame in
            let (out, count) = Self.removed(background, from: frame)
            cleared += count
            return out
        }
        let c = background.rounded(.toNearestOrAwayFromZero)
        return FixRecord(rule: "no_transparency", action: Self.description.action,
                         details: "background rgb(\(Int(c.x)), \(Int(c.y)), \(Int(c.z))) flood-filled from the border: "
                             + "\(NumberText.count(cleared, "pixel")) made transparent or soft; check the edge, this is a guess")
    }

    /// The border's median colour when at least 95% of the border lies within `hard` of it.
    static func borderColour(_ b: PixelBuffer) -> SIMD3<Double>? {
        guard b.width > 2, b.height > 2 else { return nil }
        var border: [SIMD3<Double>] = []
        for x in 0..<b.width { border.append(colour(b[x, 0])); border.append(colour(b[x, b.height - 1])) }
        for y in 1..<(b.height - 1) { border.append(colour(b[0, y])); border.append(colour(b[b.width - 1, y])) }
        var median = SIMD3<Double>(repeating: 0)
        for c in 0..<3 { median[c] = border.map { $0[c] }.sorted()[border.count / 2] }
        let near = border.filter { EdgeMatteModel.maxDifference($0, median) <= hard }.count
        return Double(near) >= 0.95 * Double(border.count) ? median : nil
    }

    static func removed(_ background: SIMD3<Double>, from buffer: PixelBuffer) -> (PixelBuffer, Int) {
        let w = buffer.width, h = buffer.height
        var out = buffer
        var visited = [Bool](repeating: false, count: w * h)
        var stack: [Int] = []
        for x in 0..<w { stack.append(x); stack.append((h - 1) * w + x) }
        for y in 0..<h { stack.append(y * w); stack.append(y * w + w - 1) }
        var count = 0
        while let i = stack.popLast() {
            guard !visited[i] else { continue }
            visited[i] = true
            let p = buffer[i % w, i / w]
            let d = EdgeMatteModel.maxDifference(colour(p), background)
            guard d <= soft else { continue }
            count += 1
            if d <= hard {
                out[i % w, i / w] = .clear
                let x = i % w, y = i / w
                if x > 0 { stack.append(i - 1) }
                if x + 1 < w { stack.append(i + 1) }
                if y > 0 { stack.append(i - w) }
                if y + 1 < h { stack.append(i + w) }
            } else {
                let a = (d - hard) / (soft - hard)
                let c = EdgeMatteModel.unmixed(colour(p), alpha: a, matte: background).rounded(.toNearestOrAwayFromZero)
                out[i % w, i / w] = RGBA(UInt8(c.x), UInt8(c.y), UInt8(c.z), UInt8((a * 255).rounded()))
            }
        }
        return (out, count)
    }

    private static func colour(_ p: RGBA) -> SIMD3<Double> { SIMD3(Double(p.r), Double(p.g), Double(p.b)) }

    public static var examples: FixExamples {
        var on = FixSettings()
        on.removeBackground = true
        let onWhite = ExampleImage.still(ExampleImage.canvas(120, 120, inset: 20, background: RGBA(255, 255, 255)), format: .jpeg)
        var noisy = ExampleImage.opaque(120, 120)
        for y in 0..<120 { for x in 0..<120 where (x * 7 + y * 13) % 5 == 0 { noisy[x, y] = RGBA(250, 20, 20) } }
        return FixExamples(
            triggering: [FixExample("artwork on a white JPEG background", .example(onWhite), settings: on)],
            nonTriggering: [
                FixExample("white background without --remove-background", .example(onWhite)),
                FixExample("busy border (a photo)", .example(ExampleImage.still(noisy, format: .jpeg)), settings: on),
            ])
    }
}
