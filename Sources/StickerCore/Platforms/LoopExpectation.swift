/// How many times a store expects an animated sticker to play, as table data (`AnimationLimits.loops`).
public enum LoopExpectation: Equatable, Sendable {
    /// Forever (a loop count of 0). `published`: the store's own written rule (Signal: APNGs loop
    /// forever), which `loop_count` reports as an error; otherwise what the store expects of a
    /// sticker in a chat without refusing one that stops (WhatsApp, Discord, Telegram), a warning.
    case forever(published: Bool)
    /// A count in the range, never forever (LINE: 1 to 4 plays), the store's written rule.
    case plays(ClosedRange<Int>)

    /// Whether a loop count (0 = forever) is what the store expects.
    public func accepts(_ loops: Int) -> Bool {
        switch self {
        case .forever: return loops == 0
        case .plays(let range): return range.contains(loops)
        }
    }

    /// Whether the store refuses a sticker that plays otherwise (its written rule), rather than only expecting it.
    public var isPublished: Bool {
        switch self {
        case .forever(let published): return published
        case .plays: return true
        }
    }

    /// The loop count `build` writes for a source playing `source` times (0 = forever): 0 for a
    /// store that loops stickers; a count store's source count, which the retimer brings into the
    /// range and under the duration cap.
    public func written(fromSource source: Int) -> Int {
        switch self {
        case .forever: return 0
        case .plays: return source
        }
    }

    /// "loops forever", "plays 1 to 4 times".
    public var text: String {
        switch self {
        case .forever: return "loops forever"
        case .plays(let range): return "plays \(range.lowerBound) to \(range.upperBound) times"
        }
    }

    /// A loop count in words: "forever", "1".
    public static func countText(_ loops: Int) -> String { loops == 0 ? "forever" : "\(loops)" }
}

extension PlatformRules {
    /// Why `build --platform <store> --loops <loops>` is refused up front, nil when the store takes
    /// it: a store whose loop rule is written (`LoopExpectation.isPublished`: Signal loops forever,
    /// LINE plays 1 to 4 times) would reject every animation of the pack; a store that only expects
    /// its rule (WhatsApp) takes the override, which its check reports as a warning.
    public func refusal(ofLoops loops: Int) -> String? {
        guard let expected = animation.loops, expected.isPublished, !expected.accepts(loops) else { return nil }
        let wanted: String
        switch expected {
        case .forever: wanted = "loop forever (--loops 0)"
        case .plays(let range): wanted = "play \(range.lowerBound) to \(range.upperBound) times (--loops \(range.lowerBound) to \(range.upperBound))"
        }
        return "--loops \(loops) is refused for \(name): its animated stickers must \(wanted)"
    }
}
