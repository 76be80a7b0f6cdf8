import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// `edge_halo`: removes the matte an edge was exported against, by the same model the check uses
/// (`EdgeMatteModel`): where the model explains an edge pixel its colour becomes
/// `(observed - (1 - alpha) x matte) / alpha`; pixels the model does not explain (outlines, shading,
/// line art) and every opaque pixel keep their exact values. Alpha never changes.
public struct EdgeHaloFix: StickerFix {
    /// A fix.
    public init() {}

    public static let description = FixDescription(
        rules: ["edge_halo"], action: "unmix_matte",
        summary: "Estimates the matte colour from the edge and un-mixes it where the matte model explains the edge.")

    public func apply(to work: inout FixWork, context: FixContext) throws -> FixRecord? {
        guard context.finds(EdgeHaloCheck(), in: work) else { return nil }
        var changed = 0, frames = 0
        var mattes: [String] = []
        var repaired = work.image.frames.map(\.image)
        for i in repaired.indices {
            var frameChanged = 0
            // Parts of an edge exported against different mattes: once the first is removed, the
            // model finds the next; the check sees what the model sees, so it is not left behind.
            for pass in 0..<Self.maxPasses {
                guard let model = EdgeMatteModel.fit(repaired[i]), model.carriesMatte.contains(true) else { break }
                // A further matte only where the check would still call the frame's edge a matte.
                let share = Double(model.carriesMatte.filter { $0 }.count) / Double(model.samples.count)
                if pass > 0, share <= context.check.thresholds.haloEdgeShare { break }
                let count = Self.unmix(&repaired[i], model: model)
                guard count > 0 else { break }
                frameChanged += count
                let name = EdgeHaloCheck.name(of: RGBA(UInt8(model.matte.x), UInt8(model.matte.y), UInt8(model.matte.z)))
                if !mattes.contains(name) { mattes.append(name) }
            }
            if frameChanged > 0 { changed += frameChanged; frames += 1 }
        }
        guard changed > 0 else { return nil }
        var index = 0
        work.replacePixels { _ in defer { index += 1 }; return repaired[index] }
        return FixRecord(rule: "edge_halo", action: Self.description.action,
                         details: "removed \(NumberText.list(mattes.map { "a \($0) matte" })): \(NumberText.count(changed, "edge pixel")) "
                             + "changed in \(NumberText.count(frames, "frame")) (alpha unchanged)")
    }

    /// Mattes removed from one frame at most, one after the other.
    static let maxPasses = 3

    /// Un-mixes every pixel the model explains; fainter pixels (alpha 1-15, too faint to judge) on
    /// an edge the model explains are un-mixed too. Returns the number of pixels changed.
    static func unmix(_ buffer: inout PixelBuffer, model: EdgeMatteModel) -> Int {
        var changed = 0
        for sample in model.samples where EdgeMatteModel.explains(sample, matte: model.matte) {
            if write(EdgeMatteModel.unmixed(sample.observed, alpha: sample.alpha, matte: model.matte), at: sample.index, in: &buffer) {
                changed += 1
            }
        }
        for i in 0..<buffer.pixelCount {
            let a = buffer.pixels[i * 4 + 3]
            guard a > 0, a < EdgeMatteModel.minEdgeAlpha else { continue }
            let observed = SIMD3(Double(buffer.pixels[i * 4]), Double(buffer.pixels[i * 4 + 1]), Double(buffer.pixels[i * 4 + 2]))
            if write(EdgeMatteModel.unmixed(observed, alpha: Double(a) / 255, matte: model.matte), at: i, in: &buffer) { changed += 1 }
        }
        return changed
    }

    private static func write(_ colour: SIMD3<Double>, at index: Int, in buffer: inout PixelBuffer) -> Bool {
        let rounded = colour.rounded(.toNearestOrAwayFromZero)
        let new = (UInt8(rounded.x), UInt8(rounded.y), UInt8(rounded.z))
        let o = index * 4
        guard (buffer.pixels[o], buffer.pixels[o + 1], buffer.pixels[o + 2]) != new else { return false }
        buffer.pixels[o] = new.0; buffer.pixels[o + 1] = new.1; buffer.pixels[o + 2] = new.2
        return true
    }

    public static var examples: FixExamples {
        func work(_ buffer: PixelBuffer) -> FixWork { .example(ExampleImage.still(buffer)) }
        return FixExamples(
            triggering: [
                FixExample("anti-aliased edge exported against black", work(
                    ExampleImage.canvas(120, 120, inset: 20, fringe: RGBA(15, 70, 110, 128)))),
                FixExample("14 px feather exported against black", work(EdgeExamples.featheredDisc(matte: RGBA(0, 0, 0)))),
                FixExample("14 px feather exported against white", work(EdgeExamples.featheredDisc(matte: RGBA(255, 255, 255)))),
                FixExample("a rainbow changing under the feather, exported against white",
                           work(EdgeExamples.featheredDisc(matte: RGBA(255, 255, 255), artwork: .rainbow))),
                FixExample("the left 30% of the edge exported against black, the rest clean", work(EdgeExamples.thirdMattedDisc())),
                FixExample("60% of the edge against black, the rest against white: both mattes removed",
                           work(EdgeExamples.twoMatteDisc())),
            ],
            nonTriggering: [
                FixExample("clean feathered artwork", work(EdgeExamples.featheredDisc(matte: nil))),
                FixExample("hard edge", work(ExampleImage.canvas(120, 120, inset: 20))),
                FixExample("designed dark outline", work(EdgeExamples.outlinedDisc())),
                FixExample("rim shading", work(EdgeExamples.rimShadedDisc())),
                FixExample("dark whiskers (line art)", work(EdgeExamples.whiskers())),
            ])
    }
}
