import ImageCodec

extension PlatformRules {
    /// The smallest side, in pixels, of a sticker Messages accepts (the minimum of the table below).
    public static let iMessageMinimumSide = 300
    /// The largest sticker file Messages accepts, in bytes (both kinds below): the default of
    /// `CheckConfiguration.maxBytes`, `FitOptions` and `PackBuildOptions`, which `--max-bytes` overrides.
    public static let iMessageMaxBytes = 500_000

    /// Messages (docs/imessage-rules.md). The minimum side and the byte limit above are the values the
    /// checks, the fitter and the build use; the thresholds of the other rules are in `CheckThresholds`.
    public static let imessage = PlatformRules(
        id: "imessage", name: "iMessage",
        still: StickerKindRules(formats: [.png, .jpeg, .gif],
                                pixels: PixelLimits(minimum: PixelSize(width: iMessageMinimumSide, height: iMessageMinimumSide),
                                                    maximum: PixelSize(width: 618, height: 618)),
                                maxBytes: iMessageMaxBytes, packSize: .range(1...Int.max)),
        animated: StickerKindRules(formats: [.apng, .gif],
                                   pixels: PixelLimits(minimum: PixelSize(width: iMessageMinimumSide, height: iMessageMinimumSide),
                                                       maximum: PixelSize(width: 618, height: 618)),
                                   maxBytes: iMessageMaxBytes, packSize: .range(1...Int.max)),
        mixesStillAndAnimated: true, emojiPerSticker: nil, packImages: [],
        maxNameCharacters: nil, maxPublisherCharacters: nil, inapplicableRules: storeOnlyRules,
        chatColors: ChatColors(light: "#FFFFFF", dark: "#000000", sentBubble: "#0B84FF"))
}
