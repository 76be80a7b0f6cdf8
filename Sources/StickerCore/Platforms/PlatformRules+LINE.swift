import ImageCodec

extension PlatformRules {
    /// LINE Creators Market: creator.line.me/en/guideline (regular) and /guideline/animationsticker.
    /// 1 MB and 300 KB are read as 1,000,000 and 300,000 bytes. The tab image (96x74) is derived from
    /// the main image by `build`; `tray:` supplies the main image, which is an APNG for an animated pack
    /// (built from its first sticker) and a PNG otherwise.
    public static let line = PlatformRules(
        id: "line", name: "LINE",
        still: StickerKindRules(formats: [.png],
                                pixels: PixelLimits(maximum: PixelSize(width: 370, height: 320), evenSides: true),
                                maxBytes: 1_000_000, packSize: .oneOf([8, 16, 24, 32, 40])),
        animated: StickerKindRules(formats: [.apng],
                                   pixels: PixelLimits(maximum: PixelSize(width: 320, height: 270), oneSideAtLeast: 270),
                                   maxBytes: 300_000, packSize: .oneOf([8, 16, 24])),
        animation: AnimationLimits(maxDurationMilliseconds: 4000, durationCountsEveryPlay: true, frameCount: 5...20, loops: .plays(1...4),
                                   firstFrameShown: "as the sticker's still in its shop and where animation is off"),
        mixesStillAndAnimated: false, emojiPerSticker: nil,
        packImages: [
            PackImageRules(role: "main image", size: PixelSize(width: 240, height: 240), formats: [.png],
                           maxBytes: 1_000_000, required: true, fromTray: true, animatedPackFormats: [.apng]),
            PackImageRules(role: "tab image", size: PixelSize(width: 96, height: 74), formats: [.png],
                           maxBytes: 1_000_000, required: true, fromTray: false),
        ],
        maxNameCharacters: 40, maxPublisherCharacters: 50, inapplicableRules: notTheStoresRules,
        chatColors: ChatColors(light: "#8EACDA", dark: "#1E1E1E", sentBubble: "#6FE67C"))
}
