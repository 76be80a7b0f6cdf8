import CGIFLib

/// Owns one giflib decoder and the bytes it reads from memory.
///
/// giflib keeps a `void *` to its reader for the life of the `GifFileType`; this object is that
/// reader, so the pointer is valid exactly as long as the handle exists. `deinit` closes the file.
final class GIFFileHandle {
    private let bytes: [UInt8]
    private var position = 0
    private var file: UnsafeMutablePointer<GifFileType>?

    /// Opens the GIF (reads the screen descriptor and global table) and slurps every frame.
    init(bytes: [UInt8]) throws {
        self.bytes = bytes
        var error: Int32 = 0
        file = DGifOpen(Unmanaged.passUnretained(self).toOpaque(), GIFFileHandle.read, &error)
        guard let file else {
            throw GIFFileHandle.codecError(code: error, context: "could not open the GIF")
        }
        if DGifSlurp(file) == GIF_ERROR {
            let frame = Int(file.pointee.ImageCount)
            let context = frame == 0 ? "before the first frame" : "in frame \(frame)"
            throw GIFFileHandle.codecError(code: file.pointee.Error, context: context)
        }
    }

    deinit {
        if let file {
            var error: Int32 = 0
            DGifCloseFile(file, &error)
        }
    }

    /// giflib's read callback: copies from the owning handle's bytes, returns the count copied.
    private static let read: InputFunc = { gif, buffer, wanted in
        guard let gif, let buffer, wanted > 0, let user = gif.pointee.UserData else { return 0 }
        let handle = Unmanaged<GIFFileHandle>.fromOpaque(user).takeUnretainedValue()
        let count = min(Int(wanted), handle.bytes.count - handle.position)
        guard count > 0 else { return 0 }
        handle.bytes.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            buffer.update(from: base + handle.position, count: count)
        }
        handle.position += count
        return Int32(count)
    }

    /// Maps a giflib error code to a `CodecError` carrying giflib's own message and our context.
    static func codecError(code: Int32, context: String) -> CodecError {
        let text = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        switch code {
        case D_GIF_ERR_READ_FAILED, D_GIF_ERR_EOF_TOO_SOON:
            return .truncated("\(text) \(context) (giflib)")
        case D_GIF_ERR_IMAGE_DEFECT, D_GIF_ERR_DATA_TOO_BIG:
            return .corruptData("LZW decode failed \(context): \(text) (giflib)")
        default:
            return .library(name: "giflib", message: "\(text) \(context)")
        }
    }

    /// Reads the slurped file into Swift values; valid only while the handle lives, hence a method.
    func contents() throws -> GIFContents {
        guard let gif = file?.pointee else { throw CodecError.malformed("GIF is not open") }
        let global = GIFFileHandle.palette(gif.SColorMap)
        var frames: [GIFStoredFrame] = []
        var loopCount: Int?
        for index in 0..<Int(max(0, gif.ImageCount)) {
            guard let saved = gif.SavedImages?[index] else { break }
            let desc = saved.ImageDesc
            let region = PixelRegion(x: Int(desc.Left), y: Int(desc.Top),
                                     width: Int(desc.Width), height: Int(desc.Height))
            let extensions = GIFFileHandle.extensions(saved.ExtensionBlocks, Int(saved.ExtensionBlockCount))
            loopCount = loopCount ?? GIFExtensionParser.netscapeLoopCount(extensions)
            let local = GIFFileHandle.palette(desc.ColorMap)
            guard let table = local ?? global else {
                throw CodecError.malformed("GIF frame \(index + 1) has no colour table (neither local nor global)")
            }
            let pixelCount = region.width * region.height
            guard let raster = saved.RasterBits else {
                throw CodecError.malformed("GIF frame \(index + 1) has no pixel data")
            }
            frames.append(GIFStoredFrame(
                region: region, interlaced: desc.Interlace,
                palette: table.colours, paletteBits: table.bits, hasLocalPalette: local != nil,
                control: GIFExtensionParser.graphicControl(extensions),
                indices: Array(UnsafeBufferPointer(start: raster, count: pixelCount))))
        }
        let trailing = GIFFileHandle.extensions(gif.ExtensionBlocks, Int(gif.ExtensionBlockCount))
        loopCount = loopCount ?? GIFExtensionParser.netscapeLoopCount(trailing)
        return GIFContents(screenWidth: Int(gif.SWidth), screenHeight: Int(gif.SHeight),
                           colorResolution: Int(gif.SColorResolution),
                           globalPalette: global.map { ($0.colours.count, $0.bits) },
                           frames: frames, loopCount: loopCount)
    }

    private static func palette(_ map: UnsafeMutablePointer<ColorMapObject>?) -> (colours: [RGBA], bits: Int)? {
        guard let map = map?.pointee, let colours = map.Colors, map.ColorCount > 0 else { return nil }
        let table = UnsafeBufferPointer(start: colours, count: Int(map.ColorCount))
        return (table.map { RGBA($0.Red, $0.Green, $0.Blue) }, Int(map.BitsPerPixel))
    }

    private static func extensions(_ blocks: UnsafeMutablePointer<ExtensionBlock>?, _ count: Int) -> [GIFExtension] {
        guard let blocks, count > 0 else { return [] }
        return UnsafeBufferPointer(start: blocks, count: count).map { block in
            let data = block.Bytes.map { Array(UnsafeBufferPointer(start: $0, count: Int(max(0, block.ByteCount)))) } ?? []
            return GIFExtension(function: Int(block.Function), bytes: data)
        }
    }
}
