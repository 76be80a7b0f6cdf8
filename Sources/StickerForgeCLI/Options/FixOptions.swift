import ArgumentParser
import ImageCodec
import StickerKit

/// The switches of the fixes, shared by `fix` and `build --fix` (docs/fix.md).
struct FixOptions: ParsableArguments {
    @Flag(help: "Scale stickers below 300 px up (opt-in: detail cannot be recovered).")
    var upscale = false

    @Flag(name: .customLong("remove-background"), help: "Make a near-uniform border colour transparent (opt-in guesswork).")
    var removeBackground = false

    @Flag(name: .customLong("labels-from-names"), help: "Give stickers without an accessibility label one made from their name.")
    var labelsFromNames = false

    @Flag(name: .customLong("smooth-gif-edges"), help: "Feather GIF's 1-bit edges when converting to APNG (lossy).")
    var smoothGIFEdges = false

    @Flag(name: .customLong("no-lossy"), help: "Fit oversized files losslessly only; never trade quality.")
    var noLossy = false

    /// The settings these switches ask for.
    func settings(minQuality: Double?, effort: DeflateEffort = .default, timeBudget: Double? = nil) -> FixSettings {
        var s = FixSettings()
        s.upscale = upscale; s.removeBackground = removeBackground; s.labelsFromNames = labelsFromNames
        s.smoothGIFEdges = smoothGIFEdges; s.lossy = !noLossy; s.effort = effort
        if let minQuality { s.minQuality = minQuality }
        s.timeBudget = timeBudget
        return s
    }
}
