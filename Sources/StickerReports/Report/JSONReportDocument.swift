import StickerCore
import StickerEncoding
import StickerRules

/// The JSON layout of a `CheckReport`. It differs from the model's own `Codable` only in writing
/// `null` for absent values (`stickers[].facts`, `facts.fps`) instead of leaving keys out, and in
/// adding `reportVersion`: the model's decoder reads either form, which the round-trip test checks.
struct JSONReportDocument: Encodable {
    var report: CheckReport

    init(_ report: CheckReport) { self.report = report }

    private enum Keys: String, CodingKey { case reportVersion, tool, pack, summary, stickers, findings, fixes }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(JSONReporter.reportVersion, forKey: .reportVersion)
        try c.encode(report.tool, forKey: .tool)
        try c.encode(report.pack, forKey: .pack)
        try c.encode(SummaryEntry(summary: report.summary), forKey: .summary)
        try c.encode(report.stickers.map(StickerEntry.init), forKey: .stickers)
        try c.encode(report.findings, forKey: .findings)
        // Only a fix report has `fixes` (docs/report-formats.md); a check report is unchanged.
        try c.encodeIfPresent(report.fixes, forKey: .fixes)
    }

    /// `summary` with `baseline: null` when no baseline was applied.
    private struct SummaryEntry: Encodable {
        var summary: ReportSummary
        private enum Keys: String, CodingKey { case stickers, errors, warnings, infos, passed, baseline }
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(summary.stickers, forKey: .stickers); try c.encode(summary.errors, forKey: .errors)
            try c.encode(summary.warnings, forKey: .warnings); try c.encode(summary.infos, forKey: .infos)
            try c.encode(summary.passed, forKey: .passed); try c.encode(summary.baseline, forKey: .baseline)
        }
    }

    /// `stickers[]` with `facts: null` for a sticker that could not be decoded.
    private struct StickerEntry: Encodable {
        var sticker: StickerReport
        private enum Keys: String, CodingKey { case name, files, builtFrom, facts, findings, accessibilityLabel, fixes, refusedFixes }
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(sticker.name, forKey: .name)
            try c.encode(sticker.files, forKey: .files)
            try c.encodeIfPresent(sticker.builtFrom, forKey: .builtFrom)
            try c.encode(sticker.facts.map(FactsEntry.init), forKey: .facts)
            try c.encode(sticker.findings, forKey: .findings)
            try c.encode(sticker.accessibilityLabel, forKey: .accessibilityLabel)
            try c.encodeIfPresent(sticker.fixes, forKey: .fixes)
            try c.encodeIfPresent(sticker.refusedFixes, forKey: .refusedFixes)
        }
    }

    /// `facts` with `fps: null` for stills.
    private struct FactsEntry: Encodable {
        var facts: StickerFacts
        private enum Keys: String, CodingKey {
            case format, width, height, frames, durationMs, fps, loops, bytes, decodedBytes, hasTransparency
        }
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(facts.format, forKey: .format)
            try c.encode(facts.width, forKey: .width)
            try c.encode(facts.height, forKey: .height)
            try c.encode(facts.frames, forKey: .frames)
            try c.encode(facts.durationMs, forKey: .durationMs)
            try c.encode(facts.fps, forKey: .fps)
            try c.encode(facts.loops, forKey: .loops)
            try c.encode(facts.bytes, forKey: .bytes)
            try c.encode(facts.decodedBytes, forKey: .decodedBytes)
            try c.encode(facts.hasTransparency, forKey: .hasTransparency)
        }
    }
}
