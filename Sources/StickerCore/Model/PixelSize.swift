import ImageCodec

/// A pixel size, for per-file measurements (sequence frames, icons).
public struct PixelSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// A size.
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    /// `"300x300 px"`.
    public var description: String { "\(width)x\(height) px" }
}
