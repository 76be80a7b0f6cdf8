import Foundation
import StickerCore
import StickerFixes
import StickerRules

/// What a build session did, as data for the caller to show.
public struct CatalogBuildOutcome: Sendable {
    /// A sticker fitted lossily under the limit, and how.
    public struct FittedNote: Sendable, Equatable {
        /// The sticker's name.
        public var sticker: String
        /// What the fit did ("levels 64, SSIM 0.97").
        public var summary: String
    }

    /// The amended check report (its path the source catalog's, also with `--fix`).
    public var report: CheckReport
    /// The checked stickers, for more HTML reports.
    public var subjects: CheckedStickers
    /// The byte limit.
    public var maxBytes: Int
    /// The manifest written.
    public var manifest: BuildManifest
    /// Stickers encoded in this run.
    public var builtCount: Int
    /// Stickers whose previous output was reused unchanged.
    public var reusedCount: Int
    /// Stickers fitted lossily, in manifest order.
    public var fitted: [FittedNote]
    /// What the write swept and noted about the old folder.
    public var publishMessages: [String]
    /// `report.html` as written.
    public var html: String
    /// What `--fix` did, or nil without it.
    public var fixes: FixOutcome?
    /// The catalog written (`OUTPUT/Stickers.xcstickers`).
    public var catalog: String
    /// The Xcode project written and its settings, or nil without `--xcode-project`.
    public var xcodeProject: (path: String, settings: XcodeProjectSettings)?
    /// Whether the report fails CI (errors, or warnings under strict).
    public var failsGate: Bool
}
