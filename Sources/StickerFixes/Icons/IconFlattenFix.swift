import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// `icon_not_opaque` and `icon_color_profile`: rewrites such an icon, in the copy, as App Store
/// Connect accepts it: colours converted to sRGB with Little CMS 2 from the embedded ICC profile or
/// gAMA/cHRM (16-bit samples rounded to 8 bits by the decoder), every pixel composited over the
/// icon background (`icon_background`, else the icon's own opaque border colour, else white), and
/// written as 8-bit RGB with an sRGB chunk, no alpha and no tRNS (`IconRenderer.encode`).
///
/// Icons are not stickers, so this is not a `StickerFix`: `PackFixer` runs it once over the copy's
/// icon set, after the stickers, and its records are the catalog's.
public struct IconFlattenFix: Sendable {
    /// A fix.
    public init() {}

    /// What it answers and does.
    public static let description = FixDescription(
        rules: [IconNotOpaqueCheck.description.id, IconColorProfileCheck.description.id], action: "flatten_icon",
        summary: "Flattens an icon onto the icon background and rewrites it as 8-bit sRGB RGB without alpha or tRNS.")

    /// What the fix did to the icon set, and what it could not do.
    public struct Outcome: Equatable, Sendable {
        /// One record per icon rewritten, in slot order.
        public var records: [FixRecord] = []
        /// Icons that needed it but could not be rewritten, and why.
        public var problems: [String] = []
    }

    /// Rewrites, in place under `root`, every icon of `pack` that the two icon rules find something in
    /// (a rule that is off is not fixed). `background` is the configured colour, nil for automatic.
    public func repair(_ pack: StickerPack, root: String, context: FixContext, limits: DecodeLimits,
                       background: RGBA?) -> Outcome {
        var outcome = Outcome()
        let icons = SubjectLoader(limits: limits).loadIcons(pack.iconSet, root: root)
        for icon in icons {
            let subject = PackSubject(pack: pack, summaries: [], icons: [icon])
            let findings = [IconNotOpaqueCheck().check(subject, context: context.check),
                            IconColorProfileCheck().check(subject, context: context.check)].joined()
            guard let rule = findings.first?.rule else { continue }
            do {
                let path = FileIO.join(root, icon.file)
                let (bytes, details) = try rewritten(FileIO.read(path, maxBytes: limits.maxFileBytes), file: icon.file, limits: limits,
                                                     background: background, effort: context.settings.effort)
                try FileIO.writeAtomically(bytes, to: path)
                outcome.records.append(FixRecord(rule: rule, action: Self.description.action,
                                                 details: "\(icon.file): \(details)"))
            } catch {
                outcome.problems.append("not rewritten: \(error)")
            }
        }
        return outcome
    }

    /// The icon in `bytes` as an opaque 8-bit sRGB RGB PNG, and what was done in words.
    /// - Throws: `FixError.codec` for a file that is not a PNG or does not decode.
    func rewritten(_ bytes: [UInt8], file: String, limits: DecodeLimits = .default, background: RGBA?,
                   effort: DeflateEffort) throws -> ([UInt8], String) {
        let decoded: DecodedImage
        do { decoded = try ImageDecoder(limits: limits).decode(bytes) } catch {
            throw FixError.codec(file: file, reason: "does not decode: \(error)")
        }
        guard decoded.facts.format == .png || decoded.facts.format == .apng, var image = decoded.frames.first?.image else {
            throw FixError.codec(file: file, reason: "is \(decoded.facts.format.rawValue), not PNG; export it as PNG")
        }
        var steps: [String] = []
        // Converted only when the colours are not sRGB already (an sRGB-valued gAMA needs nothing).
        if !ColorProfileCheck.reasons(decoded.facts).isEmpty, let space = SourceColorSpace.declared(in: bytes) {
            image = try SRGBConverter().convert(image, from: space)
            switch space {
            case .icc: steps.append("colours converted from the ICC profile \(decoded.facts.color.iccProfileName.map { "\"\($0)\" " } ?? "")to sRGB")
            case .gamma(let g, _): steps.append("colours converted from gAMA \(NumberText.decimal(g, places: 5)) to sRGB")
            }
        }
        if decoded.facts.bitDepth == 16 { steps.append("16-bit samples rounded to 8 bits") }
        let colour = IconRenderer(style: IconStyle(background: background)).background(for: image)
        let transparent = image.transparentPixelCount
        if transparent > 0 {
            steps.append("\(NumberText.count(transparent, "transparent pixel")) flattened onto \(IconStyle.hex(colour))")
        }
        if decoded.facts.transparency != .none { steps.append("\(decoded.facts.transparency.rawValue) removed") }
        let png = try IconRenderer.encode(IconRenderer.flattened(image, onto: colour), effort: effort)
        return (png, steps.joined(separator: "; ") + "; written as 8-bit RGB with an sRGB chunk")
    }
}
