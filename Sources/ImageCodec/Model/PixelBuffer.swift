/// A rectangle of straight-alpha 8-bit RGBA pixels, row-major, 4 bytes a pixel, no padding.
///
/// Every decoder produces these and the encoder consumes them, so equality of two buffers is the
/// definition of "exact" used throughout the project.
public struct PixelBuffer: Equatable, Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A.
    public var pixels: [UInt8]

    /// A buffer filled with one colour (transparent black by default).
    public init(width: Int, height: Int, fill: RGBA = .clear) {
        precondition(width >= 0 && height >= 0, "negative size")
        self.width = width
        self.height = height
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        if fill != .clear {
            for i in stride(from: 0, to: bytes.count, by: 4) {
                bytes[i] = fill.r; bytes[i + 1] = fill.g; bytes[i + 2] = fill.b; bytes[i + 3] = fill.a
            }
        }
        self.pixels = bytes
    }

    /// Wraps existing bytes; the count must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel count does not match size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Number of pixels.
    public var pixelCount: Int { width * height }

    /// The pixel at (x, y).
    @inlinable
    public subscript(x: Int, y: Int) -> RGBA {
        get {
            let i = (y * width + x) * 4
            return RGBA(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.r; pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b; pixels[i + 3] = newValue.a
        }
    }

    /// A copy of the given region (which must lie inside the buffer).
    public func cropped(to region: PixelRegion) -> PixelBuffer {
        precondition(region.x >= 0 && region.y >= 0 && region.maxX <= width && region.maxY <= height,
                     "crop region outside buffer")
        var out = [UInt8](repeating: 0, count: region.width * region.height * 4)
        let rowBytes = region.width * 4
        for row in 0..<region.height {
            let src = ((region.y + row) * width + region.x) * 4
            out.replaceSubrange(row * rowBytes..<(row + 1) * rowBytes,
                                with: pixels[src..<src + rowBytes])
        }
        return PixelBuffer(width: region.width, height: region.height, pixels: out)
    }

    /// How many pixels have alpha below 255.
    public var transparentPixelCount: Int {
        stride(from: 3, to: pixels.count, by: 4).reduce(0) { $0 + (pixels[$1] == 255 ? 0 : 1) }
    }

    /// Whether any pixel has alpha below 255.
    public var hasTransparency: Bool {
        var i = 3
        while i < pixels.count {
            if pixels[i] != 255 { return true }
            i += 4
        }
        return false
    }
}

/// One straight-alpha 8-bit pixel.
public struct RGBA: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    /// A pixel from its four channels.
    @inlinable public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    /// Transparent black, the colour of an empty canvas.
    public static let clear = RGBA(0, 0, 0, 0)
    public var description: String { "rgba(\(r),\(g),\(b),\(a))" }
}

/// A pixel rectangle, for frame regions, crops and dirty rectangles.
public struct PixelRegion: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int
    /// A rectangle from origin and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    /// One past the right edge.
    public var maxX: Int { x + width }
    /// One past the bottom edge.
    public var maxY: Int { y + height }
    /// Whether the rectangle covers no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
