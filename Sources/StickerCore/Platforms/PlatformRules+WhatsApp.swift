import ImageCodec

extension PlatformRules {
    /// WhatsApp: github.com/WhatsApp/stickers (README, iOS `Limits.swift`, Android `StickerPackValidator`).
    /// Issue 42: the app shows an animation's first frame (tray, picker, and where it ends), and
    /// expects stickers to loop.
    public static let whatsapp = PlatformRules(
        id: "whatsapp", name: "WhatsApp",
        still: StickerKindRules(formats: [.webp], pixels: .exactly(512, 512), maxBytes: 100 * 1024, packSize: .range(3...30),
                                maxAccessibilityText: 125),
        animated: StickerKindRules(formats: [.webp], pixels: .exactly(512, 512), maxBytes: 500 * 1024, packSize: .range(3...30),
                                   maxAccessibilityText: 255),
        animation: AnimationLimits(maxDurationMilliseconds: 10_000, minFrameDelayMilliseconds: 8,
                                   loops: .forever(published: false), firstFrameShown: "in its tray and picker and ends on it"),
        mixesStillAndAnimated: false, emojiPerSticker: 1...3,
        packImages: [PackImageRules(role: "tray image", size: PixelSize(width: 96, height: 96), formats: [.png],
                                    maxBytes: 50 * 1024, required: true, fromTray: true)],
        maxNameCharacters: 128, maxPublisherCharacters: 128, inapplicableRules: notTheStoresRules,
        chatColors: ChatColors(light: "#EFEAE2", dark: "#0B141A", sentBubble: "#D9FDD3"))
}
