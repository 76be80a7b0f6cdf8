import StickerCore

/// One step of colour reduction, from most faithful to least: fewer levels per channel
/// (truecolour, no palette), then smaller and smaller shared palettes.
enum ColourStep: Hashable, Sendable, CustomStringConvertible {
    /// Every colour channel rounded to 2^bits levels; alpha exact.
    case levels(bits: Int)
    /// One palette of at most this many entries for all frames.
    case palette(Int)

    /// The whole ladder, most faithful first. Levels are tried only where a 256-colour palette
    /// already fits (they cost more bytes than any palette). Every colour channel keeps the same
    /// number of bits: fewer for red and blue than for green scores higher on the luma metric but
    /// shows as coloured rings in smooth shading (docs/fit.md), a loss the metric does not see.
    static let ladder: [ColourStep] = [7, 6, 5, 4].map { .levels(bits: $0) }
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
    /// Bits per channel, nil for palettes.
    var bitsPerChannel: Int? { if case .levels(let b) = self { return b }; return nil }

    var description: String {
        switch self {
        case .levels(let bits): return "\(bits) bits per channel"
        case .palette(let n): return "palette \(n) colours"
        }
    }
}
