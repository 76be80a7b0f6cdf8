import ArgumentParser
import Foundation
import StickerKit

/// `--baseline FILE` and `--write-baseline FILE` of `check` (docs/report-formats.md, "Baseline").
struct BaselineOptions: ParsableArguments {
    @Option(name: .customLong("baseline"), help: ArgumentHelp(
        "Report and fail only on findings not in this baseline file (written by --write-baseline).", valueName: "FILE"))
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: ArgumentHelp(
        "Record today's findings in this file (exit 0 once written); run from the repository root.", valueName: "FILE"))
    var writeBaseline: String?

    /// `report` with the baseline's findings taken out, or as it is without `--baseline`.
    /// - Throws: exit 2 (`Console.fail`) after saying why, when the baseline cannot be read.
    func apply(to report: CheckReport, root: String, covered: [String], console: Console) throws -> CheckReport {
        guard let baseline else { return report }
        do {
            let loaded = try Baseline.decode(try FileIO.read(baseline, maxBytes: 256 << 20), path: baseline)
            return loaded.apply(to: report, root: root, path: baseline, covered: covered)
        } catch {
            throw console.fail(CommandFailure.baselineUnreadable(reason: error))
        }
    }

    /// Writes `--write-baseline` from the full report (before any baseline was applied); returns
    /// whether one was written.
    /// - Throws: exit 2 (`Console.fail`) after saying why, when it cannot be written.
    func write(_ report: CheckReport, root: String, console: Console) throws -> Bool {
        guard let writeBaseline else { return false }
        let recorded = Baseline(recording: report, root: root)
        do {
            try FileIO.writeAtomically(recorded.encoded(), to: writeBaseline)
        } catch {
            throw console.fail(CommandFailure.baselineUnwritable(reason: error))
        }
        console.err("baseline: \(recorded.findings.count) findings recorded in \(writeBaseline)")
        return true
    }
}
