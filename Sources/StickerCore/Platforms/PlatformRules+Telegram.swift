import ImageCodec

extension PlatformRules {
    /// Telegram: core.telegram.org/stickers and the Bot API (`InputSticker`, `createNewStickerSet`,
    /// `addStickerToSet`, `setStickerSetThumbnail`), and TelegramStickersImport's `Limits.swift`.
    /// One side exactly 512 px, the other at most 512; video stickers VP9 WebM, animated ones .tgs,
    /// whose canvas is exactly 512 x 512 at 60 fps.
    public static let telegram = PlatformRules(
        id: "telegram", name: "Telegram",
        still: StickerKindRules(formats: [.png, .webp],
                                pixels: PixelLimits(maximum: PixelSize(width: 512, height: 512), oneSideAtLeast: 512),
                                maxBytes: 512 * 1024, packSize: .range(1...120)),
        animated: StickerKindRules(formats: [.webm, .tgs],
                                   pixels: PixelLimits(maximum: PixelSize(width: 512, height: 512), oneSideAtLeast: 512),
                                   maxBytes: 256 * 1024, maxBytesByFormat: [.tgs: 64 * 1024],
                                   pixelsByFormat: [.tgs: .exactly(512, 512)], packSize: .range(1...50)),
        animation: AnimationLimits(maxDurationMilliseconds: 3000, maxFPS: 30, maxFPSByFormat: [.tgs: 60], frameRateByFormat: [.tgs: 60],
                                   loops: .forever(published: false)),
        mixesStillAndAnimated: true, emojiPerSticker: 1...20,
        packImages: [PackImageRules(role: "thumbnail", size: PixelSize(width: 100, height: 100), formats: [.png, .webp, .tgs, .webm],
                                    maxBytes: 128 * 1024, required: false, fromTray: true)],
        maxNameCharacters: 64, maxPublisherCharacters: nil, inapplicableRules: notTheStoresRules,
        chatColors: ChatColors(light: "#C8D9A6", dark: "#0E1621", sentBubble: "#EFFDDE"))
}
