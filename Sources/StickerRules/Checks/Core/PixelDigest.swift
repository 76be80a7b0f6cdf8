import ImageCodec
import StickerCore

/// A fingerprint of a decoded image's pixels that outlives the pixels: the canvas size and, per
/// frame, its size and the 128-bit hash of its RGBA bytes (`PixelHash`, XXH3-128). Two images have
/// equal digests exactly when their frames are equal buffers in the same order (up to a chance
/// collision of about 2^-128 a pair), which is what `duplicate_sticker` compares; frame delays are
/// not part of it, as they were never compared.
public struct PixelDigest: Hashable, Sendable {
    /// One frame's size and pixel hash.
    public struct Frame: Hashable, Sendable {
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int
        /// The hash of the frame's `width * height * 4` RGBA bytes.
        public var hash: PixelHash

        /// A frame digest.
        public init(width: Int, height: Int, hash: PixelHash) {
            self.width = width; self.height = height; self.hash = hash
        }

        /// The digest of `buffer`.
        public init(_ buffer: PixelBuffer) {
            self.init(width: buffer.width, height: buffer.height, hash: PixelHash(buffer))
        }
    }

    /// Canvas width in pixels.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// One digest per displayed frame, in order.
    public var frames: [Frame]

    /// A digest.
    public init(width: Int, height: Int, frames: [Frame]) {
        self.width = width; self.height = height; self.frames = frames
    }

    /// The digest of every frame of `image`.
    public init(_ image: DecodedImage) {
        self.init(width: image.width, height: image.height, frames: image.frames.map { Frame($0.image) })
    }

    /// The digest of `subject`'s image from the frame digests its alpha scans already took (the same
    /// value as `init(_:)` on the image, without hashing the pixels again); nil without an image.
    public init?(_ subject: StickerSubject) {
        guard let image = subject.decoded else { return nil }
        self.init(width: image.width, height: image.height, frames: subject.alphaScans.map(\.digest))
    }
}
