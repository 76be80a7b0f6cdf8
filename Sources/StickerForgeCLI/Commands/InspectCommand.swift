import ArgumentParser
import Foundation
import ImageCodec
import StickerKit

/// `stickerforge inspect FILE... [--json]`: the source facts a checker relies on.
struct InspectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print what image files say about themselves: format, depth, colour, transparency, frames.")

    @Argument(help: "Image files to inspect.")
    var files: [String]

    @Flag(help: "Print one JSON document (an array with one object per file).")
    var json = false

    func run() async throws {
        let console = Console.standard()
        let records = files.map(InspectRecord.init(path:))
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            console.out(String(decoding: try encoder.encode(records), as: UTF8.self) + "\n")
        } else {
            console.out(records.map { $0.text }.joined(separator: "\n"))
        }
        if records.contains(where: { $0.error != nil }) { throw ExitStatus.findings }
    }
}

/// One file's facts, or why they could not be read.
struct InspectRecord: Encodable {
    struct FrameRecord: Encodable {
        let delayMs: Double
        let delayNumerator: Int
        let delayDenominator: Int
        let region: PixelRegion?
        let dispose: DisposeOp?
        let blend: BlendOp?
    }
    let file: String
    let width: Int?
    let height: Int?
    let loopCount: Int?
    let durationMs: Double?
    let facts: SourceFacts?
    let frames: [FrameRecord]?
    /// How the file is read where it leaves the reading to the decoder (no colour table, an
    /// ignored acTL); nil when there is nothing to say.
    let notes: [String]?
    let error: String?

    init(path: String) {
        file = path
        do {
            let image = try ImageDecoder().decode(FileIO.read(path, maxBytes: DecodeLimits.default.maxFileBytes))
            width = image.width; height = image.height; loopCount = image.loopCount
            durationMs = (image.loopDurationMilliseconds * 1000).rounded() / 1000; facts = image.facts; error = nil
            let notes = Self.notes(image.facts)
            self.notes = notes.isEmpty ? nil : notes
            frames = image.frames.map {
                FrameRecord(delayMs: ($0.delay.milliseconds * 1000).rounded() / 1000, delayNumerator: $0.delay.numerator,
                            delayDenominator: $0.delay.denominator, region: $0.raw?.region,
                            dispose: $0.raw?.dispose, blend: $0.raw?.blend)
            }
        } catch {
            width = nil; height = nil; loopCount = nil; durationMs = nil; facts = nil; frames = nil; notes = nil
            self.error = "\(error)"
        }
    }

    /// The human-readable form: a headline and indented details.
    var text: String {
        let name = ProgressDisplay.printable(file)
        guard let f = facts, let width, let height, let frames else {
            return "\(name): error: \(error ?? "unknown")\n"
        }
        var lines = ["\(name): \(f.format.displayName) \(width)x\(height), \(frames.count) frame\(frames.count == 1 ? "" : "s"), \(f.fileSize) bytes"]
        var pixel = "  pixels: \(f.bitDepth)-bit \(f.colorModel.rawValue)"
        if let p = f.paletteSize { pixel += ", palette of \(p)" }
        pixel += ", transparency: \(f.transparency.rawValue)"
        if f.interlaced { pixel += f.format == .jpeg ? ", progressive" : ", interlaced" }
        lines.append(pixel)
        var colour: [String] = []
        if f.color.hasICCProfile { colour.append("ICC profile \(f.color.iccProfileName.map { "'\($0)'" } ?? "(unnamed)")") }
        if f.color.hasSRGBChunk { colour.append("sRGB chunk") }
        if let g = f.color.gamma { colour.append("gAMA \(g)") }
        if f.color.hasCHRMChunk { colour.append("cHRM chunk") }
        if let o = f.exifOrientation { colour.append("EXIF orientation \(o)") }
        lines.append("  colour: " + (colour.isEmpty ? "no colour information (assumed sRGB)" : colour.joined(separator: ", ")))
        lines += (notes ?? []).map { "  note: \($0)" }
        if f.format == .apng || f.format == .gif || frames.count > 1 {
            let loops = loopCount == 0 ? "loops forever" : "plays \(loopCount ?? 1) time\(loopCount == 1 ? "" : "s")"
            var anim = "  animation: \(f.frameCount) stored frames, \(Self.ms(durationMs ?? 0)) per loop, \(loops)"
            if let role = f.defaultImage { anim += ", default image: \(role.rawValue)" }
            lines.append(anim)
            for (i, fr) in frames.enumerated() {
                var line = "    frame \(i): \(Self.ms(fr.delayMs)) (\(fr.delayNumerator)/\(fr.delayDenominator) s)"
                if let r = fr.region, let d = fr.dispose, let b = fr.blend {
                    line += ", region \(r), dispose \(d.rawValue), blend \(b.rawValue)"
                }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Plain statements of how the decoder read what the file leaves open.
    static func notes(_ facts: SourceFacts) -> [String] {
        var notes: [String] = []
        if let untabled = facts.framesWithoutColorTable {
            let which = untabled.count == facts.frameCount ? "the file has no colour table (neither global nor local)"
                : "frame\(untabled.count == 1 ? "" : "s") \(untabled.map(String.init).joined(separator: ", ")) "
                    + "\(untabled.count == 1 ? "has" : "have") no colour table (neither global nor local)"
            notes.append("\(which): indices are drawn opaque black, as Chromium draws them")
        }
        if let cmyk = facts.color.cmykConversion {
            notes.append("CMYK: " + cmyk.summary(profileName: facts.color.iccProfileName))
        }
        if let reason = facts.ignoredAnimation {
            notes.append("animation ignored: \(reason); browsers show the default image as a still, and so does StickerForge")
        }
        for feature in facts.lottieUnsupportedFeatures ?? [] {
            notes.append("unsupported Lottie feature: \(feature.description) (not drawn as lottie-web draws it)")
        }
        return notes
    }

    private static func ms(_ v: Double) -> String {
        v == v.rounded() ? "\(Int(v)) ms" : String(format: "%.2f ms", v)
    }
}
