import ImageCodec

/// How an icon source fills a slot of another aspect ratio (`icon_fit`, `--icon-fit`).
public enum IconFit: String, Equatable, Sendable, CaseIterable {
    /// Scaled to fit inside the slot, centred; the bars get the background colour.
    case letterbox
    /// Scaled to fill the slot, centred; what overhangs is cropped.
    case cover
}

/// What `build` does with the icon source: its fit, and the colour behind it (nil: the source's own
/// border colour when that border is opaque and near-uniform, else white).
public struct IconStyle: Equatable, Sendable {
    /// The fill colour of bars and of transparent artwork; nil picks it from the source.
    public var background: RGBA?
    /// Letterbox or cover.
    public var fit: IconFit
    /// A style; letterbox onto the automatic background by default.
    public init(background: RGBA? = nil, fit: IconFit = .letterbox) { self.background = background; self.fit = fit }

    /// `#RRGGBB` (or `RRGGBB`) as an opaque colour, nil when it is not six hex digits.
    public static func colour(hex text: String) -> RGBA? {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard digits.count == 6, let value = UInt32(digits, radix: 16), digits.allSatisfy(\.isHexDigit) else { return nil }
        return RGBA(UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF), 255)
    }

    /// `#RRGGBB`, upper-case.
    public static func hex(_ c: RGBA) -> String {
        "#" + [c.r, c.g, c.b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }

    /// The build key text of the style.
    package var keyText: String { "fit=\(fit.rawValue);background=\(background.map(Self.hex) ?? "auto")" }
}
