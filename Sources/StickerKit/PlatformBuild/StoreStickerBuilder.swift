import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// Builds one sticker for one store, every limit read from its `PlatformRules`: decodes the source
/// (vector Lottie rendered straight at the store's size), chooses the format the store takes for a
/// still or an animation, places it in the store's pixel limits, retimes it to the store's caps and
/// fits it under the store's byte limit with the measured-quality fitters (`EncodedFormatFitter`
/// for WebP and WebM, `StickerFitter` for PNG and APNG).
public struct StoreStickerBuilder: Sendable {
    /// The store's table.
    public var rules: PlatformRules
    /// Speed up or trim over a duration cap.
    public var retime: RetimeMode
    /// Decoder and PNG encoder.
    public var codec: any StickerCodec
    /// Make each still an animation (`StillAnimator`): set for a store that takes one kind per pack
    /// when the pack holds animations.
    public var animateStills = false
    /// `--loops`: the loop count (0 = forever) every animation is written with, instead of the one
    /// the store's table expects (`AnimationLimits.loops`); nil keeps the table's.
    public var loops: Int?

    /// Formats the build writes, in the order it prefers them when a store takes several: PNG for
    /// stills (lossless), WebP then WebM for animations (smaller than APNG at the same quality).
    static let stillPreference: [ImageFormat] = [.png, .webp]
    static let animatedPreference: [ImageFormat] = [.webp, .webm, .apng]

    /// A builder.
    public init(rules: PlatformRules, retime: RetimeMode = .auto, codec: any StickerCodec = DefaultStickerCodec()) {
        self.rules = rules; self.retime = retime; self.codec = codec
    }

    /// The format written for a still or an animated sticker, nil when the store takes none the build writes.
    public func format(animated: Bool) -> ImageFormat? {
        guard let kind = rules.kind(animated: animated) else { return nil }
        return (animated ? Self.animatedPreference : Self.stillPreference).first { kind.formats.contains($0) }
    }

    /// Builds `sticker` (its files relative to `root`) into a file whose name is `stem` plus the format's extension.
    /// - Throws: `PlatformBuildError` naming the sticker's file and what is wrong.
    public func build(_ sticker: StickerSource, root: String, stem: String, emojis: [String]) throws -> StoreSticker {
        // Never held: no still is held back.
        guard case .built(let built) = try build(sticker, root: root, stem: stem, emojis: emojis, holdingStills: false) else {
            throw PlatformBuildError.unreadable(file: sticker.files.first ?? sticker.name, reason: "internal: a still was held back")
        }
        return built
    }

    /// A sticker built, or a still held back with its decoded source (nil when over
    /// `heldPixelLimit`: decoded again when it is built, so a pack of large stills is not all held
    /// in memory at once).
    enum Outcome {
        case built(StoreSticker)
        case held(SourceAnimation?)
    }
    /// The most pixels a held still keeps decoded (4 MB of RGBA).
    static let heldPixelLimit = 1 << 20

    /// As `build`, but with `holdingStills` a source of one frame is not built but held: a store
    /// that takes one kind per pack builds its stills once it knows whether the pack animates, so
    /// none is fitted twice; `decoded` is a held source, so a still is decoded once unless it is
    /// over `heldPixelLimit`.
    func build(_ sticker: StickerSource, root: String, stem: String, emojis: [String], holdingStills: Bool,
               decoded: SourceAnimation? = nil) throws -> Outcome {
        let file = sticker.files.first ?? sticker.name
        let (vector, whyNotVector) = try vectorSticker(sticker, root: root, stem: stem, emojis: emojis)
        if let vector { return .built(vector) }
        let source = try decoded ?? decode(sticker, root: root)
        if holdingStills && source.frames.count == 1 {
            return .held(source.frames[0].image.pixelCount <= Self.heldPixelLimit ? source : nil)
        }
        var built = try rasterSticker(source, of: sticker, stem: stem, emojis: emojis, file: file)
        if let whyNotVector { built.notes.append(whyNotVector) }
        return .built(built)
    }

    /// The sticker as pixels: placed, retimed and fitted in the format `format(animated:)` chooses.
    private func rasterSticker(_ source: SourceAnimation, of sticker: StickerSource, stem: String, emojis: [String],
                               file: String) throws -> StoreSticker {
        guard let first = source.frames.first else { throw PlatformBuildError.unreadable(file: file, reason: "it decodes to no frame") }
        let sourceFrames = source.frames.count
        let madeAnimated = animateStills && sourceFrames == 1
        let animated = sourceFrames > 1 || madeAnimated
        guard let kind = rules.kind(animated: animated), let format = format(animated: animated) else {
            throw PlatformBuildError.noFormat(file: file, store: rules.name, animated: animated)
        }
        let placement = StorePlacement(width: first.image.width, height: first.image.height, limits: kind.pixels)
        var frames: [AnimationFrame]
        do { frames = try source.frames.map { AnimationFrame(image: try placement.apply($0.image), delay: $0.delay) } } catch {
            throw PlatformBuildError.unreadable(file: file, reason: "scaling failed: \(error)")
        }
        var notes: [String] = []
        var plays = 0
        if animated {
            let wanted = writtenLoops(fromSource: madeAnimated ? 0 : source.plays)
            if !madeAnimated, let note = wanted.note, wanted.loops != source.plays {
                notes.append("loops: \(LoopExpectation.countText(source.plays)) -> \(LoopExpectation.countText(wanted.loops)) (\(note))")
            }
            plays = wanted.loops
        }
        if madeAnimated {
            // After placement: scaling would smooth the one-level difference away.
            let animator = StillAnimator(limits: rules.animation)
            frames = animator.frames(frames[0].image)
            notes.append(animator.note(store: rules.name, frames: frames))
        }
        var retimed: [String] = []
        if animated {
            let timed = Retimer(limits: rules.animation, format: format, mode: retime)
                .retime(frames, plays: plays, playsFromSource: !madeAnimated)
            (frames, plays, retimed) = (timed.frames, timed.plays, timed.notes)
        } else {
            frames = [AnimationFrame(image: frames[0].image, delay: .zero)]
        }
        let sourceFacts = StoreSourceFacts(file: file, format: source.format, width: first.image.width,
                                      height: first.image.height, frames: sourceFrames,
                                      durationMs: sourceFrames > 1 ? Retimer.milliseconds(source.frames) : 0)
        let (fit, belowFloor) = try fitted(frames, plays: plays, format: format, limit: kind.maxBytes(for: format), file: file)
        // What the file stores: WebPAnimEncoder merges repeated frames into longer ones.
        var written = fit.report.framesIn - fit.report.framesDropped
        if fit.format == .webp, animated, let stored = try? WebPEncoder.storedFrameCount(fit.bytes) { written = stored }
        if madeAnimated && written < 2 {
            throw PlatformBuildError.notFitted(file: file, store: rules.name, reason: "made into an animation for a pack of "
                                               + "animations, but the fitted file stores one frame; split the pack into stills and animations")
        }
        var fittedText = "\(fit.format.displayName): \(fit.report.summary)"
        if let belowFloor { fittedText += "; below the quality floor: \(belowFloor)" }
        let (label, labelNote) = Self.accessibilityText(sticker.accessibilityLabel, kind: kind, store: rules.name)
        if let labelNote { notes.append(labelNote) }
        return StoreSticker(
            name: sticker.name, sources: sticker.files, file: stem + "." + (fit.format.usualExtensions.first ?? "bin"),
            bytes: fit.bytes, format: fit.format, width: placement.canvasWidth, height: placement.canvasHeight,
            frames: animated ? max(1, written) : 1, durationMs: animated ? Retimer.milliseconds(frames) : 0,
            loops: plays, emojis: emojis, scaled: placement.summary, retimed: retimed, fitted: fittedText, notes: notes,
            source: sourceFacts, accessibilityText: label, search: fit.report.searchCost)
    }

    /// The loop count an animation playing `source` times is written with, and why it differs when
    /// it does: `--loops`, else the table's expectation (a count store's count is brought into its
    /// range by the retimer, which says so itself); the source's where the table expects none.
    func writtenLoops(fromSource source: Int) -> (loops: Int, note: String?) {
        if let loops { return (loops, "--loops \(loops)") }
        guard let expected = rules.animation.loops else { return (source, nil) }
        let written = expected.written(fromSource: source)
        return (written, written == source ? nil : "\(rules.name) loops stickers")
    }

    /// A sticker's label as the store's metadata carries it, or nil and a note when it is longer
    /// than the store takes for the kind (WhatsApp's sample apps refuse a pack with a longer one).
    static func accessibilityText(_ label: String?, kind: StickerKindRules?, store: String) -> (String?, String?) {
        guard let label, !label.isEmpty else { return (nil, nil) }
        guard let limit = kind?.maxAccessibilityText, label.utf16.count > limit else { return (label, nil) }
        return (nil, "its label (\(label.utf16.count) characters) is left out of \(store)'s metadata, which takes at most "
                + "\(limit) for this kind of sticker; shorten it under `labels:` to keep it")
    }

    /// The fitted file; below the fitters' quality floor, the best that fits, with why (a store
    /// build ships a sticker under the limit rather than none, and says so).
    private func fitted(_ frames: [AnimationFrame], plays: Int, format: ImageFormat, limit: Int, file: String) throws -> (FitResult, String?) {
        var options = FitOptions(maxBytes: limit, lossy: true, minSide: max(frames[0].image.width, frames[0].image.height))
        options.keepBestBelowFloor = true
        // WebP's lossless file at libwebp's cheap level when that fits: exact at any effort (issue 23).
        if format == .webp { options.effort = .fast }
        func run(_ options: FitOptions) throws -> FitResult {
            switch format {
            case .webp: return try EncodedFormatFitter(options: options, format: .webp).fit(frames, loopCount: plays)
            case .webm: return try EncodedFormatFitter(options: options, format: .webm).fit(frames, loopCount: plays)
            default: return try StickerFitter(options: options).fit(frames: frames, loopCount: plays, gridSize: .large)
            }
        }
        do {
            // Both fitters keep the best file under the limit when it measures below the floor
            // (`keepBestBelowFloor`), in the one search, and mark it; the build says so.
            let fit = try run(options)
            guard fit.report.belowQualityFloor else { return (fit, nil) }
            return (fit, "measured \(NumberText.decimal(fit.report.quality, places: 3)), floor \(NumberText.decimal(options.minQuality, places: 2))")
        } catch let error as FitError {
            throw PlatformBuildError.notFitted(file: file, store: rules.name, reason: "\(error)")
        }
    }

    /// The source's frames at full size (vector sources rendered at the store's size) and plays.
    func decode(_ sticker: StickerSource, root: String) throws -> SourceAnimation {
        let converter = StickerConverter(codec: codec, vectorBox: rules.vectorBox)
        do {
            switch sticker.content {
            case .file(let path):
                let decoded = try converter.decodeSource(try FileIO.read(FileIO.join(root, path)), name: path)
                return SourceAnimation(frames: decoded.frames.map { AnimationFrame(image: $0.image, delay: $0.delay) },
                                       plays: decoded.isAnimated ? StickerConverter.playCount(of: decoded) : 0,
                                       format: decoded.facts.format)
            case let .sequence(paths, timing, _):
                let delays = timing.delays(frameCount: paths.count)
                var format = ImageFormat.unknown
                let frames = try zip(paths, delays).map { path, delay in
                    let decoded = try converter.decodeSource(try FileIO.read(FileIO.join(root, path)), name: path)
                    if format == .unknown { format = decoded.facts.format }
                    guard let image = decoded.frames.first?.image else {
                        throw PlatformBuildError.unreadable(file: path, reason: "it decodes to no frame")
                    }
                    return AnimationFrame(image: image, delay: delay)
                }
                guard frames.allSatisfy({ $0.image.width == frames[0].image.width && $0.image.height == frames[0].image.height }) else {
                    throw PlatformBuildError.unreadable(file: sticker.folder ?? sticker.name, reason: "its frames differ in size")
                }
                return SourceAnimation(frames: frames, plays: sticker.sequenceLoopCount ?? 0, format: format)
            }
        } catch let error as PlatformBuildError {
            throw error
        } catch {
            throw PlatformBuildError.unreadable(file: sticker.files.first ?? sticker.name, reason: "\(error)")
        }
    }
}
