import ArgumentParser
import Foundation
import ImageCodec
import StickerKit

/// Renders a check report in each requested format and writes it to standard output or a file.
/// HTML needs the stickers' pixels, so it takes the checked stickers as well, and decodes one again
/// only when its card needs the frames (one sticker at a time, never the whole pack at once).
struct ReportWriter {
    let report: CheckReport
    let subjects: CheckedStickers
    let maxBytes: Int
    let console: Console
    let useColor: Bool
    /// The report's root as shown relative to the working directory (the repository, in CI);
    /// nil for `report.pack.path` as it is.
    var catalogRoot: String? = nil
    /// The store judged (`--platform`): the HTML report shows its chat colours and byte limits.
    var platform: PlatformRules = .imessage
    /// Where the stickers' files are read for the HTML report; nil for `report.pack.path` (a store
    /// build reads its staged folder while the report names the folder it is published to).
    var filesRoot: String? = nil

    /// Text in one of the standard-output formats.
    func render(_ format: ReportFormat, fullReportHint: String? = nil) -> String {
        let context = ReportContext(rules: BuildRules.reportDescriptions, useColor: useColor,
                                    catalogRoot: catalogRoot ?? report.pack.path, fullReportHint: fullReportHint,
                                    workingDirectory: FileManager.default.currentDirectoryPath)
        return format.reporter.render(report, context: context)
    }

    /// What the HTML report shows of each sticker, by name. `reusing` supplies media already made
    /// for stickers in `unchanged` (watch keeps them, so only changed stickers are encoded again).
    /// `prebuilt` gives, by sticker name, the animation a build already encoded for a sequence, so
    /// it is shown as built instead of being encoded a second time.
    func media(reusing cache: [String: StickerMedia] = [:], unchanged: Set<String> = [],
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
            if let built = prebuilt[sticker.name] {
                fileBytes = built
            } else if !subject.isSequence, let file = subject.source.files.first {
                fileBytes = try? FileIO.read(FileIO.join(filesRoot ?? report.pack.path, file), maxBytes: 64 << 20)  // unreadable: the card shows the decoded frames instead
            } else {
                fileBytes = nil
            }
            media[sticker.name] = builder.media(for: subject, fileBytes: fileBytes, findings: sticker.findings,
                                                load: { subjects.subject(for: subject) })
        }
        return media
    }

    /// The self-contained HTML page.
    func renderHTML(media: [String: StickerMedia]? = nil) -> String {
        HTMLReportRenderer().render(report, media: media ?? self.media(), rules: BuildRules.reportDescriptions,
                                    maxBytes: maxBytes, platform: platform)
    }

    private static func overlayRules(_ sticker: StickerReport) -> [String] {
        Set(sticker.findings.map(\.rule)).intersection(["edge_halo", "gif_hard_edges"]).sorted()
    }

    /// The report as a file's bytes in `format` (never coloured).
    func fileBytes(_ format: ReportFileFormat) -> [UInt8] {
        let plain = ReportWriter(report: report, subjects: subjects, maxBytes: maxBytes, console: console, useColor: false,
                                 catalogRoot: catalogRoot, platform: platform, filesRoot: filesRoot)
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

    /// Writes every `--report FORMAT:PATH`; returns false (after saying why) when one failed.
    /// `html`, when given, is written for HTML targets instead of the plain report (`build --fix`'s, with its before/after).
    func write(_ targets: [ReportTarget], html: String? = nil) -> Bool {
        var ok = true
        for target in targets {
            do {
                try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: target.path).deletingLastPathComponent().path, withIntermediateDirectories: true)
                let bytes = target.format == .html ? html.map { Array($0.utf8) } ?? fileBytes(.html) : fileBytes(target.format)
                try FileIO.writeAtomically(bytes, to: target.path)
            } catch {
                console.err("error: cannot write the \(target.format.rawValue) report: \(error)")
                ok = false
            }
        }
        return ok
    }
}

extension ReportFormat: ExpressibleByArgument {}
