import CGIFLib

/// Owns one giflib decoder and the bytes it reads from memory.
///
/// giflib keeps a `void *` to its reader for the life of the `GifFileType`; this object is that
/// reader, so the pointer is valid exactly as long as the handle exists. `deinit` closes the file.
///
/// The file is read record by record (`DGifGetRecordType`, `DGifGetImageDesc`, `DGifGetLine`,
/// `DGifGetExtension`), not with `DGifSlurp`: after an extension with no data sub-blocks
/// (`21 FE 00`, an empty comment) `DGifSlurp` asks for one more sub-block and reads the next
/// record's first byte as a length ("Wrong record type"); browsers read such files.
final class GIFFileHandle {
    private let bytes: [UInt8]
    private var position = 0
    private var file: UnsafeMutablePointer<GifFileType>?

    /// Opens the GIF: reads the screen descriptor and the global table.
    init(bytes: [UInt8]) throws {
        self.bytes = bytes
        var error: Int32 = 0
        file = DGifOpen(Unmanaged.passUnretained(self).toOpaque(), GIFFileHandle.read, &error)
        guard file != nil else {
            throw GIFFileHandle.codecError(code: error, context: "could not open the GIF")
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

    /// Reads every record up to the trailer into Swift values. Call once.
    func contents() throws -> GIFContents {
        guard let file else { throw CodecError.malformed("GIF is not open") }
        let global = GIFFileHandle.palette(file.pointee.SColorMap)
        var frames: [GIFStoredFrame] = []
        var pending: [GIFExtension] = []   // extensions seen since the last image
        var loopCount: Int?
        var record = UNDEFINED_RECORD_TYPE
        repeat {
            try check(DGifGetRecordType(file, &record))
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                loopCount = loopCount ?? GIFExtensionParser.netscapeLoopCount(pending)
                frames.append(try readImage(file, extensions: pending, global: global, number: frames.count + 1))
                pending = []
            case EXTENSION_RECORD_TYPE:
                pending += try readExtension(file)
            default:
                break
            }
        } while record != TERMINATE_RECORD_TYPE
        guard !frames.isEmpty else {
            throw GIFFileHandle.codecError(code: D_GIF_ERR_NO_IMAG_DSCR, context: "before the first frame")
        }
        loopCount = loopCount ?? GIFExtensionParser.netscapeLoopCount(pending)
        return GIFContents(screenWidth: Int(file.pointee.SWidth), screenHeight: Int(file.pointee.SHeight),
                           colorResolution: Int(file.pointee.SColorResolution),
                           globalPalette: global.map { ($0.colours.count, $0.bits) },
                           frames: frames, loopCount: loopCount)
    }

    /// One image: its descriptor and local table, then its indices, de-interlaced into display order.
    private func readImage(_ file: UnsafeMutablePointer<GifFileType>, extensions: [GIFExtension],
                           global: (colours: [RGBA], bits: Int)?, number: Int) throws -> GIFStoredFrame {
        try check(DGifGetImageDesc(file))
        let desc = file.pointee.Image
        let region = PixelRegion(x: Int(desc.Left), y: Int(desc.Top), width: Int(desc.Width), height: Int(desc.Height))
        guard region.width > 0, region.height > 0 else {
            throw CodecError.malformed("GIF frame \(number) is \(region.width)x\(region.height) px; a frame needs at least 1 px a side")
        }
        var indices = [UInt8](repeating: 0, count: region.width * region.height)
        try indices.withUnsafeMutableBufferPointer { raster in
            guard let base = raster.baseAddress else { return }
            if desc.Interlace {
                for row in GIFFileHandle.interlacedRows(region.height) {
                    try check(DGifGetLine(file, base + row * region.width, Int32(region.width)))
                }
            } else {
                try check(DGifGetLine(file, base, Int32(raster.count)))
            }
        }
        let local = GIFFileHandle.palette(desc.ColorMap)
        let table = local ?? global
        return GIFStoredFrame(region: region, interlaced: desc.Interlace,
                              palette: table?.colours ?? [], paletteBits: table?.bits ?? 0,
                              hasLocalPalette: local != nil,
                              control: GIFExtensionParser.graphicControl(extensions), indices: indices)
    }

    /// One extension: its first sub-block under its label, then continuations under function 0.
    /// An extension with no sub-block at all ends at its terminator: nothing more is read.
    private func readExtension(_ file: UnsafeMutablePointer<GifFileType>) throws -> [GIFExtension] {
        var label: Int32 = 0
        var data: UnsafeMutablePointer<GifByteType>?
        try check(DGifGetExtension(file, &label, &data))
        var blocks: [GIFExtension] = []
        var function = Int(label)
        while let block = data {
            // giflib hands each sub-block Pascal style: byte 0 is the length.
            blocks.append(GIFExtension(function: function, bytes: Array(UnsafeBufferPointer(start: block + 1, count: Int(block[0])))))
            function = Int(CONTINUE_EXT_FUNC_CODE)
            try check(DGifGetExtensionNext(file, &data))
        }
        return blocks
    }

    /// Throws giflib's error for a failed call, naming the frame being read as `DGifSlurp` did.
    private func check(_ status: Int32) throws {
        guard status == GIF_ERROR, let file else { return }
        let frame = Int(file.pointee.ImageCount)
        let context = frame == 0 ? "before the first frame" : "in frame \(frame)"
        throw GIFFileHandle.codecError(code: file.pointee.Error, context: context)
    }

    /// The order in which an interlaced image stores its rows: every 8th from 0, every 8th from 4,
    /// every 4th from 2, every 2nd from 1.
    static func interlacedRows(_ height: Int) -> [Int] {
        [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }

    private static func palette(_ map: UnsafeMutablePointer<ColorMapObject>?) -> (colours: [RGBA], bits: Int)? {
        guard let map = map?.pointee, let colours = map.Colors, map.ColorCount > 0 else { return nil }
        let table = UnsafeBufferPointer(start: colours, count: Int(map.ColorCount))
        return (table.map { RGBA($0.Red, $0.Green, $0.Blue) }, Int(map.BitsPerPixel))
    }
}
