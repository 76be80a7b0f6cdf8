import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// A repair of what one rule finds in one sticker file. Like a check, each fix is one small type
/// that describes itself and carries examples that must and must not trigger it (docs/architecture.md,
/// "A new check"); one generic test walks them all (`FixExamplesTests`).
public protocol StickerFix: Sendable {
    /// The rules it answers, its action and whether it is opt-in.
    static var description: FixDescription { get }
    /// Work items that must be repaired, and work items that must be left exactly as they are.
    static var examples: FixExamples { get }
    /// Repairs `work` in place and says what it did, or returns nil and leaves `work` untouched
    /// when there is nothing (safe) to repair.
    func apply(to work: inout FixWork, context: FixContext) throws -> FixRecord?
}

extension StickerFix {
    /// The fix's description, reachable from an existential value.
    public var fixDescription: FixDescription { Self.description }
    /// The fix's examples, reachable from an existential value.
    public var fixExamples: FixExamples { Self.examples }
}

/// What a fix is: the rule ids it answers, what it does and, for opt-in fixes, the flag that enables it.
public struct FixDescription: Sendable, Equatable {
    /// Rule ids whose findings it repairs (the first is the one its records name).
    public var rules: [String]
    /// Its action, a stable snake_case word in `fixes[].action` ("unmix_matte", "scale").
    public var action: String
    /// What it does, in one sentence.
    public var summary: String
    /// The `fix` flag that enables it ("--upscale"), nil when it is on by default.
    public var optIn: String?

    /// A description.
    public init(rules: [String], action: String, summary: String, optIn: String? = nil) {
        self.rules = rules; self.action = action; self.summary = summary; self.optIn = optIn
    }
}

/// Which fixes run and how: the opt-in switches and the limits of the lossy ones.
public struct FixSettings: Equatable, Sendable {
    /// `--upscale`: scale stickers below 300 px up (detail cannot be recovered).
    public var upscale = false
    /// `--remove-background`: make a near-uniform border colour transparent.
    public var removeBackground = false
    /// `--labels-from-names`: give stickers without an accessibility label one made from their name.
    public var labelsFromNames = false
    /// `--smooth-gif-edges`: feather GIF's 1-bit edges when converting to APNG (lossy).
    public var smoothGIFEdges = false
    /// Whether `file_too_large` may use the lossy search (`--no-lossy` forbids it).
    public var lossy = true
    /// The lowest measured quality the lossy search may accept.
    public var minQuality = FitOptions().minQuality
    /// Deflate effort of every encode.
    public var effort = DeflateEffort.default
    /// Wall seconds the lossy search may take per file (`build --fix --time-budget`, as `--fit`'s);
    /// nil: bounded by work, as `--fit` without it.
    public var timeBudget: Double?
    /// Defaults: every default fix on, no opt-in fix.
    public init() {}
}

/// What a fix may consult: the check context (limits, grid size, severities) and the settings.
public struct FixContext: Sendable {
    /// The configuration and grid size the checks use.
    public var check: CheckContext
    /// Switches and limits of the fixes.
    public var settings: FixSettings
    /// A context.
    public init(check: CheckContext, settings: FixSettings = FixSettings()) {
        self.check = check; self.settings = settings
    }

    /// Whether `check` finds something in `work` (and its rule is not off).
    func finds(_ check: some StickerCheck, in work: FixWork) -> Bool {
        !check.check(work.subject, context: self.check).isEmpty
    }
}

/// One example of a fix: a work item and the grid size it is judged under.
public struct FixExample: Sendable {
    /// What it shows, in a few words.
    public var note: String
    /// The input.
    public var work: FixWork
    /// The grid size in force.
    public var gridSize: GridSize
    /// Settings (opt-in fixes need theirs switched on).
    public var settings: FixSettings
    /// An example.
    public init(_ note: String, _ work: FixWork, gridSize: GridSize = .large, settings: FixSettings = FixSettings()) {
        self.note = note; self.work = work; self.gridSize = gridSize; self.settings = settings
    }
}

/// Examples that must be repaired (and then no longer trigger), and examples that must be left untouched.
public struct FixExamples: Sendable {
    /// Each must yield a record; applying the fix again to the result must yield none.
    public var triggering: [FixExample]
    /// Each must yield no record and leave the work item exactly as it was.
    public var nonTriggering: [FixExample]
    /// A set of examples.
    public init(triggering: [FixExample], nonTriggering: [FixExample]) {
        self.triggering = triggering; self.nonTriggering = nonTriggering
    }
}
