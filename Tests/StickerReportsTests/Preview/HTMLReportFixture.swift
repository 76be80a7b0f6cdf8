import ImageCodec
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// The fixed report the HTML golden file renders: a 408 px still with a quoted accessibility label
/// and an edge overlay, a 618 px sticker with a hostile name and no label, a sticker that could not
/// be decoded (no media), and one pack-level finding.
enum HTMLReportFixture {
    static let version = "9.8.7-golden"
    static let hostileName = "<script>alert(\"x\")</script> & \"é 猫\""
    static let hostileEscaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;é 猫&quot;"
    static let waveLabel = "Waving hand \"hi\" & <3"
    static let maxBytes = 500_000

    static let noIcons = Finding(rule: "icon_slot_missing", severity: .warning, sticker: nil, file: nil,
                                 message: "no Messages app icon set (iMessage App Icon.stickersiconset)",
                                 hint: "Add an icon set with all 13 slots.")
    static let halo = Finding(rule: "edge_halo", severity: .warning, sticker: "Wave", file: "Wave.png",
                              message: "31% of edge pixels carry a dark matte", hint: "Export with straight alpha.")
    static let tooBig = Finding(rule: "exceeds_grid_size", severity: .error, sticker: hostileName, file: "hostile.png",
                                message: "618x618 px, limit 408x408 px for the regular grid", hint: "Resize to 408 px.")
    static let broken = Finding(rule: "corrupt_image", severity: .error, sticker: "Broken", file: "Broken.png",
                                message: "Not a PNG: bad signature", hint: "Re-export the file.")

    static func report(grid: GridSize = .regular) -> CheckReport {
        let stickers = [
            StickerReport(name: "Wave", files: ["Wave.png"],
                          facts: StickerFacts(format: .png, width: 408, height: 408, frames: 1, durationMs: 0, fps: nil,
                                              loops: 0, bytes: 48_010, decodedBytes: 665_856, hasTransparency: true),
                          findings: [halo], accessibilityLabel: waveLabel),
            StickerReport(name: hostileName, files: ["hostile.png"],
                          facts: StickerFacts(format: .apng, width: 618, height: 618, frames: 2, durationMs: 200, fps: 10,
                                              loops: 0, bytes: 612_345, decodedBytes: 3_055_392, hasTransparency: true),
                          findings: [tooBig]),
            StickerReport(name: "Broken", files: ["Broken.png"], facts: nil, findings: [broken]),
        ]
        return CheckReport(tool: ToolInfo(version: version),
                           pack: PackInfo(name: "Party & <Friends>", gridSize: grid, path: "/tmp/Party"),
                           summary: ReportSummary(stickers: 3, errors: 2, warnings: 2, infos: 0, passed: 1),
                           stickers: stickers, findings: [noIcons] + stickers.flatMap(\.findings))
    }

    /// A 1x1 opaque PNG: the media bytes only need to be fixed, the declared size drives the layout.
    static func pixelPNG(_ colour: RGBA) throws -> [UInt8] {
        try PNGEncoder(options: PNGEncodeOptions(effort: .fast)).encode(PixelBuffer(width: 1, height: 1, fill: colour))
    }

    static func media() throws -> [String: StickerMedia] {
        [
            "Wave": StickerMedia(data: try pixelPNG(RGBA(30, 140, 220)), mimeType: "image/png", width: 408, height: 408,
                                 overlayPNG: try pixelPNG(RGBA(255, 0, 255)), overlayRules: ["edge_halo"]),
            hostileName: StickerMedia(data: try pixelPNG(RGBA(200, 30, 30)), mimeType: "image/png", width: 618, height: 618),
        ]
    }

    static let rules: [RuleDescription] = [
        RuleDescription(id: "edge_halo", name: "Edge halo", summary: "A matte colour shows along the edge.",
                        defaultSeverity: .warning, category: .transparency),
        RuleDescription(id: "exceeds_grid_size", name: "Exceeds grid size", summary: "Messages scales it down.",
                        defaultSeverity: .error, category: .pixels),
    ]

    static func render(grid: GridSize = .regular) throws -> String {
        HTMLReportRenderer().render(report(grid: grid), media: try media(), rules: rules, maxBytes: maxBytes)
    }
}
