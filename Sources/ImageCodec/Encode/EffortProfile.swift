/// What each `DeflateEffort` tries and with which deflater (measured reasons in docs/encoder.md).
struct EffortProfile: Sendable {
    /// Cheap deflater used only to rank candidates (ops, filters); its output is never written.
    let trialEngine: DeflateEngine
    /// Filter strategies tried while choosing each frame's dispose/blend ops.
    let planningFilters: [FilterStrategy]
    /// Filter strategies ranked by the trial deflater for each chosen frame.
    let finalFilters: [FilterStrategy]
    /// How many of the best-ranked filterings get the strong deflater.
    let finalists: Int
    /// The deflater whose output is written.
    let strongEngine: DeflateEngine
    /// When set, also run on the best stream; the smaller result is written.
    let extraEngine: DeflateEngine?

    /// Zopfli iterations at `max`: 5 instead of Zopfli's default 15 halves its time for 0.07% more
    /// bytes (docs/encoder.md), which the brute-force filter more than wins back.
    static let zopfliIterations: Int32 = 5

    /// Speed over size: unfiltered rows, the quickest deflate, no second opinions.
    static let draft = EffortProfile(trialEngine: .libdeflate(level: 1), planningFilters: [.none], finalFilters: [.none],
                                     finalists: 1, strongEngine: .libdeflate(level: 1), extraEngine: nil)
    /// `draft` with libpng's per-row filter heuristic (minimum sum of residuals) instead of none.
    static let draftFiltered = EffortProfile(trialEngine: .libdeflate(level: 1), planningFilters: [.minSum], finalFilters: [.minSum],
                                             finalists: 1, strongEngine: .libdeflate(level: 1), extraEngine: nil)

    private init(trialEngine: DeflateEngine, planningFilters: [FilterStrategy], finalFilters: [FilterStrategy],
                 finalists: Int, strongEngine: DeflateEngine, extraEngine: DeflateEngine?) {
        self.trialEngine = trialEngine; self.planningFilters = planningFilters; self.finalFilters = finalFilters
        self.finalists = finalists; self.strongEngine = strongEngine; self.extraEngine = extraEngine
    }

    /// The profile for an effort.
    init(_ effort: DeflateEffort) {
        let all = FilterStrategy.heuristics
        switch effort {
        case .fast:
            self.init(trialEngine: .libdeflate(level: 1), planningFilters: [.none, .minSum], finalFilters: all,
                      finalists: 1, strongEngine: .zlib(level: 9), extraEngine: nil)
        case .default:
            self.init(trialEngine: .libdeflate(level: 1), planningFilters: [.none, .minSum], finalFilters: all,
                      finalists: 1, strongEngine: .libdeflate(level: 12), extraEngine: nil)
        case .max:
            self.init(trialEngine: .libdeflate(level: 3), planningFilters: [.none, .minSum, .entropy], finalFilters: all + [.brute],
                      finalists: 3, strongEngine: .libdeflate(level: 12), extraEngine: .zopfli(iterations: Self.zopfliIterations))
        }
    }
}
