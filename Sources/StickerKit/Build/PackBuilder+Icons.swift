import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

extension PackBuilder {
    /// The icon set's files and what is missing from it.
    struct IconBuild: Sendable {
        var unit: BuiltUnit
        var findings: [Finding]
    }

    /// The file name of a generated icon; the idiom is part of it because iPhone and iPad both
    /// have a 29x29@2x slot.
    static func iconFileName(_ slot: IconSlot) -> String { "icon-\(slot.idiom)-\(slot.size)@\(slot.scale).png" }

    /// All 13 slots: generated from `options.iconSource` (letterboxed or covered, never stretched,
    /// flattened onto `options.iconStyle`'s background into opaque 8-bit sRGB PNGs), else copied
    /// from the pack's own icon set where it fills them, else listed without files with an
    /// `icon_slot_missing` warning.
    func buildIcons(_ pack: StickerPack, previous: BuildRecord?) async throws -> IconBuild {
        if let source = options.iconSource { return IconBuild(unit: try await generateIcons(from: source, previous: previous), findings: []) }
        var files: [String: [UInt8]] = [:]
        var slots: [(slot: IconSlot, filename: String?)] = []
        for slot in IconSlot.all {
            guard let path = pack.iconSet?.filled[slot] else { slots.append((slot, nil)); continue }
            let name = path.split(separator: "/").last.map(String.init) ?? path
            files[PackLayout.iconSet + "/" + name] = try FileIO.read(FileIO.join(pack.root, path))
            slots.append((slot, name))
        }
        files[PackLayout.iconSet + "/Contents.json"] = XcodeJSONWriter.bytes(XcodeContents.iconSet(slots: slots))
        let missing = slots.filter { $0.filename == nil }.map(\.slot)
        var findings: [Finding] = []
        if !missing.isEmpty {
            let list = missing.map { "\($0.idiom) \($0.size)@\($0.scale) (\($0.pixelWidth)x\($0.pixelHeight) px)" }
            findings.append(Finding(
                rule: "icon_slot_missing", severity: .warning, sticker: nil, file: pack.iconSet?.folder,
                message: "\(missing.count) of \(IconSlot.all.count) icon slots have no image: \(list.joined(separator: ", "))",
                hint: "Give an icon source image (it is letterboxed into every slot) or add the PNGs to the icon set; "
                    + "App Store uploads with an empty marketing slot have been rejected."))
        }
        return IconBuild(unit: BuiltUnit(files: files, sticker: nil, key: "", reused: false), findings: findings)
    }

    private func generateIcons(from source: String, previous: BuildRecord?) async throws -> BuiltUnit {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(source) } catch { throw BuildError.iconSource(path: source, reason: "\(error)") }
        let key = Digest.hex(parts: [Array("stickerforge-icons/2|\(codec.identifier)|effort=\(options.effort.rawValue)|\(options.iconStyle.keyText)".utf8), bytes])
        if let reused = reuse(unit: "icons", key: key, previous: previous) { return reused }
        let image: PixelBuffer
        do {
            let decoded = try codec.decode(bytes)
            guard let first = decoded.frames.first?.image else {
                throw BuildError.iconSource(path: source, reason: "decoded to no frame")
            }
            // The icons carry an sRGB chunk, so a source in another colour space is converted first.
            if !ColorProfileCheck.reasons(decoded.facts).isEmpty, let space = SourceColorSpace.declared(in: bytes) {
                image = try SRGBConverter().convert(first, from: space)
            } else {
                image = first
            }
        } catch let error as BuildError { throw error } catch {
            throw BuildError.iconSource(path: source, reason: "\(error)")
        }
        let codec = self.codec, effort = options.effort, renderer = IconRenderer(style: options.iconStyle)
        let background = renderer.background(for: image)
        let results = await BatchRunner(maxConcurrency: options.maxConcurrency).run(IconSlot.all, label: { Self.iconFileName($0) }) { slot in
            let opaque = try renderer.render(image, width: slot.pixelWidth, height: slot.pixelHeight, background: background)
            return try codec.encodeIcon(opaque, effort: effort)
        }
        var files: [String: [UInt8]] = [:]
        for (slot, result) in zip(IconSlot.all, results) {
            switch result {
            case .success(let png): files[PackLayout.iconSet + "/" + Self.iconFileName(slot)] = png
            case .failure(let error):
                throw BuildError.iconSource(path: source, reason: "the \(Self.iconFileName(slot)) icon failed: \(error)")
            }
        }
        let slots = IconSlot.all.map { (slot: $0, filename: Optional(Self.iconFileName($0))) }
        files[PackLayout.iconSet + "/Contents.json"] = XcodeJSONWriter.bytes(XcodeContents.iconSet(slots: slots))
        return BuiltUnit(files: files, sticker: nil, key: key, reused: false)
    }
}
