import ImageCodec
import StickerCore

/// One filled icon slot as loaded: its file and measured pixel size, or why it could not be measured.
public struct IconFile: Equatable, Sendable {
    /// The slot.
    public var slot: IconSlot
    /// The file relative to the catalog root.
    public var file: String
    /// Its pixel size, when it decoded.
    public var pixelSize: PixelSize?
    /// Why it could not be measured, when it did not decode.
    public var failure: CodecError?
    /// What the file declares (colour type, transparency, depth, profile), when it decoded.
    public var facts: SourceFacts?
    /// Pixels of the first frame with alpha below 255, when it decoded.
    public var transparentPixels: Int?

    /// An icon file.
    public init(slot: IconSlot, file: String, pixelSize: PixelSize?, failure: CodecError? = nil,
                facts: SourceFacts? = nil, transparentPixels: Int? = nil) {
        self.slot = slot; self.file = file; self.pixelSize = pixelSize; self.failure = failure
        self.facts = facts; self.transparentPixels = transparentPixels
    }
}

/// Everything a pack check sees: the pack as read, every sticker's summary and the icons measured.
///
/// It holds summaries, never decoded frames: pack rules run after every sticker's frames have been
/// dropped, so that checking a pack needs memory for the stickers in flight only.
public struct PackSubject: Sendable {
    /// The pack and its catalog problems.
    public var pack: StickerPack
    /// One summary per sticker, in pack order.
    public var summaries: [StickerSummary]
    /// The filled icon slots that exist on disk, in `IconSlot.all` order.
    public var icons: [IconFile]
    /// The `tray:` image of stickerforge.yml as loaded; nil when the configuration names none.
    public var tray: TrayFile?

    /// A pack subject from stickers already summarised.
    public init(pack: StickerPack, summaries: [StickerSummary], icons: [IconFile] = [], tray: TrayFile? = nil) {
        self.pack = pack; self.summaries = summaries; self.icons = icons; self.tray = tray
    }

    /// A pack subject from loaded subjects, each summarised (their frames are not kept).
    public init(pack: StickerPack, subjects: [StickerSubject], icons: [IconFile] = [], tray: TrayFile? = nil) {
        self.init(pack: pack, summaries: subjects.map(StickerSummary.init), icons: icons, tray: tray)
    }
}
