import Foundation
import ImageCodec
import StickerCore
import StickerReports
import StickerFixes
import StickerRules

/// Every format a report file can be written in: the standard-output formats plus HTML.
public enum ReportFileFormat: String, CaseIterable, Sendable {
    case text, json, sarif, junit, github, gitlab, markdown, xcode, html
}

/// Renders a check report in each format, as text or a file's bytes; writes nothing. HTML needs
/// the stickers' pixels, so it takes the checked stickers as well, and decodes one again only when
/// its card needs the frames (one sticker at a time, never the whole pack at once).
public struct ReportRenderer: Sendable {
    /// The report.
    public var report: CheckReport
    /// The checked stickers, for the HTML report.
    public var subjects: CheckedStickers
    /// The byte limit the HTML report measures against.
    public var maxBytes: Int
    /// Whether the text formats are coloured.
    public var useColor: Bool
    /// The report's root as shown relative to the working directory (the repository, in CI);
    /// nil for `report.pack.path` as it is.
    public var catalogRoot: String?
    /// The store judged (`--platform`): the HTML report shows its chat colours and byte limits.
    public var platform: PlatformRules
    /// Where the stickers' files are read for the HTML report; nil for `report.pack.path` (a store
    /// build reads its staged folder while the report names the folder it is published to).
    public var filesRoot: String?
    /// The working directory paths are shown relative to.
    public var workingDirectory: String
    /// Whether the HTML page links each sticker's file instead of embedding it: the page is
    /// written into the folder the files sit in (a store build's `report.html`), so it moves with
    /// them. Off for `check --report html:PATH`, whose page is opened elsewhere (a CI artifact, a
    /// mail) and so carries its images.
    public var linksFiles = false

    /// A renderer of `report`.
    public init(report: CheckReport, subjects: CheckedStickers, maxBytes: Int, useColor: Bool, catalogRoot: String? = nil,
                platform: PlatformRules = .imessage, filesRoot: String? = nil,
                workingDirectory: String = FileManager.default.currentDirectoryPath) {
        self.report = report; self.subjects = subjects; self.maxBytes = maxBytes; self.useColor = useColor
        self.catalogRoot = catalogRoot; self.platform = platform; self.filesRoot = filesRoot
        self.workingDirectory = workingDirectory
    }

    /// Text in one of the standard-output formats.
    public func render(_ format: ReportFormat, fullReportHint: String? = nil) -> String {
        let context = ReportContext(rules: BuildRules.reportDescriptions, useColor: useColor,
                                    catalogRoot: catalogRoot ?? report.pack.path, fullReportHint: fullReportHint,
                                    workingDirectory: workingDirectory)
        return format.reporter.render(report, context: context)
    }

    /// What the HTML report shows of each sticker, by name. `reusing` supplies media already made
    /// for stickers in `unchanged` (watch keeps them, so only changed stickers are encoded again).
    /// `prebuilt` gives, by sticker name, the animation a build already encoded for a sequence, so
    /// it is shown as built instead of being encoded a second time.
    public func media(reusing cache: [String: StickerMedia] = [:], unchanged: Set<String> = [],
                      prebuilt: [String: [UInt8]] = [:]) -> [String: StickerMedia] {
        let builder = StickerMediaBuilder()
        var media: [String: StickerMedia] = [:]
        for (subject, sticker) in zip(subjects, report.stickers) {
            if unchanged.contains(sticker.name), let cached = cache[sticker.name],
               cached.overlayRules == Self.overlayRules(sticker) {
                media[sticker.name] = cached
                continue
            }
            let fileBytes: [UInt8]?
            var linked: String?
            if let built = prebuilt[sticker.name] {
                fileBytes = built
            } else if linksFiles, !subject.isSequence, let file = subject.source.files.first {
                linked = file      // the page links what a browser shows as it is, and renders the rest
                fileBytes = nil
            } else if !subject.isSequence, let file = subject.source.files.first {
                fileBytes = try? FileIO.read(FileIO.join(filesRoot ?? report.pack.path, file), maxBytes: 64 << 20)  // unreadable: the card shows the decoded frames instead
            } else {
                fileBytes = nil
            }
            var subjects = self.subjects
            if linksFiles {
                // What is not linked (a TGS, a Lottie) is rendered for the card alone: it shows a sticker at
                // most a third of the grid cell in CSS pixels, so twice that stays sharp on a HiDPI screen.
                subjects.vectorBox = 2 * report.pack.gridSize.maxPixels / 3
            }
            media[sticker.name] = builder.media(for: subject, fileBytes: fileBytes, findings: sticker.findings, linking: linked,
                                                load: { subjects.subject(for: subject) })
        }
        return media
    }

    /// The HTML page: self-contained, or linking the stickers' files (`linksFiles`).
    public func renderHTML(media: [String: StickerMedia]? = nil) -> String {
        HTMLReportRenderer().render(report, media: media ?? self.media(), rules: BuildRules.reportDescriptions,
                                    maxBytes: maxBytes, platform: platform)
    }

    private static func overlayRules(_ sticker: StickerReport) -> [String] {
        Set(sticker.findings.map(\.rule)).intersection(["edge_halo", "gif_hard_edges"]).sorted()
    }

    /// The report as a file's bytes in `format` (never coloured).
    public func fileBytes(_ format: ReportFileFormat) -> [UInt8] {
        var plain = self
        plain.useColor = false
        switch format {
        case .html: return Array(plain.renderHTML().utf8)
        case .text: return Array(plain.render(.text).utf8)
        case .json: return Array(plain.render(.json).utf8)
        case .sarif: return Array(plain.render(.sarif).utf8)
        case .junit: return Array(plain.render(.junit).utf8)
        case .github: return Array(plain.render(.github).utf8)
        case .gitlab: return Array(plain.render(.gitlab).utf8)
        case .markdown: return Array(plain.render(.markdown).utf8)
        case .xcode: return Array(plain.render(.xcode).utf8)
        }
    }
}
