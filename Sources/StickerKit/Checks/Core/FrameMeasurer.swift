import ImageCodec

/// What the rules need of a sticker's pixels, taken one frame at a time as a frame-at-a-time decode
/// lends them (`ImageDecoder.visitFrames`), so that `check` holds no frame once it is measured:
/// each frame's alpha scan (with its digest), and `edge_halo`'s measure over the frames it reads
/// (`HaloMeasure.picked(frameCount:)`). The same values `StickerSubject` takes from a decoded
/// image's frames.
struct FrameMeasurer {
    /// Whether `edge_halo`'s measure is taken (the costly part; not when the rule is off).
    let measuresHalo: Bool
    /// One scan per frame added, in order.
    private(set) var scans: [FrameAlphaScan] = []
    private var halo = HaloMeasure()
    private var expected: Int?
    private var picked: Set<Int> = []
    private let scratch = NearestOpaqueMap.Scratch()

    /// A measurer; `measuresHalo` as the property.
    init(measuresHalo: Bool) { self.measuresHalo = measuresHalo }

    /// Measures the next frame: `pixels` is `width * height` straight RGBA pixels, and `expected`
    /// the number of frames the image is expected to have (`FrameVisit.expectedFrames`, or a
    /// sequence's file count), which decides the frames the halo measure reads.
    mutating func add(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, expected count: Int) {
        let index = scans.count
        if expected == nil {
            expected = count
            picked = Set(HaloMeasure.picked(frameCount: count))
        }
        let scan = FrameAlphaScan(pixels, width: width, height: height)
        scans.append(scan)
        if measuresHalo, scan.hasEdgePixels, picked.contains(index) {
            halo.add(PixelBuffer(width: width, height: height, pixels: Array(pixels)), scratch: scratch)
        }
    }

    /// The halo measure over the frames added; nil when it was not taken, or when a different number
    /// of frames came than expected (a WebM frame decoded but never shown), so that it read other
    /// frames than `HaloMeasure.of` would: the caller measures the decoded image instead.
    var haloMeasure: HaloMeasure? {
        guard measuresHalo, expected.map({ $0 == scans.count }) ?? true else { return nil }
        return halo
    }
}
