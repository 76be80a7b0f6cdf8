import ImageCodec
import StickerCore

extension PackSubject {
    /// A pack subject for rule examples and tests: an `.xcstickers` pack named "Example" at
    /// `/example` holding `subjects`' stickers, with the given problems, icon set and icons.
    public static func example(subjects: [StickerSubject] = [exampleSticker()], problems: [CatalogProblem] = [],
                               iconSet: IconSetSource? = nil, icons: [IconFile] = []) -> PackSubject {
        let pack = StickerPack(name: "Example", root: "/example", kind: .xcstickers, gridSize: .regular,
                               stickers: subjects.map(\.source), iconSet: iconSet, problems: problems)
        return PackSubject(pack: pack, subjects: subjects, icons: icons)
    }

    /// A well-formed 408 px sticker named `name`.
    public static func exampleSticker(_ name: String = "Wave", inset: Int = 20) -> StickerSubject {
        .example(image: ExampleImage.still(ExampleImage.canvas(408, 408, inset: inset)), name: name)
    }

    /// An icon set with every slot of `IconSlot.all` filled, except `missing`.
    public static func exampleIconSet(missing: [IconSlot] = []) -> IconSetSource {
        let folder = "iMessage App Icon.stickersiconset"
        var filled: [IconSlot: String] = [:]
        for slot in IconSlot.all where !missing.contains(slot) {
            filled[slot] = "\(folder)/icon-\(slot.idiom)-\(slot.size)@\(slot.scale).png"
        }
        return IconSetSource(folder: folder, filled: filled)
    }

    /// Icon files of the right size for every filled slot of `set`, in `IconSlot.all` order.
    public static func exampleIcons(_ set: IconSetSource) -> [IconFile] {
        IconSlot.all.compactMap { slot in
            set.filled[slot].map { IconFile(slot: slot, file: $0, pixelSize: PixelSize(width: slot.pixelWidth, height: slot.pixelHeight)) }
        }
    }
}
