import ImageCodec

/// Colours and small files shared by the GIF tests.
public enum GIFFixtures {
    /// A 4-entry global table: red, green, blue, white.
    public static let palette: [RGBA] = [RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(0, 0, 255), RGBA(255, 255, 255)]
    /// Red as decoded.
    public static let red = RGBA(255, 0, 0)
    /// Green as decoded.
    public static let green = RGBA(0, 255, 0)
    /// Blue as decoded.
    public static let blue = RGBA(0, 0, 255)
    /// White as decoded.
    public static let white = RGBA(255, 255, 255)

    /// A 3-frame animation using every feature at once (local table, transparency, interlace,
    /// disposal, NETSCAPE loop), for robustness tests that cut it up.
    public static func animated() -> [UInt8] {
        GIFFixtureEncoder(width: 4, height: 9, globalPalette: palette, loopCount: 0, frames: [
            GIFFixtureFrame(width: 4, height: 9, indices: (0..<36).map { UInt8($0 % 4) },
                            delayCentiseconds: 7, disposal: 1),
            GIFFixtureFrame(left: 1, top: 2, width: 3, height: 9, indices: (0..<27).map { UInt8($0 % 2) },
                            localPalette: [RGBA(0, 0, 0), RGBA(255, 255, 0)], interlaced: true,
                            delayCentiseconds: 1, disposal: 3, transparentIndex: 0),
            GIFFixtureFrame(left: 2, top: 0, width: 2, height: 2, indices: [3, 2, 1, 0],
                            delayCentiseconds: 0, disposal: 2),
        ]).encode()
    }

    /// A canvas built from rows of colours, for exact comparisons.
    public static func canvas(_ rows: [[RGBA]]) -> PixelBuffer {
        var buffer = PixelBuffer(width: rows.first?.count ?? 0, height: rows.count)
        for (y, row) in rows.enumerated() { for (x, colour) in row.enumerated() { buffer[x, y] = colour } }
        return buffer
    }
}
