/// One extension sub-block as giflib saved it (function 0x00 marks a continuation sub-block).
struct GIFExtension: Equatable {
    /// The extension label (0xF9 graphic control, 0xFF application) or 0 for a continuation.
    var function: Int
    /// The sub-block's bytes.
    var bytes: [UInt8]
}

/// A Graphic Control Extension's fields.
struct GIFGraphicControl: Equatable {
    /// Disposal method as stored (0-7).
    var disposal: Int = 0
    /// Delay in centiseconds, exactly as stored.
    var delayCentiseconds: Int = 0
    /// The transparent colour index, when the flag is set.
    var transparentIndex: Int?
}

/// One image of a GIF as stored: de-interlaced indices, its colour table and its control block.
struct GIFStoredFrame {
    /// Where the frame goes on the logical screen (may reach past it).
    var region: PixelRegion
    /// Whether the frame was stored interlaced (giflib has already de-interlaced `indices`).
    var interlaced: Bool
    /// The colour table in force: the local one, else the global one; empty when there is neither.
    var palette: [RGBA]
    /// Bits of that table (its size is 2^bits).
    var paletteBits: Int
    /// Whether `palette` is the frame's own local table.
    var hasLocalPalette: Bool
    /// The frame's Graphic Control Extension, or defaults when it has none.
    var control: GIFGraphicControl
    /// Colour indices, row-major, region.width x region.height.
    var indices: [UInt8]
}

/// What a slurped GIF holds, copied out of giflib's structures.
struct GIFContents {
    /// Logical screen width.
    var screenWidth: Int
    /// Logical screen height.
    var screenHeight: Int
    /// The screen descriptor's colour resolution (bits per primary).
    var colorResolution: Int
    /// The global colour table's entry count and bits, nil when absent.
    var globalPalette: (count: Int, bits: Int)?
    /// Frames in file order.
    var frames: [GIFStoredFrame]
    /// The NETSCAPE2.0 (or ANIMEXTS1.0) loop count, nil when the file has none.
    var loopCount: Int?
}
