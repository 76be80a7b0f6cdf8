import StickerCore
import StickerEncoding
import StickerRules

extension ReportSummary {
    /// The one-line summary people read last: `12 stickers: 3 errors, 5 warnings, 2 infos; 9 passed`.
    public var sentence: String {
        "\(Self.count(stickers, "sticker")): \(Self.count(errors, "error")), "
            + "\(Self.count(warnings, "warning")), \(Self.count(infos, "info")); \(passed) passed"
    }

    /// "1 error", "0 errors", "2 errors".
    static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

    /// With a baseline, what it left out: `Baseline baseline.json: 3 known findings not shown; 1
    /// entry gone (fixed or renamed), drop it with --write-baseline: edge_halo halo (Pack/halo.png)`;
    /// nil without a baseline.
    public var baselineSentence: String? {
        guard let baseline else { return nil }
        var text = "Baseline \(baseline.path): \(Self.count(baseline.baselined, "known finding")) not shown"
        if !baseline.gone.isEmpty {
            let names = baseline.gone.map { entry in
                [entry.rule, entry.sticker, "(\(entry.file))"].compactMap { $0 }.joined(separator: " ")
            }
            text += "; \(baseline.gone.count) gone (fixed or renamed), rewrite the baseline with --write-baseline to drop "
                + (baseline.gone.count == 1 ? "it" : "them") + ": " + names.joined(separator: ", ")
        }
        return text
    }
}
