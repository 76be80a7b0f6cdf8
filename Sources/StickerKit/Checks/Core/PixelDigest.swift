import Crypto
import ImageCodec

/// A fingerprint of a decoded image's pixels that outlives the pixels: the canvas size and, per
/// frame, its size and the SHA-256 of its RGBA bytes. Two images have equal digests exactly when
/// their frames are equal buffers in the same order (up to a SHA-256 collision), which is what
/// `duplicate_sticker` compares; frame delays are not part of it, as they were never compared.
public struct PixelDigest: Hashable, Sendable {
    /// One frame's size and pixel hash.
    public struct Frame: Hashable, Sendable {
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int
        /// SHA-256 of the frame's `width * height * 4` RGBA bytes.
        public var sha256: [UInt8]

        /// A frame digest.
        public init(width: Int, height: Int, sha256: [UInt8]) {
            self.width = width; self.height = height; self.sha256 = sha256
        }

        /// The digest of `buffer`.
        public init(_ buffer: PixelBuffer) {
            self.init(width: buffer.width, height: buffer.height, sha256: Array(SHA256.hash(data: buffer.pixels)))
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
