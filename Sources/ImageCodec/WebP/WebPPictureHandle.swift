import CWebP

/// Owns one `WebPPicture` holding a copy of an image as ARGB; freed in `deinit`. The picture
/// pointer is lent only inside `withPicture`, never kept.
final class WebPPictureHandle {
    private let picture: UnsafeMutablePointer<WebPPicture>

    /// Imports `image` (straight-alpha RGBA).
    /// - Throws: `.library` when libwebp cannot allocate or import the picture.
    init(_ image: PixelBuffer) throws {
        picture = .allocate(capacity: 1)
        picture.initialize(to: WebPPicture())
        guard WebPPictureInitInternal(picture, WEBP_ENCODER_ABI_VERSION) != 0 else {
            picture.deallocate()
            throw CodecError.library(name: "libwebp", message: "encoder version mismatch")
        }
        picture.pointee.use_argb = 1
        picture.pointee.width = Int32(image.width)
        picture.pointee.height = Int32(image.height)
        let imported = image.pixels.withUnsafeBufferPointer {
            WebPPictureImportRGBA(picture, $0.baseAddress, Int32(image.width * 4))
        }
        guard imported != 0 else {
            WebPPictureFree(picture)
            picture.deallocate()
            throw CodecError.library(name: "libwebp", message: "cannot import a \(image.width)x\(image.height) picture (out of memory)")
        }
    }

    deinit {
        WebPPictureFree(picture)
        picture.deallocate()
    }

    /// Runs `body` with the picture.
    func withPicture<T>(_ body: (UnsafeMutablePointer<WebPPicture>) throws -> T) rethrows -> T { try body(picture) }
}
