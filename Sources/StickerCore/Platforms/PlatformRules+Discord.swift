import ImageCodec

extension PlatformRules {
    /// Discord: its support article on custom stickers. PNG or APNG (GIF is not a sticker format;
    /// Lottie is for partners), 320x320, 512 KB read as 512,000 bytes. A server holds up to 60
    /// sticker slots (at the highest boost level); each sticker names one related emoji. Issue 42: at
    /// most 5 s; stickers loop in a chat (expected, not a published rule).
    public static let discord = PlatformRules(
        id: "discord", name: "Discord",
        still: StickerKindRules(formats: [.png], pixels: .exactly(320, 320), maxBytes: 512_000, packSize: .range(1...60)),
        animated: StickerKindRules(formats: [.apng], pixels: .exactly(320, 320), maxBytes: 512_000, packSize: .range(1...60)),
        animation: AnimationLimits(maxDurationMilliseconds: 5000, loops: .forever(published: false)),
        mixesStillAndAnimated: true, emojiPerSticker: 1...1, packImages: [],
        maxNameCharacters: nil, maxPublisherCharacters: nil, inapplicableRules: notTheStoresRules,
        chatColors: ChatColors(light: "#FFFFFF", dark: "#313338", sentBubble: nil))
}
