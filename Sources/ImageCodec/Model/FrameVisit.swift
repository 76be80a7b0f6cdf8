/// One frame of a frame-at-a-time decode (`ImageDecoder.visitFrames`), lent to the visitor: the
/// pixels are valid only during the call, and the buffer holds the next frame afterwards.
public struct FrameVisit {
    /// The frame's position, from 0.
    public let index: Int
    /// The canvas size.
    public let width: Int, height: Int
    /// The frames the decode expects to lend, known before the first: exact for every format but
    /// WebM, where a frame the stream decodes but never shows is not lent, so fewer may come.
    public let expectedFrames: Int
    /// Straight RGBA, row-major, `width * height * 4` bytes: the same bytes as the frame's
    /// `PixelBuffer.pixels` in the decoded image.
    public let pixels: UnsafeBufferPointer<UInt8>
}

extension FrameVisit {
    /// Lends `image`, frame `index` of `count`, to `visit` from its own buffer.
    static func lend(_ image: PixelBuffer, index: Int, of count: Int, to visit: (FrameVisit) throws -> Void) throws {
        try image.pixels.withUnsafeBufferPointer {
            try visit(FrameVisit(index: index, width: image.width, height: image.height, expectedFrames: count, pixels: $0))
        }
    }

    /// Lends frames already decoded whole to `visit`, in order.
    static func lend(_ images: [PixelBuffer], to visit: (FrameVisit) throws -> Void) throws {
        for (index, image) in images.enumerated() { try lend(image, index: index, of: images.count, to: visit) }
    }
}

/// What a frame-at-a-time decode returns after the last frame: the decoded image without its pixels.
public struct DecodedSummary: Equatable, Sendable {
    /// The canvas size.
    public var width: Int, height: Int
    /// Every frame's delay, in order (as `DecodedImage.frames[i].delay`).
    public var delays: [FrameDelay]
    /// As `DecodedImage.loopCount`.
    public var loopCount: Int
    /// As `DecodedImage.facts`.
    public var facts: SourceFacts

    /// A summary; the frame count is `delays.count`.
    public init(width: Int, height: Int, delays: [FrameDelay], loopCount: Int, facts: SourceFacts) {
        self.width = width; self.height = height; self.delays = delays; self.loopCount = loopCount; self.facts = facts
    }

    /// The summary of a decoded image.
    public init(_ image: DecodedImage) {
        self.init(width: image.width, height: image.height, delays: image.frames.map(\.delay),
                  loopCount: image.loopCount, facts: image.facts)
    }

    /// The number of frames.
    public var frameCount: Int { delays.count }
    /// As `DecodedImage.isAnimated`.
    public var isAnimated: Bool { DecodedImage.isAnimated(frameCount: delays.count, facts: facts) }
    /// As `DecodedImage.loopDurationMilliseconds`.
    public var loopDurationMilliseconds: Double { delays.reduce(0) { $0 + $1.milliseconds } }
    /// As `DecodedImage.decodedByteCount`.
    public var decodedByteCount: Int { width * height * 4 * delays.count }
}
