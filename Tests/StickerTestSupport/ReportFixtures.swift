import StickerKit
import StickerReports
import StickerRules
import StickerEncoding
import StickerCore

/// The fixed sample every golden file renders. It exercises a pack-level finding with no file,
/// one with a file, a file name with spaces, CJK, emoji and `"<>&,:%`, a message with a newline,
/// frames, null fields (no facts, no fps, no frame), every severity, a clean sticker, and a rule
/// the context does not describe (`decode_failed`).
package enum ReportFixtures {
    /// The version written into reports; golden files hold `{{VERSION}}` in its place.
    package static let version = "1.2.3-golden"
    package static let catalogRoot = "Stickers/Party.xcstickers"
    package static let fullReport = "reports/stickerforge.sarif"
    package static let oddFile = "猫 😺.sticker/\"<a>&b,c:100%\".gif"

    package static let missingIcon = Finding(rule: "missing_marketing_icon", severity: .error, sticker: nil, file: nil,
                                     message: "The 1024x1024 App Store icon slot is empty",
                                     hint: "Add a 1024x1024 PNG to the icon set.")
    package static let unknownKey = Finding(rule: "unknown_key", severity: .warning, sticker: nil, file: "Contents.json",
                                    message: "Unknown key \"gird-size\"", hint: "Did you mean \"grid-size\"?")
    package static let tooLarge = Finding(rule: "file_too_large", severity: .error, sticker: "Wave", file: "Wave.sticker/wave.png",
                                  message: "612,345 bytes, limit 500,000 bytes (112,345 over)",
                                  hint: "Re-encode with fewer colours or a smaller canvas.")
    package static let opaque = Finding(rule: "prefer_png", severity: .info, sticker: "Wave", file: "Wave.sticker/wave.png",
                                message: "No pixel is transparent", hint: "")
    package static let fastFPS = Finding(rule: "frame_rate_high", severity: .warning, sticker: "Dance Party", file: nil,
                                 message: "40 fps, limit 30 fps", hint: "Drop every other frame.")
    package static let shortDelay = Finding(rule: "short_frame_delay", severity: .warning, sticker: "Dance Party",
                                    file: "Dance Party.sticker/frame 2.png", frame: 1,
                                    message: "Delay 10 ms; browsers play it at 100 ms", hint: "Use 20 ms or more.")
    package static let tooBig = Finding(rule: "pixel_size_too_large", severity: .error, sticker: "猫 😺", file: oddFile, frame: 0,
                                message: "800x800 pixels, limit 408x408\nMessages scales \"<it>\" & 100% of it down",
                                hint: "Resize to 408x408 or less.")
    package static let gifHint = Finding(rule: "prefer_png", severity: .info, sticker: "猫 😺", file: oddFile,
                                 message: "GIF has 1-bit transparency", hint: "Convert to APNG.")
    package static let undecodable = Finding(rule: "decode_failed", severity: .error, sticker: "Broken",
                                     file: "Broken.sticker/broken.png",
                                     message: "Not a PNG: bad signature", hint: "Re-export the file.")

    package static let stillFacts = StickerFacts(format: .png, width: 408, height: 408, frames: 1, durationMs: 0, fps: nil,
                                         loops: 0, bytes: 612_345, decodedBytes: 665_856, hasTransparency: false)

    package static var report: CheckReport {
        let stickers = [
            StickerReport(name: "Wave", files: ["Wave.sticker/wave.png"], facts: stillFacts, findings: [tooLarge, opaque],
                          accessibilityLabel: "Waving hand \"hi\" <3"),
            StickerReport(name: "Dance Party", files: ["Dance Party.sticker/frame 1.png", "Dance Party.sticker/frame 2.png"],
                          facts: StickerFacts(format: .apng, width: 300, height: 300, frames: 2, durationMs: 50, fps: 40,
                                              loops: 0, bytes: 20_480, decodedBytes: 720_000, hasTransparency: true),
                          findings: [fastFPS, shortDelay]),
            StickerReport(name: "猫 😺", files: [oddFile],
                          facts: StickerFacts(format: .gif, width: 800, height: 800, frames: 3, durationMs: 300, fps: 10,
                                              loops: 2, bytes: 90_000, decodedBytes: 7_680_000, hasTransparency: true),
                          findings: [tooBig, gifHint]),
            StickerReport(name: "Clean", files: ["Clean.sticker/clean.png"],
                          facts: StickerFacts(format: .png, width: 300, height: 300, frames: 1, durationMs: 0, fps: nil,
                                              loops: 0, bytes: 1_024, decodedBytes: 360_000, hasTransparency: true),
                          findings: []),
            StickerReport(name: "Broken", files: ["Broken.sticker/broken.png"], facts: nil, findings: [undecodable]),
        ]
        return CheckReport(
            tool: ToolInfo(version: version),
            pack: PackInfo(name: "Party & Friends", gridSize: .regular, path: "/tmp/checkout/" + catalogRoot),
            summary: ReportSummary(stickers: 5, errors: 4, warnings: 3, infos: 2, passed: 2),
            stickers: stickers,
            findings: [missingIcon, unknownKey] + stickers.flatMap(\.findings))
    }

    package static let rules: [RuleDescription] = [
        RuleDescription(id: "file_too_large", name: "File too large", summary: "Messages rejects sticker files over 500 KB.",
                        defaultSeverity: .error, category: .size, threshold: "500,000 bytes"),
        RuleDescription(id: "pixel_size_too_large", name: "Pixel size too large",
                        summary: "Stickers larger than the grid size are scaled down.",
                        defaultSeverity: .error, category: .size),
        RuleDescription(id: "frame_rate_high", name: "Frame rate high", summary: "High frame rates cost memory and battery.",
                        defaultSeverity: .warning, category: .animation, threshold: "30 fps"),
        RuleDescription(id: "short_frame_delay", name: "Short frame delay",
                        summary: "Very short delays are slowed down by some players.",
                        defaultSeverity: .warning, category: .animation, threshold: "10 ms"),
        RuleDescription(id: "prefer_png", name: "Prefer PNG", summary: "PNG and APNG handle transparency best.",
                        defaultSeverity: .info, category: .format),
        RuleDescription(id: "missing_marketing_icon", name: "Missing marketing icon",
                        summary: "App Store uploads need the 1024x1024 icon.", defaultSeverity: .error, category: .catalog),
        RuleDescription(id: "unknown_key", name: "Unknown key", summary: "Xcode ignores keys it does not know.",
                        defaultSeverity: .warning, category: .catalog),
    ]

    package static var context: ReportContext {
        ReportContext(rules: rules, useColor: false, catalogRoot: catalogRoot, fullReportHint: fullReport)
    }
}
