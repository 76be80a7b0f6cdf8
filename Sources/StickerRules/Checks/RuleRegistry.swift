import StickerCore

/// Every rule `stickerforge check` runs, in documentation order. Ids are unique and a public contract.
public enum RuleRegistry {
    /// Rules judging one sticker at a time.
    public static let stickerChecks: [any StickerCheck] = [
        UnsupportedFormatCheck(), ExtensionMismatchCheck(), CorruptImageCheck(), DecodeLimitExceededCheck(),
        IgnoredAnimationCheck(), APNGACTLOrderCheck(), LottieUnsupportedFeatureCheck(),
        FileTooLargeCheck(),
        DimensionsTooSmallCheck(), DimensionsTooLargeCheck(), ExceedsGridSizeCheck(), NotSquareCheck(),
        NoTransparencyCheck(), GIFHardEdgesCheck(), EdgeHaloCheck(), FullyTransparentCheck(),
        ContentTouchesEdgeCheck(), ExcessPaddingCheck(),
        FrameRateHighCheck(), FrameRateExactCheck(), LoopTooLongCheck(), AnimationMemoryCheck(), ShortFrameDelayCheck(),
        FiniteLoopCheck(), HiddenFirstFrameCheck(), FirstFrameBlankCheck(), SingleFrameAnimationCheck(),
        ColorProfileCheck(),
        SequenceFrameMismatchCheck(), AccessibilityLabelTooLongCheck(), MissingAccessibilityLabelCheck(),
        PlatformFormatCheck(), FrameCountCheck(), LoopCountCheck(), OddDimensionsCheck(),
    ]

    /// Rules judging the pack as a whole.
    public static let packChecks: [any PackCheck] = [
        CatalogInvalidCheck(), CatalogMissingFileCheck(), CatalogUnlistedStickerCheck(), CatalogUnknownKeyCheck(),
        DuplicateStickerCheck(), EmptyPackCheck(), IconSlotMissingCheck(), IconWrongSizeCheck(),
        IconNotOpaqueCheck(), IconColorProfileCheck(),
        PackSizeCheck(), EmojiMissingCheck(), EmojiDroppedCheck(), EmojiInvalidCheck(), TrayIconCheck(), MixedAnimationCheck(), NameTooLongCheck(),
    ]

    /// Every rule's description: sticker rules, then pack rules.
    public static var allDescriptions: [RuleDescription] {
        stickerChecks.map(\.ruleDescription) + packChecks.map(\.ruleDescription)
    }

    /// The description of the rule with `id`, nil when there is none (for configuration validation).
    public static func description(for id: String) -> RuleDescription? {
        allDescriptions.first { $0.id == id }
    }
}
