import ImageCodec
import StickerCore

extension FitSession {
    /// How hard an encode works: a quick draft encode that only sizes a candidate (the encoder's
    /// frame plan, the fastest deflate, rows unfiltered or, for fewer levels per channel, filtered by
    /// libpng's per-row heuristic), or an output effort.
    enum EncodeMode {
        case quick
        case quickFiltered
        case effort(DeflateEffort)
    }

    /// Size at the requested effort over size of a quick encode (`quick`, one of the quick modes),
    /// for one image encoded as a still PNG both ways: frame 0 calibrates the lossless estimate and
    /// each kind of candidate.
    func effortToQuickRatio(of image: PixelBuffer, quick: EncodeMode = .quick) throws -> Double {
        Double(try encodeStill(image, mode: .effort(options.effort))) / Double(max(1, try encodeStill(image, mode: quick)))
    }

    private func encodeStill(_ image: PixelBuffer, mode: EncodeMode) throws -> Int {
        partialEncodes += 1
        encodedPixels += image.width * image.height
        count(1, image)
        do { return try PNGEncoder(options: Self.encodeOptions(mode)).encode(image).count } catch {
            throw FitError.codec("\(error)")
        }
    }

    private static func encodeOptions(_ mode: EncodeMode) -> PNGEncodeOptions {
        switch mode {
        case .quick: return PNGEncodeOptions(draft: true)
        case .quickFiltered: return PNGEncodeOptions(draft: true, draftFiltersRows: true)
        case .effort(let effort): return PNGEncodeOptions(effort: effort)
        }
    }

    /// Encodes frames as an APNG, or a PNG when the input was a still.
    func encode(_ frames: [AnimationFrame], mode: EncodeMode) throws -> EncodeReport {
        fullEncodes += 1
        encodedPixels += frames.count * frames[0].image.width * frames[0].image.height
        // An encode at effort costs several quick ones; counted as such so the budget sees it.
        if case .effort(let effort) = mode { count(frames.count * (effort == .fast ? 2 : effort == .max ? 40 : 4), frames[0].image) } else { count(frames.count, frames[0].image) }
        let encoder = PNGEncoder(options: Self.encodeOptions(mode))
        do {
            if input.count == 1 { return try encoder.encodeWithReport(frames[0].image) }
            return try encoder.encodeAnimationWithReport(frames, loopCount: loopCount)
        } catch {
            throw FitError.codec("\(error)")
        }
    }
}
