/// A validated fcTL chunk: where a frame goes, how long it shows and what happens around it.
struct APNGFrameControl: Equatable, Sendable {
    /// The chunk's sequence number (shared with fdAT).
    let sequence: Int
    /// The frame's region on the canvas, always inside it.
    let region: PixelRegion
    /// delay_num / delay_den seconds; a zero denominator means 100.
    let delay: FrameDelay
    /// dispose_op as stored.
    let dispose: DisposeOp
    /// blend_op as stored.
    let blend: BlendOp

    /// Parses fcTL; `index` is the frame's position, for messages.
    init(_ chunk: PNGChunk, index: Int, canvasWidth: Int, canvasHeight: Int) throws {
        try chunk.requireLength(26)
        sequence = chunk.uint32(at: 0)
        let width = chunk.uint32(at: 4), height = chunk.uint32(at: 8)
        let x = chunk.uint32(at: 12), y = chunk.uint32(at: 16)
        let what = "fcTL of frame \(index) (offset \(chunk.offset))"
        guard width > 0, height > 0 else {
            throw CodecError.malformed("\(what) declares an empty \(width)x\(height) region")
        }
        // All four fields are below 2^32, so these sums cannot overflow a 64-bit Int.
        guard x + width <= canvasWidth, y + height <= canvasHeight else {
            throw CodecError.malformed("\(what) region \(width)x\(height)+\(x)+\(y) lies outside the \(canvasWidth)x\(canvasHeight) canvas")
        }
        if index == 0, x != 0 || y != 0 || width != canvasWidth || height != canvasHeight {
            throw CodecError.malformed("\(what): the first frame must cover the whole \(canvasWidth)x\(canvasHeight) canvas at 0,0, found \(width)x\(height)+\(x)+\(y)")
        }
        region = PixelRegion(x: x, y: y, width: width, height: height)
        delay = FrameDelay(numerator: chunk.uint16(at: 20), denominator: chunk.uint16(at: 22))
        switch chunk.byte(at: 24) {
        case 0: dispose = .none
        case 1: dispose = .background
        case 2: dispose = .previous
        case let other: throw CodecError.malformed("\(what) has dispose_op \(other); valid values are 0, 1 and 2")
        }
        switch chunk.byte(at: 25) {
        case 0: blend = .source
        case 1: blend = .over
        case let other: throw CodecError.malformed("\(what) has blend_op \(other); valid values are 0 and 1")
        }
    }

    /// The stored region and ops, as reported in `Frame.raw` and `SourceFacts.rawFrames`.
    var rawInfo: RawFrameInfo { RawFrameInfo(region: region, dispose: dispose, blend: blend) }
}
