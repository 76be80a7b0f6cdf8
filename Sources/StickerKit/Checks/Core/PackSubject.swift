import ImageCodec

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

    /// An icon file.
    public init(slot: IconSlot, file: String, pixelSize: PixelSize?, failure: CodecError? = nil) {
        self.slot = slot; self.file = file; self.pixelSize = pixelSize; self.failure = failure
    }
}

/// Everything a pack check sees: the pack as read, every sticker's subject and the icons measured.
public struct PackSubject: Sendable {
    /// The pack and its catalog problems.
    public var pack: StickerPack
    /// One subject per sticker, in pack order.
    public var subjects: [StickerSubject]
    /// The filled icon slots that exist on disk, in `IconSlot.all` order.
    public var icons: [IconFile]

    /// A pack subject.
    public init(pack: StickerPack, subjects: [StickerSubject], icons: [IconFile] = []) {
        self.pack = pack; self.subjects = subjects; self.icons = icons
    }
}
