import ImageCodec
import StickerCore

/// The `edge_halo` measure (docs/rules.md): how many partially transparent edge pixels carry a
/// matte colour by the matte model (`EdgeMatteModel`): they differ from the opaque artwork they fade
/// out of exactly as a flat matte mixed in by `1 - alpha` would make them differ.
package struct HaloMeasure: Equatable, Sendable {
    /// Edge pixels that had opaque artwork nearby to compare with.
    var judged = 0
    /// Edge pixels carrying the matte and darker than their reference.
    var darker = 0
    /// Edge pixels carrying the matte and lighter than their reference.
    var lighter = 0
    /// The matte colour of the frame with the most matte pixels, when any pixel carries one.
    var matte: RGBA?

    /// Frames analysed at most, evenly spaced, to bound the work on long animations.
    static let maxFrames = 16

    /// Share of judged edge pixels that carry a matte (0 when none were judged).
    var share: Double { judged == 0 ? 0 : Double(darker + lighter) / Double(judged) }

    /// How one edge pixel (alpha 16-254 with opaque artwork within reach) was judged.
    package enum EdgeVerdict: Equatable, Sendable {
        /// Explained as artwork (or too close to its reference to tell).
        case clean
        /// Carries the matte and is darker than the artwork next to it.
        case darker
        /// Carries the matte and is lighter than the artwork next to it.
        case lighter
    }

    /// Adds the measure of one frame; `scratch` as in `EdgeMatteModel.fit(_:scratch:)`.
    mutating func add(_ buffer: PixelBuffer, scratch: NearestOpaqueMap.Scratch = .init()) {
        var frameMatte = 0
        let model = Self.visitEdges(of: buffer, scratch: scratch) { _, verdict in
            judged += 1
            switch verdict {
            case .clean: return
            case .darker: darker += 1; frameMatte += 1
            case .lighter: lighter += 1; frameMatte += 1
            }
        }
        if frameMatte > 0, matte == nil, let m = model?.matte {
            matte = RGBA(UInt8(m.x), UInt8(m.y), UInt8(m.z))
        }
        if let model { scratch.recycle(model.samples) }
    }

    /// Calls `visit` with the pixel index (y * width + x) and verdict of every judged edge pixel, in
    /// row order, and returns the frame's model. The HTML report's overlay marks the same pixels
    /// the rule counts.
    @discardableResult
    package static func visitEdges(of buffer: PixelBuffer, scratch: NearestOpaqueMap.Scratch = .init(),
                           _ visit: (Int, EdgeVerdict) -> Void) -> EdgeMatteModel? {
        guard let model = EdgeMatteModel.fit(buffer, scratch: scratch) else { return nil }
        for (sample, carries) in zip(model.samples, model.carriesMatte) {
            guard carries else { visit(sample.index, .clean); continue }
            visit(sample.index, luma(sample.observed) < luma(sample.reference) ? .darker : .lighter)
        }
        return model
    }

    private static func luma(_ c: SIMD3<Double>) -> Double { 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z }

    /// The frames the measure reads of an image of `frameCount` frames: all of them up to
    /// `maxFrames`, else `maxFrames` evenly spaced from the first.
    static func picked(frameCount n: Int) -> [Int] {
        n <= maxFrames ? Array(0..<n) : (0..<maxFrames).map { $0 * n / maxFrames }
    }

    /// The measure over an image's frames (`picked(frameCount:)`). With the frames' alpha scans
    /// (`scans[i]` of frame i), a frame without a pixel to judge is skipped unread: its model would
    /// be nil and add nothing.
    static func of(_ image: DecodedImage, scans: [FrameAlphaScan]? = nil) -> HaloMeasure {
        var measure = HaloMeasure()
        let scratch = NearestOpaqueMap.Scratch()
        for index in picked(frameCount: image.frames.count) where scans?[index].hasEdgePixels ?? true {
            measure.add(image.frames[index].image, scratch: scratch)
        }
        return measure
    }
}
