import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

extension StoreStickerBuilder {
    /// A Lottie or TGS source as the store's vector format (Telegram's `.tgs`: `TGSWriter`), retimed
    /// like any animation (speed up or trim to the duration cap); nil with the reason when the store
    /// takes no vector format, the source is not vector, or the written file breaks the store's byte
    /// limit or fails `TGSVerifier` (decoded again: no frame, wrong canvas or rate, too long, a feature
    /// the renderer cannot draw); the sticker is then built as a raster animation (Telegram: WebM
    /// video), and the reason kept as a note.
    func vectorSticker(_ sticker: StickerSource, root: String, stem: String, emojis: [String]) throws -> (StoreSticker?, String?) {
        guard case .file(let path) = sticker.content, let kind = rules.animated, kind.formats.contains(.tgs) else { return (nil, nil) }
        let bytes: [UInt8]
        do { bytes = try FileIO.read(FileIO.join(root, path)) } catch {
            throw PlatformBuildError.unreadable(file: path, reason: "\(error)")
        }
        let format = FormatSniffer.sniff(bytes)
        guard format == .lottie || format == .tgs else { return (nil, nil) }
        let document: LottieDocument
        do { document = try LottieDecoder().validated(bytes, format: format).document } catch {
            throw PlatformBuildError.unreadable(file: path, reason: "\(error)")
        }
        let total = Double(document.frameCount) * 1000 / document.frameRate
        var speed = 1.0, cap: Double?, retimed: [String] = []
        if let limit = rules.animation.maxDurationMilliseconds, total > limit + 0.5 {
            let factor = total / limit
            if retime == .speed || (retime == .auto && factor <= RetimeMode.autoSpeedUpLimit) {
                speed = factor
                retimed.append("sped up \(NumberText.decimal(factor, places: 2))x: \(NumberText.int(Int(total.rounded()))) ms "
                               + "-> \(NumberText.int(Int(limit))) ms, every frame kept")
            } else {
                cap = limit
                retimed.append("trimmed to the first \(NumberText.int(Int(limit))) ms of \(NumberText.int(Int(total.rounded()))) ms")
            }
        }
        let written: TGSWriter.Output
        do { written = try TGSWriter().write(bytes, format: format, speed: speed, maxDurationMs: cap) } catch {
            return (nil, "no .tgs: \(error)")
        }
        if document.frameRate != TGSWriter.frameRate { retimed.append("\(NumberText.decimal(document.frameRate)) fps -> 60 fps (keyframe times rescaled)") }
        let limit = kind.maxBytes(for: .tgs)
        guard written.bytes.count <= limit else {
            return (nil, "no .tgs: \(NumberText.int(written.bytes.count)) bytes gzipped, over \(rules.name)'s "
                    + "\(NumberText.int(limit)); simplify the Lottie (fewer layers and keyframes) to get one")
        }
        // Decoded again and judged by the store's rules: a file Telegram's renderer loads as no
        // frame, or that breaks a rule, is never shipped.
        let problems = TGSVerifier(rules: rules).problems(written.bytes)
        guard problems.isEmpty else {
            return (nil, "no .tgs: the written file, decoded again, cannot ship: "
                    + problems.map(\.description).joined(separator: "; ") + "; built as video instead")
        }
        let scaled = document.width == TGSWriter.side && document.height == TGSWriter.side ? nil
            : "canvas \(NumberText.size(document.width, document.height)) -> \(NumberText.size(TGSWriter.side, TGSWriter.side)) (vector, scaled in the document)"
        let (label, labelNote) = Self.accessibilityText(sticker.accessibilityLabel, kind: rules.kind(animated: true), store: rules.name)
        return (StoreSticker(name: sticker.name, sources: sticker.files, file: stem + ".tgs", bytes: written.bytes, format: .tgs,
                             width: TGSWriter.side, height: TGSWriter.side, frames: written.frames, durationMs: written.durationMs,
                             loops: 0, emojis: emojis, scaled: scaled, retimed: retimed,
                             fitted: "TGS: \(NumberText.int(written.bytes.count)) bytes gzipped (limit \(NumberText.int(limit)))",
                             notes: labelNote.map { [$0] } ?? [],
                             source: StoreSourceFacts(file: path, format: format, width: document.width, height: document.height,
                                                 frames: document.frameCount, durationMs: total),
                             accessibilityText: label), nil)
    }
}
