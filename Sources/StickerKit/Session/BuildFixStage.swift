import Foundation
import StickerCore
import StickerFixes
import StickerRules

/// `build --fix`'s first step: the pack repaired into a temporary copy (the same fixes as `fix`),
/// which the build then reads instead of the sources. The sources are only read.
public struct BuildFixStage: Sendable {
    /// Limits, thresholds, severities.
    public var configuration: CheckConfiguration
    /// The fixes' switches, effort and time budget.
    public var settings: FixSettings
    /// A `stickerforge.yml` to read instead of the catalog's own (`--config`), or nil.
    public var explicitConfig: String?
    /// Version written into the report.
    public var toolVersion: String

    /// What the fix did, and the copy it did it in.
    public struct Result: Sendable {
        /// The repaired copy's report, its stickers and the repairs that could not be made, which
        /// name the source's paths rather than the copy's.
        public var outcome: FixOutcome
        /// The temporary copy the build reads; the caller discards it when done.
        public var target: FixTarget
    }

    /// A stage repairing with `settings`.
    public init(configuration: CheckConfiguration, settings: FixSettings, explicitConfig: String?, toolVersion: String) {
        self.configuration = configuration; self.settings = settings
        self.explicitConfig = explicitConfig; self.toolVersion = toolVersion
    }

    /// Repairs `pack` into a temporary copy.
    /// - Throws: `SessionError.fixFailed` (the copy deleted again) when the copy cannot be made,
    ///   `--config` cannot be read or the repair fails.
    public func run(_ pack: StickerPack) async throws -> Result {
        var staged: FixTarget?
        do {
            let target = try FixTarget(source: pack.root, output: nil, dryRun: true)
            staged = target
            let explicit = try explicitConfig.map { try PackConfig.load(from: $0) }
            let fixer = PackFixer(configuration: configuration, settings: settings, toolVersion: toolVersion)
            var outcome = try await fixer.fix(pack, explicitConfig: explicit, into: target.staging)
            outcome.problems = outcome.problems.map { target.userText($0, shown: pack.root) }
            return Result(outcome: outcome, target: target)
        } catch {
            let reason = staged?.userText("\(error)", shown: pack.root) ?? "\(error)"
            staged?.discard()
            throw SessionError.fixFailed(reason: reason)
        }
    }
}
