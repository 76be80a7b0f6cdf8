/// One APNG frame as stored: its control chunk and its compressed data (IDAT or fdAT payloads).
struct APNGStoredFrame: Sendable {
    /// The frame's fcTL.
    let control: APNGFrameControl
    /// The zlib stream, split as the chunks split it.
    var data: [ArraySlice<UInt8>]
    /// File offset of the fcTL, for messages.
    let offset: Int
}

/// Collects an APNG's frames while the chunks are walked, enforcing acTL, fcTL and fdAT rules:
/// one sequence counter over fcTL and fdAT from 0 with no gap, no empty frame, and a frame count
/// equal to what acTL declares.
struct APNGFrameCollector: Sendable {
    /// acTL num_frames: the frames of the animation (a hidden default image is not one).
    let declaredFrames: Int
    /// acTL num_plays; 0 = forever.
    let plays: Int
    /// The frames found so far.
    private(set) var frames: [APNGStoredFrame] = []
    /// Whether IDAT is frame 0 (an fcTL preceded it) rather than a hidden default image.
    private(set) var defaultImageIsFirstFrame = false
    private var nextSequence = 0
    private let canvasWidth: Int, canvasHeight: Int

    /// Parses an acTL that `unusableReason` accepts.
    init(actl: PNGChunk, header: PNGHeader) throws {
        if let reason = try Self.unusableReason(actl) { throw CodecError.malformed(reason) }
        declaredFrames = actl.uint32(at: 0)
        plays = actl.uint32(at: 4)
        canvasWidth = header.width; canvasHeight = header.height
    }

    /// Why browsers ignore this acTL and show the default image as a still (0 frames, or a field
    /// over PNG's 2^31-1 limit); nil when it starts an animation.
    /// - Throws: `.malformed` when the chunk is not 8 bytes long.
    static func unusableReason(_ actl: PNGChunk) throws -> String? {
        try actl.requireLength(8)
        let frames = actl.uint32(at: 0), plays = actl.uint32(at: 4)
        if frames == 0 { return "acTL declares 0 frames" }
        if frames > PNGChunkReader.maxChunkLength { return "acTL declares \(frames) frames, over PNG's 2^31-1 limit" }
        if plays > PNGChunkReader.maxChunkLength { return "acTL declares \(plays) plays, over PNG's 2^31-1 limit" }
        return nil
    }

    /// The role the default image plays in this animation.
    var defaultImageRole: DefaultImageRole { defaultImageIsFirstFrame ? .firstFrame : .hidden }

    /// Called at the first IDAT: it belongs to frame 0 when an fcTL came before it.
    mutating func beginDefaultImage() {
        defaultImageIsFirstFrame = !frames.isEmpty
    }

    /// An fcTL: starts a new frame after checking that the previous one got data.
    mutating func addFrameControl(_ chunk: PNGChunk, beforeDefaultImage: Bool) throws {
        try chunk.requireLength(26)
        try checkSequence(chunk)
        if beforeDefaultImage, !frames.isEmpty {
            throw CodecError.malformed("second fcTL at offset \(chunk.offset) before IDAT; only one frame can use the default image")
        }
        try checkPreviousFrameHasData()
        guard frames.count < declaredFrames else {
            throw CodecError.malformed("frame count mismatch: acTL declares \(declaredFrames) frames, found an extra fcTL at offset \(chunk.offset)")
        }
        let control = try APNGFrameControl(chunk, index: frames.count, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        frames.append(APNGStoredFrame(control: control, data: [], offset: chunk.offset))
    }

    /// An fdAT: data for the frame its latest fcTL started.
    mutating func addFrameData(_ chunk: PNGChunk) throws {
        guard chunk.data.count >= 4 else {
            throw CodecError.malformed("fdAT chunk at offset \(chunk.offset) has \(chunk.data.count) bytes, too short for its sequence number")
        }
        try checkSequence(chunk)
        guard let last = frames.indices.last else {
            throw CodecError.malformed("fdAT chunk at offset \(chunk.offset) comes before any fcTL")
        }
        if last == 0 && defaultImageIsFirstFrame {
            throw CodecError.malformed("fdAT chunk at offset \(chunk.offset) follows frame 0, whose data is the IDAT")
        }
        frames[last].data.append(chunk.data.dropFirst(4))
    }

    /// Called after the last chunk with the IDAT data: it becomes frame 0's data when an fcTL
    /// preceded it. The frame count must match acTL.
    mutating func finish(defaultImage: [ArraySlice<UInt8>]) throws {
        if defaultImageIsFirstFrame, !frames.isEmpty { frames[0].data = defaultImage }
        try checkPreviousFrameHasData()
        guard frames.count == declaredFrames else {
            throw CodecError.malformed("frame count mismatch: acTL declares \(declaredFrames) frames, the file has \(frames.count)")
        }
    }

    private mutating func checkSequence(_ chunk: PNGChunk) throws {
        let found = chunk.uint32(at: 0)
        guard found == nextSequence else {
            throw CodecError.malformed("\(chunk.type) sequence number \(nextSequence) expected, found \(found) (chunk at offset \(chunk.offset))")
        }
        nextSequence += 1
    }

    private func checkPreviousFrameHasData() throws {
        guard let last = frames.last else { return }
        let usesIDAT = frames.count == 1 && defaultImageIsFirstFrame
        if !usesIDAT && last.data.allSatisfy({ $0.isEmpty }) {
            throw CodecError.malformed("frame \(frames.count - 1) has no image data: its fcTL at offset \(last.offset) is not followed by fdAT data")
        }
    }
}
