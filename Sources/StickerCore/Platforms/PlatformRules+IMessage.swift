import ImageCodec

extension PlatformRules {
    /// The smallest side, in pixels, of a sticker Messages accepts (the minimum of the table below).
    public static let iMessageMinimumSide = 300
    /// The largest side, in pixels, of a sticker Messages accepts (the maximum of the table below).
    public static let iMessageMaximumSide = 618
    /// The largest sticker file Messages accepts, in bytes (both kinds below): the default of
    /// `CheckConfiguration.maxBytes`, `FitOptions` and `PackBuildOptions`, which `--max-bytes` overrides.
    public static let iMessageMaxBytes = 500_000

    /// Messages (docs/imessage-rules.md). The sides and the byte limit above are the values the checks,
    /// the fitter and the build use; the byte limit is the configured one (`configurableMaxBytes`), and
    /// the timing rules judge the advice thresholds of `CheckThresholds` (`AnimationLimits.advice`).
    public static let imessage = PlatformRules(
        id: "imessage", name: "iMessage",
        still: StickerKindRules(formats: [.png, .jpeg, .gif],
                                pixels: PixelLimits(minimum: PixelSize(width: iMessageMinimumSide, height: iMessageMinimumSide),
                                                    maximum: PixelSize(width: iMessageMaximumSide, height: iMessageMaximumSide)),
                                maxBytes: iMessageMaxBytes, packSize: .range(1...Int.max)),
        animated: StickerKindRules(formats: [.apng, .gif],
                                   pixels: PixelLimits(minimum: PixelSize(width: iMessageMinimumSide, height: iMessageMinimumSide),
                                                       maximum: PixelSize(width: iMessageMaximumSide, height: iMessageMaximumSide)),
                                   maxBytes: iMessageMaxBytes, packSize: .range(1...Int.max)),
        animation: AnimationLimits(advice: Set(TimingAdvice.allCases)),
        mixesStillAndAnimated: true, emojiPerSticker: nil, packImages: [],
        maxNameCharacters: nil, maxPublisherCharacters: nil, inapplicableRules: storeOnlyRules,
        chatColors: ChatColors(light: "#FFFFFF", dark: "#000000", sentBubble: "#0B84FF"),
        layout: .messagesGrid, limitsDecodedMemory: true, configurableMaxBytes: true, convertedFiles: .convertibleForeign,
        wording: LimitWording(
            namesStore: false,
            fileTooLargeHint: "Reduce the pixel size, the number of frames or the colours (a palette PNG is much smaller) "
                + "until the file is under the limit.",
            dimensionsTooLargeHint: "Scale it down to fit the grid cell: 300, 408 or 618 px a side for small, regular or large.",
            dimensionsTooSmallHint: "Export at @3x: 300x300 px for the small grid, 408x408 for regular, 618x618 for large."),
        buildsStickerCatalog: true)
}
