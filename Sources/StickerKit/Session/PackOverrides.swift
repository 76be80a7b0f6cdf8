import Foundation
import StickerCore
import StickerFixes
import StickerRules

/// The settings that override a pack's `stickerforge.yml` (`--config`, `--grid-size`, `--max-bytes`,
/// `--rule`, `--strict` and the decode limits), as `check`, `build`, `watch` and `preview` take them.
public struct PackOverrides: Equatable, Sendable {
    /// A `stickerforge.yml` to use instead of the one at the catalog root.
    public var config: String?
    /// The grid size, over the pack's.
    public var gridSize: GridSize?
    /// The byte limit.
    public var maxBytes: Int?
    /// Severities by rule, in the order given.
    public var rules: [RuleOverride] = []
    /// Fail on warnings as well as errors.
    public var strict = false
    /// Files larger than this are not read at all.
    public var maxFileBytes: Int?
    /// The largest canvas side a file may declare.
    public var maxDimension: Int?
    /// The most frames a file may declare.
    public var maxFrames: Int?
    /// The most pixels over all frames of one file.
    public var maxTotalPixels: Int?
    /// Seconds of decoding per sticker: nil for the default, `.some(nil)` for no budget.
    public var timeoutPerSticker: Double??

    /// No overrides: every pack is read with its own settings.
    public init() {}

    /// Reads the catalog and builds the configuration: defaults, then the pack's settings, then these.
    /// - Throws: the reader's error when the catalog or `config` cannot be read at all.
    public func load(catalog: String) throws -> (StickerPack, CheckConfiguration) {
        var pack = try CatalogReader().read(at: catalog, config: try explicitConfig())
        return (pack, configuration(for: &pack))
    }

    /// The `config` file's settings, nil without one.
    public func explicitConfig() throws -> PackConfig? {
        try config.map { try PackConfig.load(from: $0) }
    }

    /// The configuration for `pack`: defaults, then the pack's settings, then these (a `gridSize`
    /// also becomes the pack's).
    public func configuration(for pack: inout StickerPack) -> CheckConfiguration {
        var configuration = CheckConfiguration()
        pack.config.apply(to: &configuration)
        if let gridSize {
            configuration.gridSizeOverride = gridSize
            pack.gridSize = gridSize
        }
        if let maxBytes { configuration.maxBytes = maxBytes }
        for rule in rules { configuration.severities[rule.rule] = rule.severity }
        configuration.strict = strict
        if let maxFileBytes { configuration.decodeLimits.maxFileBytes = maxFileBytes }
        if let maxDimension { configuration.decodeLimits.maxDimension = maxDimension }
        if let maxFrames { configuration.decodeLimits.maxFrames = maxFrames }
        if let maxTotalPixels { configuration.decodeLimits.maxTotalPixels = maxTotalPixels }
        if let timeoutPerSticker { configuration.decodeLimits.maxSecondsPerSticker = timeoutPerSticker }
        return configuration
    }
}
