/// What a `stickerforge.yml` may ask of the YAML parser. Every bound is far above what a real
/// configuration needs (a few kilobytes, four or five levels, a handful of anchors), so only
/// hostile or broken input meets one (docs/security.md). Size, nesting, anchors and aliases are
/// checked on the text before Yams composes it, because its composer recurses once per level;
/// expanded values and keys are counted on the composed tree, because aliases can multiply a
/// small text ("billion laughs").
public struct ConfigLimits: Equatable, Sendable {
    /// Largest file, in bytes (1 MiB).
    public var maxBytes = 1 << 20
    /// Deepest nesting of mappings and sequences, block and flow together.
    public var maxDepth = 64
    /// Most anchors (`&name`) in the file.
    public var maxAnchors = 100
    /// Most aliases (`*name`) in the file.
    public var maxAliases = 100
    /// Most values (scalars, mappings and sequences) once every alias is expanded.
    public var maxNodes = 100_000
    /// Most mapping entries, counted over every mapping once aliases are expanded.
    public var maxKeys = 20_000
    /// Stack of the thread that runs Yams's composer: enough for thousands of levels, so that
    /// even a pre-scan that undercounted could not overflow it (Swift concurrency's threads
    /// have small stacks).
    public var composeStackBytes = 32 << 20

    /// The limits `check`, `build`, `fix` and `watch` use.
    public init() {}

    /// The default limits.
    public static let standard = ConfigLimits()
}

/// The first limit a configuration crosses: where (1-based line and column, as Yams counts
/// them: columns in Unicode scalars) and what, with the limit and what a real file needs.
package struct ConfigLimitCrossing: Equatable {
    var line: Int
    var column: Int
    var reason: String

    static func depth(_ limits: ConfigLimits) -> String {
        "nesting deeper than \(limits.maxDepth) levels (the limit); a stickerforge.yml needs only a few levels"
    }

    static func size(_ limits: ConfigLimits) -> String {
        "larger than \(NumberText.int(limits.maxBytes)) bytes (the limit); a stickerforge.yml needs only a few kilobytes"
    }

    static func anchors(_ limits: ConfigLimits) -> String {
        "more than \(limits.maxAnchors) anchors (the limit); a stickerforge.yml needs only a few"
    }

    static func aliases(_ limits: ConfigLimits) -> String {
        "more than \(limits.maxAliases) aliases (the limit); a stickerforge.yml needs only a few"
    }

    static func nodes(_ limits: ConfigLimits) -> String {
        "more than \(NumberText.int(limits.maxNodes)) values once aliases are expanded (the limit); "
            + "a stickerforge.yml needs only a few hundred"
    }

    static func keys(_ limits: ConfigLimits) -> String {
        "more than \(NumberText.int(limits.maxKeys)) keys (the limit); a stickerforge.yml needs only a few hundred"
    }
}
