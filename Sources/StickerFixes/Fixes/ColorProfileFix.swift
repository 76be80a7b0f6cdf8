import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// `color_profile`: converts the file to plain 8-bit sRGB. Colours are converted with Little CMS 2
/// (`SRGBConverter`) from the embedded ICC profile, else from gAMA/cHRM; 16-bit samples are already
/// rounded to 8 bits by the decoder (v8 = (v16 x 255 + 32767) / 65535); a CMYK JPEG becomes an sRGB
/// PNG, its inks converted by the decoder (from the embedded CMYK profile with Little CMS 2, else by
/// the naive formula, which the record says). The output carries no profile: untagged means sRGB.
public struct ColorProfileFix: StickerFix {
    /// A fix.
    public init() {}

    public static let description = FixDescription(
        rules: ["color_profile"], action: "convert_to_srgb",
        summary: "Converts to 8-bit sRGB with Little CMS 2 from the embedded ICC profile or gAMA/cHRM; CMYK JPEG to sRGB PNG.")

    public func apply(to work: inout FixWork, context: FixContext) throws -> FixRecord? {
        guard let bytes = work.bytes, context.finds(ColorProfileCheck(), in: work) else { return nil }
        let facts = work.image.facts
        var steps: [String] = []
        if facts.colorModel == .cmyk || facts.colorModel == .ycck {
            let how = facts.color.cmykConversion ?? CMYKConversion(method: .naive, adobeInverted: false)
            steps.append("CMYK JPEG -> sRGB PNG: " + how.summary(profileName: facts.color.iccProfileName))
        } else if let space = SourceColorSpace.declared(in: bytes) {
            let converter = SRGBConverter()
            var frames = work.image.frames
            for i in frames.indices { frames[i].image = try converter.convert(frames[i].image, from: space) }
            work.image.frames = frames
            switch space {
            case .icc: steps.append("colours converted from the ICC profile \(facts.color.iccProfileName.map { "\"\($0)\"" } ?? "") to sRGB with Little CMS 2")
            case .gamma(let g, let c):
                steps.append("colours converted from gAMA \(NumberText.decimal(g, places: 5))\(c == nil ? "" : " and cHRM") to sRGB with Little CMS 2")
            }
        }
        if facts.bitDepth == 16 { steps.append("16-bit samples rounded to 8 bits") }
        guard !steps.isEmpty else { return nil }
        work.markReencoded()
        work.image.facts.color = ColorInfo()
        return FixRecord(rule: "color_profile", action: Self.description.action,
                         details: steps.joined(separator: "; ") + " (\(NumberText.count(work.image.frames.count, "frame")); no profile written: sRGB)")
    }

    public static var examples: FixExamples {
        let art = ExampleImage.canvas(120, 120, inset: 20)
        var deep = ExampleImage.still(art)
        deep.facts.bitDepth = 16
        var cmyk = ExampleImage.still(ExampleImage.opaque(120, 120), format: .jpeg)
        cmyk.facts.colorModel = .cmyk
        var tagged = ExampleImage.still(art)
        tagged.facts.color.hasSRGBChunk = true
        return FixExamples(
            triggering: [FixExample("16-bit PNG", .example(deep)), FixExample("CMYK JPEG", .example(cmyk))],
            nonTriggering: [FixExample("untagged 8-bit PNG", .example(ExampleImage.still(art))),
                            FixExample("PNG with an sRGB chunk", .example(tagged))])
    }
}
