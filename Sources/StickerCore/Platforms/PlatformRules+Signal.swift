import ImageCodec

extension PlatformRules {
    /// Signal: its support article on sticker packs and Signal Desktop's sticker creator. 300 KB is
    /// read as 300,000 bytes (the stricter reading of "KB"). Its pack names an author. Issue 42: its
    /// animations loop forever and an APNG's acTL comes before the first IDAT, both its written rules.
    public static let signal = PlatformRules(
        id: "signal", name: "Signal",
        still: StickerKindRules(formats: [.png, .webp], pixels: .exactly(512, 512), maxBytes: 300_000, packSize: .range(1...200)),
        animated: StickerKindRules(formats: [.apng, .webp], pixels: .exactly(512, 512), maxBytes: 300_000, packSize: .range(1...200)),
        animation: AnimationLimits(maxDurationMilliseconds: 3000, loops: .forever(published: true), requiresACTLBeforeIDAT: true),
        mixesStillAndAnimated: true, emojiPerSticker: 1...1,
        packImages: [PackImageRules(role: "cover", size: PixelSize(width: 512, height: 512), formats: [.png, .apng, .webp],
                                    maxBytes: 300_000, required: false, fromTray: true)],
        maxNameCharacters: nil, maxPublisherCharacters: nil, creditField: .author, inapplicableRules: notTheStoresRules,
        chatColors: ChatColors(light: "#FFFFFF", dark: "#121212", sentBubble: "#2C6BED"))
}
