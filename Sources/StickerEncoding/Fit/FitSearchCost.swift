import StickerCore

/// What a fit's encodes cost, counted in work, so it is the same on any machine and at any load:
/// the manifest's `fit.searchCost` (and a store manifest's `search`).
///
/// A full encode is given every frame of a candidate (a lossless file, a lossy file at one
/// quality, the final file); a partial one only some of them: a size told from a sample of the
/// frames (`EncodedFormatFitter.sampledEstimate`), or one frame encoded as a still to calibrate a
/// size prediction (`StickerFitter`). `cost` is the pixels of them all over the pixels of the file
/// written (its frames times its canvas): how many encodes of the output the search was worth.
///
/// ```swift
/// let cost = FitSearchCost(fullEncodes: 2, partialEncodes: 6, encodedPixels: 3_000_000, outputPixels: 1_000_000)
/// cost.cost   // 3.0
/// ```
public struct FitSearchCost: Equatable, Sendable, Codable {
    /// Encodes of every frame of a candidate.
    public var fullEncodes: Int
    /// Encodes of a sample of the frames, or of one frame as a still.
    public var partialEncodes: Int
    /// Pixels handed to the encoder over all of them (frames times canvas, summed).
    public var encodedPixels: Int
    /// Pixels of the file written: its frames times its canvas.
    public var outputPixels: Int

    public init(fullEncodes: Int, partialEncodes: Int, encodedPixels: Int, outputPixels: Int) {
        self.fullEncodes = fullEncodes; self.partialEncodes = partialEncodes
        self.encodedPixels = encodedPixels; self.outputPixels = outputPixels
    }

    /// `encodedPixels` over `outputPixels`, to 0.01 (0 when nothing was written).
    public var cost: Double {
        outputPixels > 0 ? (Double(encodedPixels) / Double(outputPixels) * 100).rounded() / 100 : 0
    }

    /// "2 full and 6 partial encodes, 3 times the pixels of the file written".
    public var text: String {
        "\(fullEncodes) full and \(partialEncodes) partial encode\(fullEncodes + partialEncodes == 1 ? "" : "s"), "
            + "\(NumberText.decimal(cost, places: 2)) times the pixels of the file written"
    }

    enum CodingKeys: String, CodingKey { case fullEncodes, partialEncodes, encodedPixels, outputPixels, cost }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        fullEncodes = try c.decode(Int.self, forKey: .fullEncodes)
        partialEncodes = try c.decode(Int.self, forKey: .partialEncodes)
        encodedPixels = try c.decode(Int.self, forKey: .encodedPixels)
        outputPixels = try c.decode(Int.self, forKey: .outputPixels)
    }

    /// Every count, and `cost` beside them for readers of the manifest.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(fullEncodes, forKey: .fullEncodes)
        try c.encode(partialEncodes, forKey: .partialEncodes)
        try c.encode(encodedPixels, forKey: .encodedPixels)
        try c.encode(outputPixels, forKey: .outputPixels)
        try c.encode(cost, forKey: .cost)
    }
}
