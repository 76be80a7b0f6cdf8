import ImageCodec

extension PlatformRules {
    /// Messages (docs/imessage-rules.md). Its limits live in the rules themselves and in `CheckConfiguration`
    /// (`maxBytes`, the thresholds), as they always have; this table records them for `build` and the docs.
    public static let imessage = PlatformRules(
        id: "imessage", name: "iMessage",
        still: StickerKindRules(formats: [.png, .jpeg, .gif],
                                pixels: PixelLimits(minimum: PixelSize(width: 300, height: 300),
                                                    maximum: PixelSize(width: 618, height: 618)),
                                maxBytes: 500_000, packSize: .range(1...Int.max)),
        animated: StickerKindRules(formats: [.apng, .gif],
                                   pixels: PixelLimits(minimum: PixelSize(width: 300, height: 300),
                                                       maximum: PixelSize(width: 618, height: 618)),
                                   maxBytes: 500_000, packSize: .range(1...Int.max)),
        mixesStillAndAnimated: true, emojiPerSticker: nil, packImages: [],
        maxNameCharacters: nil, maxPublisherCharacters: nil, inapplicableRules: storeOnlyRules,
        chatColors: ChatColors(light: "#FFFFFF", dark: "#000000", sentBubble: "#0B84FF"))
}
