import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// `gif_hard_edges`: converts a transparent GIF to APNG (PNG for a still) with exactly the decoded
/// frames and delays and the same play count. With `--smooth-gif-edges` the 1-bit edge is also
/// feathered (lossy: `GIFEdgeFeather`).
public struct GIFToAPNGFix: StickerFix {
    /// A fix.
    public init() {}

    public static let description = FixDescription(
        rules: ["gif_hard_edges"], action: "convert_to_apng",
        summary: "Converts a transparent GIF to APNG (PNG for a still), exact frames and timing; --smooth-gif-edges feathers the 1-bit edge.")

    public func apply(to work: inout FixWork, context: FixContext) throws -> FixRecord? {
        guard context.finds(GIFHardEdgesCheck(), in: work) else { return nil }
        let frames = work.image.frames.count
        var details = "GIF -> \(work.image.isAnimated ? "APNG" : "PNG"), \(NumberText.count(frames, "frame")) "
            + "and their delays exactly as decoded"
        if context.settings.smoothGIFEdges {
            var softened = 0
            work.replacePixels { frame in
                let (out, count) = GIFEdgeFeather.feathered(frame)
                softened += count
                return out
            }
            details += "; edges feathered (\(NumberText.count(softened, "pixel")) softened, lossy)"
        } else {
            work.markReencoded()
        }
        return FixRecord(rule: "gif_hard_edges", action: Self.description.action, details: details)
    }

    public static var examples: FixExamples {
        let art = ExampleImage.canvas(120, 120, inset: 20)
        return FixExamples(
            triggering: [
                FixExample("transparent GIF still", .example(ExampleImage.still(art, format: .gif))),
                FixExample("transparent GIF animation", .example(ExampleImage.animation(
                    [art, ExampleImage.canvas(120, 120, inset: 30)], delay: .centiseconds(8), format: .gif))),
                FixExample("transparent GIF, smoothed", .example(ExampleImage.still(art, format: .gif)),
                           settings: { var s = FixSettings(); s.smoothGIFEdges = true; return s }()),
            ],
            nonTriggering: [
                FixExample("opaque GIF", .example(ExampleImage.still(ExampleImage.opaque(120, 120), format: .gif))),
                FixExample("transparent PNG", .example(ExampleImage.still(art))),
            ])
    }
}

/// Feathers a 1-bit alpha edge: each pixel on the boundary between opaque and transparent gets the
/// mean alpha of its 3x3 neighbourhood, and a formerly transparent one the mean colour of its
/// opaque neighbours.
enum GIFEdgeFeather {
    static func feathered(_ buffer: PixelBuffer) -> (PixelBuffer, Int) {
        let w = buffer.width, h = buffer.height
        var out = buffer
        var count = 0
        for y in 0..<h {
            for x in 0..<w {
                var alphaSum = 0, n = 0, opaque = 0
                var colour = SIMD3<Int>(repeating: 0)
                for ny in max(0, y - 1)...min(h - 1, y + 1) {
                    for nx in max(0, x - 1)...min(w - 1, x + 1) {
                        let p = buffer[nx, ny]
                        alphaSum += Int(p.a); n += 1
                        if p.a > 0 { opaque += 1; colour &+= SIMD3(Int(p.r), Int(p.g), Int(p.b)) }
                    }
                }
                let mean = (alphaSum + n / 2) / n
                let here = buffer[x, y]
                guard opaque > 0, opaque < n, mean != Int(here.a) else { continue }
                let c = here.a > 0 ? SIMD3(Int(here.r), Int(here.g), Int(here.b)) : colour / opaque
                out[x, y] = RGBA(UInt8(c.x), UInt8(c.y), UInt8(c.z), UInt8(mean))
                count += 1
            }
        }
        return (out, count)
    }
}
