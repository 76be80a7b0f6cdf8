import ImageCodec
import StickerCore

/// Messages shows 8-bit sRGB; other colour spaces, gammas and depths shift colours or cost bytes.
public struct ColorProfileCheck: StickerCheck {
    /// A check.
    public init() {}

    /// PNG gAMA of sRGB (1/2.2) and the tolerance within which a gAMA counts as sRGB.
    static let srgbGamma = 0.45455, gammaTolerance = 0.01

    public static let description = RuleDescription(
        id: "color_profile", name: "Not sRGB",
        summary: "The file is not plain 8-bit sRGB: a non-sRGB ICC profile, a non-sRGB gamma, 16-bit samples or CMYK.",
        defaultSeverity: .warning, category: .color, threshold: "gAMA 0.45455 ± 0.01")

    /// The embedded ICC profile when it is not sRGB (by name or description), in words.
    static func profileReason(_ color: ColorInfo) -> String? {
        guard color.hasICCProfile && color.iccProfileIsSRGB != true else { return nil }
        return color.iccProfileName.map { "ICC profile \"\($0)\" is not sRGB" } ?? "an embedded ICC profile that is not sRGB"
    }

    /// Why the facts are not plain sRGB, in message order; empty when they are.
    package static func reasons(_ facts: SourceFacts) -> [String] {
        var reasons: [String] = []
        let color = facts.color
        if let profile = profileReason(color) { reasons.append(profile) }
        // An sRGB chunk overrides gAMA for every decoder that knows it.
        if let gamma = color.gamma, !color.hasSRGBChunk, abs(gamma - srgbGamma) > gammaTolerance {
            reasons.append("gAMA \(NumberText.decimal(gamma, places: 5)) (sRGB is 0.45455)")
        }
        if facts.bitDepth == 16 { reasons.append("16 bits per sample") }
        if facts.colorModel == .cmyk { reasons.append("CMYK colour") }
        if facts.colorModel == .ycck { reasons.append("YCCK (CMYK) colour") }
        return reasons
    }

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        // Judged per file: a sequence's frames are converted one by one when assembled.
        let offending = subject.files.compactMap { file -> (LoadedFile, [String])? in
            guard let facts = file.facts else { return nil }
            let reasons = Self.reasons(facts)
            return reasons.isEmpty ? nil : (file, reasons)
        }
        guard let (first, reasons) = offending.first else { return [] }
        var message = "\(first.fileName): \(NumberText.list(reasons))"
        if subject.isSequence {
            message += " (\(NumberText.int(offending.count)) of \(NumberText.count(subject.files.count, "frame file")) not sRGB)"
        }
        return [context.finding(
            Self.description, sticker: subject.name, file: first.path,
            frame: subject.isSequence && offending.count == 1 ? frameIndex(of: first.path, in: subject) : nil,
            message: message,
            hint: "Convert to 8-bit sRGB (\"Export for web\", or embed no profile) so colours look the same in Messages.")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        let art = ExampleImage.canvas(408, 408, inset: 20)
        var p3 = ExampleImage.still(art)
        p3.facts.color.hasICCProfile = true
        p3.facts.color.iccProfileName = "Display P3"
        p3.facts.color.iccProfileIsSRGB = false
        var gamma = ExampleImage.still(art)
        gamma.facts.color.gamma = 0.55556
        var deep = ExampleImage.still(art)
        deep.facts.bitDepth = 16
        var cmyk = ExampleImage.still(ExampleImage.opaque(408, 408), format: .jpeg)
        cmyk.facts.colorModel = .cmyk
        var tagged = ExampleImage.still(art)
        tagged.facts.color.hasSRGBChunk = true
        tagged.facts.color.gamma = 0.45455
        var srgbWithOddGamma = tagged
        srgbWithOddGamma.facts.color.gamma = 1.0
        return CheckExamples(
            triggering: [
                CheckExample("Display P3 profile", .example(image: p3)),
                CheckExample("gAMA 0.55556", .example(image: gamma)),
                CheckExample("16-bit PNG", .example(image: deep)),
                CheckExample("CMYK JPEG", .example(image: cmyk)),
            ],
            nonTriggering: [
                CheckExample("untagged", .example(image: ExampleImage.still(art))),
                CheckExample("sRGB chunk and gAMA", .example(image: tagged)),
                CheckExample("sRGB chunk overrides gAMA", .example(image: srgbWithOddGamma)),
            ])
    }
}
