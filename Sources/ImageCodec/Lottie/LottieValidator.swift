/// Checks Lottie JSON before rlottie ever sees it: strict JSON, bounded nesting, and sane top-level
/// values (canvas, frame rate, in and out frames, layers) within the decode limits
/// (canvas sides; the decoder checks frames times pixels at the size it renders).
///
/// rlottie trusts its input (its repository keeps reproducers of type confusions, a stack overflow
/// and an infinite loop), so the render process is contained as well (`LottieRenderProcess`); this
/// validator turns the common hostile shapes into a precise message before a process is spawned.
/// It reads with the shared strict `JSONReader` (iterative, linear in the input) and builds no tree:
/// `LottieTopLevel` keeps only the required keys' values.
public struct LottieValidator: Sendable {
    /// Deepest nesting of arrays and objects accepted. Real exports nest about 10 to 30 levels
    /// (layers, shapes, groups, keyframes); rlottie's parser recurses per level.
    public static let maxDepth = 96
    /// Highest frame rate accepted (After Effects allows 999).
    public static let maxFrameRate = 1000.0

    /// Limits on the canvas, frames and total pixels.
    public var limits: DecodeLimits

    /// A validator with the given limits.
    public init(limits: DecodeLimits = .default) { self.limits = limits }

    /// Validates the JSON and returns its top-level facts.
    /// - Throws: `CodecError.malformed` naming the key or byte offset, `.truncated`, or
    ///   `.limitExceeded` for a canvas or frame count over the limits.
    public func validate(_ json: [UInt8]) throws -> LottieDocument {
        let top = try LottieTopLevel.scan(json)
        func number(_ key: String) throws -> Double {
            guard let value = top[key] else { throw CodecError.malformed("Lottie: the top-level key `\(key)` is missing") }
            guard case .number(let n) = value else {
                throw CodecError.malformed("Lottie: `\(key)` is \(value.kindName); a number is required")
            }
            guard n.isFinite, abs(n) <= 1e9 else { throw CodecError.malformed("Lottie: `\(key)` is out of range") }
            return n
        }
        func side(_ key: String) throws -> Int {
            let n = try number(key)
            guard n >= 1, n == n.rounded() else {
                throw CodecError.malformed("Lottie: `\(key)` is \(n); a canvas side is a whole number of pixels, at least 1")
            }
            return Int(n)
        }
        guard case .string(let version)? = top["v"] else {
            let kind = top["v"]?.kindName ?? "missing"
            throw CodecError.malformed("Lottie: the top-level key `v` (Bodymovin version) is \(kind); a string is required")
        }
        let width = try side("w"), height = try side("h")
        try limits.checkCanvas(width: width, height: height)
        let rate = try number("fr")
        guard rate > 0, rate <= Self.maxFrameRate else {
            throw CodecError.malformed("Lottie: frame rate `fr` is \(rate); it must be above 0 and at most \(Int(Self.maxFrameRate))")
        }
        let inPoint = try number("ip"), outPoint = try number("op")
        guard case .array(let layers)? = top["layers"] else {
            let kind = top["layers"]?.kindName ?? "missing"
            throw CodecError.malformed("Lottie: `layers` is \(kind); an array is required")
        }
        let document = LottieDocument(width: width, height: height, frameRate: rate, inPoint: inPoint,
                                      outPoint: outPoint, version: version, layerCount: layers)
        guard document.frameCount >= 1 else {
            throw CodecError.malformed("Lottie: out frame `op` \(outPoint) is not at least one whole frame after in frame `ip` \(inPoint)")
        }
        // Frames times pixels is checked by the decoder at the size it renders (the canvas or a box).
        return document
    }
}
