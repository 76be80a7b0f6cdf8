import Foundation
import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

extension PlatformPackBuilder {
    /// The pack's images at the store's sizes, drawn from `tray:`. A required image without `tray:`
    /// is drawn from the pack's first sticker's (`first`) first frame, and a note says so (what
    /// sticker tools and Signal itself do); an optional one is left out. An image whose rule takes
    /// only an animation for a pack of animations (LINE's main image) is an APNG drawn from the
    /// first of `stickers` that animates in its source, as built.
    func images(for pack: StickerPack, first: StickerSource?, stickers: [StoreSticker], layout: StoreLayout,
                builder: StoreStickerBuilder) throws -> ([StorePackImage], [String]) {
        let wanted = rules.packImages.filter { $0.size != nil }
        guard !wanted.isEmpty else { return ([], []) }
        // An image taken only as an animation for a pack of animations is drawn from the first
        // sticker that animates in its source (a still made an animation is no picture of motion).
        let animatedPack = !stickers.isEmpty && stickers.allSatisfy(\.isAnimated)
        let moving = stickers.first { ($0.source?.frames ?? 0) > 1 } ?? stickers.first
        func animates(_ rule: PackImageRules) -> Bool { animatedPack && Self.takesOnlyAnimation(rule.formats(animatedPack: true)) }
        var notes: [String] = []
        var images: [StorePackImage] = []
        if let moving {
            for rule in wanted where animates(rule) && (rule.required || pack.config.tray != nil) {
                guard let size = rule.size else { continue }
                let key = StoreBuildCache.key(imageKeyText(rule, size: size) + "|from=\(moving.name)|loops=\(moving.loops)",
                                              inputs: [(moving.file, moving.bytes)])
                if let reused = previous.image(role: rule.role, key: key) {
                    images.append(reused)
                } else {
                    var image = try animatedImage(rule, size: size, from: moving, layout: layout)
                    image.cacheKey = key
                    images.append(image)
                }
                notes.append("the \(rule.role) is drawn from the first animated sticker, \(moving.name)"
                             + (pack.config.tray != nil ? ", not from `tray:`" : "") + ": \(rules.name) takes "
                             + "\(PlatformRules.formatsText(rule.formats(animatedPack: true))) for a pack of animations")
            }
        }
        let still = wanted.filter { !animates($0) }
        // The still images' source: `tray:`, else the first sticker; decoded only when an image
        // is not taken from the previous build.
        let origin: (sticker: StickerSource, name: String)
        if let tray = pack.config.tray, !still.isEmpty {
            origin = (StickerSource(name: tray, folder: nil, content: .file(tray), accessibilityLabel: nil), "\(tray) (`tray:`)")
        } else if pack.config.tray == nil, still.contains(where: \.required), let first {
            origin = (first, "the first sticker, \(first.name)")
            let roles = NumberText.list(still.filter(\.required).map(\.role), conjunction: "and")
            notes.append("no `tray:` in stickerforge.yml: the \(roles) \(still.filter(\.required).count == 1 ? "is" : "are") "
                         + "drawn from the first sticker, \(first.name); name an image with `tray:` to choose it")
        } else {
            return (images, notes)
        }
        var decodedOrigin: PixelBuffer??
        func originImage() throws -> PixelBuffer? {
            if let decodedOrigin { return decodedOrigin }
            let image = try builder.decode(origin.sticker, root: pack.root).frames.first?.image
            decodedOrigin = .some(image)
            return image
        }
        let inputs = origin.sticker.files.map { ($0, try? FileIO.read(FileIO.join(pack.root, $0))) }
        for rule in still where rule.required || pack.config.tray != nil {
            guard let size = rule.size else { continue }
            let key = StoreBuildCache.key(imageKeyText(rule, size: size) + "|from=\(origin.name)|content=\(origin.sticker.content.keyText)",
                                          inputs: inputs)
            if let reused = previous.image(role: rule.role, key: key) {
                images.append(reused)
                continue
            }
            guard let image = try originImage() else { return (images, notes) }
            let source = (image: image, name: origin.name)
            let placed = try StorePlacement(width: source.image.width, height: source.image.height,
                                            limits: .exactly(size.width, size.height)).apply(source.image)
            var options = FitOptions(maxBytes: rule.maxBytes ?? Int.max / 2, lossy: true, minSide: max(size.width, size.height))
            options.keepBestBelowFloor = true
            let bytes: [UInt8]
            do {
                bytes = try StickerFitter(options: options).fit(frames: [AnimationFrame(image: placed, delay: .zero)],
                                                                loopCount: 0, gridSize: .large).bytes
            } catch {
                throw PlatformBuildError.notFitted(file: source.name, store: rules.name, reason: "the \(rule.role): \(error)")
            }
            var built = StorePackImage(role: rule.role, file: layout.imageFile(role: rule.role), bytes: bytes,
                                       width: size.width, height: size.height, source: source.name)
            built.cacheKey = key
            images.append(built)
        }
        // In the table's order.
        images.sort { a, b in
            (wanted.firstIndex { $0.role == a.role } ?? 0) < (wanted.firstIndex { $0.role == b.role } ?? 0)
        }
        return (images, notes)
    }

    /// What a pack image's cache key says of the store and the image besides its source's bytes.
    private func imageKeyText(_ rule: PackImageRules, size: PixelSize) -> String {
        "image|store=\(rules.id)|codec=\(codec.identifier)|role=\(rule.role)|size=\(size.width)x\(size.height)"
            + "|max=\(rule.maxBytes.map(String.init) ?? "none")"
    }

    /// Whether `formats` hold an animated format and no still one (LINE's main image of an animated pack).
    static func takesOnlyAnimation(_ formats: [ImageFormat]) -> Bool {
        formats.contains(.apng) && !formats.contains(.png) && !formats.contains(.webp)
    }

    /// The pack image `rule` as an APNG of `sticker`'s frames, as built (so its frames, timing and
    /// plays are within the store's rules for animations), each placed at `size`.
    private func animatedImage(_ rule: PackImageRules, size: PixelSize, from sticker: StoreSticker,
                               layout: StoreLayout) throws -> StorePackImage {
        let name = "the first animated sticker, \(sticker.name)"
        do {
            let decoded = try codec.decode(sticker.bytes)
            let placement = StorePlacement(width: decoded.width, height: decoded.height, limits: .exactly(size.width, size.height))
            let frames = try decoded.frames.map { AnimationFrame(image: try placement.apply($0.image), delay: $0.delay) }
            var options = FitOptions(maxBytes: rule.maxBytes ?? Int.max / 2, lossy: true, minSide: max(size.width, size.height))
            options.keepBestBelowFloor = true
            let fit = try StickerFitter(options: options).fit(frames: frames, loopCount: sticker.loops, gridSize: .large)
            // What the file stores: the encoder merges repeated frames into one.
            guard fit.format == .apng, try codec.decode(fit.bytes).frames.count > 1 else {
                throw PlatformBuildError.notFitted(file: sticker.file, store: rules.name,
                                                   reason: "the \(rule.role): the fitted file stores one frame, and it must be an animation")
            }
            return StorePackImage(role: rule.role, file: layout.imageFile(role: rule.role), bytes: fit.bytes,
                                  width: size.width, height: size.height, source: name)
        } catch let error as PlatformBuildError {
            throw error
        } catch {
            throw PlatformBuildError.notFitted(file: sticker.file, store: rules.name, reason: "the \(rule.role): \(error)")
        }
    }
}
