/// How to decode, beyond the limits: what vector formats render at.
public struct DecodeOptions: Equatable, Sendable {
    /// Vector formats (Lottie, TGS) render straight at the size that fits a `fitBox` x `fitBox`
    /// square, aspect ratio kept, instead of at their canvas size; raster formats ignore it.
    public var fitBox: Int?

    /// Options; by default every format decodes at its own size.
    public init(fitBox: Int? = nil) { self.fitBox = fitBox }
}
