import ArgumentParser
import Foundation
import StickerKit

extension GridSize: ExpressibleByArgument {}

/// The settings that override a pack's `stickerforge.yml` (`check`, `build`, `watch`, `preview`),
/// apart from the catalog argument, so that `check` can take several paths with the same settings.
struct PackSettings: ParsableArguments {
    @Option(help: "A stickerforge.yml to use instead of the one at the catalog root.")
    var config: String?

    @Option(name: .customLong("grid-size"), help: "Override the pack's grid size: small, regular or large.")
    var gridSize: GridSize?

    @Option(name: .customLong("max-bytes"), help: "Largest sticker file in bytes (default 500000).")
    var maxBytes: Int?

    @Option(name: .customLong("rule"), help: ArgumentHelp("Set a rule's severity: ID=off|info|warning|error (repeatable).",
                                                          valueName: "ID=SEVERITY"))
    var rules: [String] = []

    @Flag(help: "Fail (exit 1) on warnings as well as errors.")
    var strict = false

    @Option(name: .customLong("max-file-bytes"), help: "Files larger than this are not read at all (default 67108864).")
    var maxFileBytes: Int?

    @Option(name: .customLong("max-dimension"), help: "Largest canvas side a file may declare (default 8192).")
    var maxDimension: Int?

    @Option(name: .customLong("max-frames"), help: "Most frames a file may declare (default 10000).")
    var maxFrames: Int?

    @Option(name: .customLong("max-total-pixels"), help: "Most pixels over all frames of one file (default 256000000).")
    var maxTotalPixels: Int?

    @Option(name: .customLong("timeout-per-sticker"), help: "Seconds of decoding per sticker before its remaining files are refused (default 30; 'none' for no budget).")
    var timeoutPerSticker: String?

    func validate() throws {
        if let maxBytes, maxBytes <= 0 { throw ValidationError("--max-bytes must be a positive number of bytes") }
        for (flag, value) in [("--max-file-bytes", maxFileBytes), ("--max-dimension", maxDimension),
                              ("--max-frames", maxFrames), ("--max-total-pixels", maxTotalPixels)] {
            if let value, value <= 0 { throw ValidationError("\(flag) must be a positive number") }
        }
        if let timeoutPerSticker, timeoutPerSticker != "none", !((Double(timeoutPerSticker) ?? 0) > 0) {
            throw ValidationError("--timeout-per-sticker takes a number of seconds above 0, or 'none'")
        }
        for rule in rules {
            do {
                let parsed = try RuleOverride(parsing: rule)
                if RuleRegistry.description(for: parsed.rule) == nil {
                    throw ValidationError("--rule \(rule): unknown rule id '\(parsed.rule)' (see docs/rules.md)")
                }
            } catch let error as ValidationError { throw error } catch {
                throw ValidationError("--rule \(rule): \(error)")
            }
        }
    }

    /// These settings as the library takes them.
    var overrides: PackOverrides {
        var overrides = PackOverrides()
        overrides.config = config
        overrides.gridSize = gridSize
        overrides.maxBytes = maxBytes
        // validate() has already parsed every value, so none is dropped here.
        overrides.rules = rules.compactMap { try? RuleOverride(parsing: $0) }
        overrides.strict = strict
        overrides.maxFileBytes = maxFileBytes
        overrides.maxDimension = maxDimension
        overrides.maxFrames = maxFrames
        overrides.maxTotalPixels = maxTotalPixels
        overrides.timeoutPerSticker = timeoutPerSticker.map { $0 == "none" ? nil : Double($0) }
        return overrides
    }

    /// Reads the catalog and builds the configuration: defaults, then the pack's settings, then flags.
    /// - Throws: exit 2 (`Console.fail`) after printing why, when the catalog or config cannot be read at all.
    func load(catalog: String, console: Console) throws -> (StickerPack, CheckConfiguration) {
        do { return try overrides.load(catalog: catalog) } catch { throw console.fail(error) }
    }
}
