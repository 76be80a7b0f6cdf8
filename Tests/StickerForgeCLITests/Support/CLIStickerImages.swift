import ImageCodec

/// Small sticker images made in memory for end-to-end tests.
enum CLIStickerImages {
    /// A 300 px transparent canvas with an opaque square of `colour` in the middle: nothing to fix
    /// or report but the missing label.
    static func square(_ colour: RGBA) throws -> [UInt8] {
        var buffer = PixelBuffer(width: 300, height: 300)
        for y in 60..<240 { for x in 60..<240 { buffer[x, y] = colour } }
        return try PNGEncoder().encode(buffer)
    }
}
