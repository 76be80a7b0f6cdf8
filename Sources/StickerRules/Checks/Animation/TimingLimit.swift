import StickerCore

/// The timing limit a rule judges a sticker by, read from the table: the store's own (a file over it
/// is refused, so the finding is an error and names the store), else the configured advice threshold
/// where the table takes that advice (`AnimationLimits.advice`; the rule's own severity).
struct TimingLimit {
    /// The limit.
    let value: Double
    /// The store's name when the limit is the store's own; nil for advice.
    let store: String?

    /// The table's limit when it sets one, else `threshold` when the table takes `advice`; nil when neither.
    init?(_ table: Double?, advice: TimingAdvice, threshold: Double, context: CheckContext) {
        if let table {
            (value, store) = (table, context.platform.name)
        } else if context.platform.animation.advice.contains(advice) {
            (value, store) = (threshold, nil)
        } else {
            return nil
        }
    }

    /// Whether the limit is the store's own.
    var isStores: Bool { store != nil }

    /// The severity a finding deserves at least: an error for a store's limit.
    var floor: Severity? { isStores ? .error : nil }

    /// "limit 30 fps", or "Telegram's limit is 30 fps".
    func text(_ unit: String) -> String {
        let limit = "\(NumberText.decimal(value)) \(unit)"
        return store.map { "\($0)'s limit is \(limit)" } ?? "limit \(limit)"
    }
}
