/// Walks a GIF's block structure without decoding anything, so limits can be checked before giflib
/// allocates a raster per frame (`DGifSlurp` allocates width x height for every image descriptor).
///
/// The scan only measures: where the structure is cut short it stops and reports what it saw, and
/// giflib then reports the fault with its own message.
struct GIFStructureScanner {
    /// The logical screen and the stored frames' rectangles, in file order.
    struct Layout: Equatable {
        /// Logical screen width.
        var screenWidth: Int
        /// Logical screen height.
        var screenHeight: Int
        /// Each image descriptor's rectangle.
        var frameRegions: [PixelRegion]
        /// Each image's LZW minimum code size, as far as the file holds them.
        var lzwCodeSizes: [Int] = []
    }

    /// The logical screen size, or nil when the file is shorter than a screen descriptor.
    static func screenSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 10 else { return nil }
        return (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
    }

    /// Scans the blocks up to the trailer, the end of the data or the first unknown block.
    static func scan(_ bytes: [UInt8]) -> Layout {
        let (width, height) = screenSize(bytes) ?? (0, 0)
        var layout = Layout(screenWidth: width, screenHeight: height, frameRegions: [])
        guard bytes.count >= 13 else { return layout }
        var at = 13
        if bytes[10] & 0x80 != 0 { at += 3 << (Int(bytes[10] & 7) + 1) }
        while at < bytes.count {
            switch bytes[at] {
            case 0x21:   // extension: introducer, label, sub-blocks
                guard let next = skipSubBlocks(bytes, from: at + 2) else { return layout }
                at = next
            case 0x2C:   // image descriptor, optional local table, LZW code size, sub-blocks
                guard at + 10 <= bytes.count else { return layout }
                func u16(_ i: Int) -> Int { Int(bytes[at + i]) | Int(bytes[at + i + 1]) << 8 }
                layout.frameRegions.append(PixelRegion(x: u16(1), y: u16(3), width: u16(5), height: u16(7)))
                let packed = bytes[at + 9]
                at += 10
                if packed & 0x80 != 0 { at += 3 << (Int(packed & 7) + 1) }
                if at < bytes.count { layout.lzwCodeSizes.append(Int(bytes[at])) }
                guard let next = skipSubBlocks(bytes, from: at + 1) else { return layout }
                at = next
            default:     // trailer (0x3B) or garbage: giflib decides what that means
                return layout
            }
        }
        return layout
    }

    /// The offset after a run of sub-blocks and its zero terminator, or nil when it is cut short.
    private static func skipSubBlocks(_ bytes: [UInt8], from start: Int) -> Int? {
        var at = start
        while at < bytes.count {
            let size = Int(bytes[at])
            if size == 0 { return at + 1 }
            at += 1 + size
        }
        return nil
    }
}
