/// How remapping to a palette spreads the rounding error.
public enum Dithering: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    /// Nearest colour only: smallest files, flat areas stay flat, gradients may band.
    case none
    /// Floyd-Steinberg error diffusion (serpentine) in the perceptual space, the error scaled by
    /// `strength` (0...1). Pixels unchanged since the previous frame keep that frame's choice, so
    /// still areas of an animation stay still and compress as well as without dithering.
    case floydSteinberg(strength: Float)

    public var description: String {
        switch self {
        case .none: return "none"
        case .floydSteinberg(let s): return "floyd-steinberg \(Int((s * 100).rounded()))%"
        }
    }
}
