/// One step of colour reduction, from most faithful to least: fewer levels per channel
/// (truecolour, no palette), then smaller and smaller shared palettes.
enum ColourStep: Hashable, Sendable, CustomStringConvertible {
    /// Each colour channel rounded to 2^bits levels, with bits given as [red, green, blue]; alpha exact.
    case levels([Int])
    /// One palette of at most this many entries for all frames.
    case palette(Int)

    /// The whole ladder, most faithful first. Levels are tried only where a 256-colour palette
    /// already fits (they cost more bytes than any palette). Their rungs keep green finest: it carries
    /// most of the lightness, so on the fit benchmark 4/6/4 bits beat 5/5/5 in both bytes and quality
    /// (soft gradients at 408 px: 443,046 B at SSIM 0.977 against 488,941 B at 0.970), and equal
    /// counts (6/6/6, 5/5/5) were dominated by a neighbouring rung on every animation measured. Bytes
    /// fall down the ladder on every benchmark animation (454 and 363 within 1% of each other).
    static let ladder: [ColourStep] = [[7, 7, 7], [6, 7, 6], [5, 7, 5], [5, 6, 5], [5, 6, 4], [4, 7, 4], [4, 6, 4],
                                       [4, 5, 4], [3, 6, 3], [3, 5, 3], [2, 5, 2]].map { .levels($0) }
        + [256, 200, 160, 128, 100, 80, 64, 48, 32, 24, 16].map { .palette($0) }
    /// Where the palettes start in `ladder`.
    static let firstPalette = ladder.firstIndex(of: .palette(256)) ?? 0

    /// Position in `ladder`.
    var rank: Int { Self.ladder.firstIndex(of: self) ?? Self.ladder.count }

    /// The next step towards fidelity, nil at the top.
    var moreFaithful: ColourStep? { rank > 0 ? Self.ladder[rank - 1] : nil }
    /// The next step towards smaller files, nil at the bottom.
    var smaller: ColourStep? { rank + 1 < Self.ladder.count ? Self.ladder[rank + 1] : nil }

    /// Palette size, nil for levels.
    var paletteSize: Int? { if case .palette(let n) = self { return n }; return nil }
    /// Bits per colour channel as [red, green, blue], nil for palettes.
    var channelBits: [Int]? { if case .levels(let b) = self { return b }; return nil }

    var description: String {
        switch self {
        case .levels(let bits): return Self.levelsText(bits)
        case .palette(let n): return "palette \(n) colours"
        }
    }

    /// "5 bits per channel", or "4/6/4 bits per channel (red/green/blue)" when the counts differ.
    static func levelsText(_ bits: [Int]) -> String {
        Set(bits).count == 1 ? "\(bits[0]) bits per channel"
            : bits.map(String.init).joined(separator: "/") + " bits per channel (red/green/blue)"
    }
}
