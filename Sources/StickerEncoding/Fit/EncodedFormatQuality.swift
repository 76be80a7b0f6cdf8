import ImageCodec
import StickerCore

/// The one place the WebP/WebM fitter measures how close a candidate looks to its source.
///
/// It is `StickerQuality`, the APNG fitter's measure (luma SSIM and a colour term over black and
/// over white, the worst frames weighted in; docs/fit.md); a different measure plugs in here alone. The
/// candidate is compared as a viewer plays it: for each source frame, the candidate frame on
/// screen at that frame's start time (so merged or dropped frames count against the frames they
/// stand in for). A candidate on a smaller canvas is scaled back to the source's size first.
enum EncodedFormatQuality {
    /// Quality of `candidate` (decoded frames with their delays) against `source`, 0...1.
    static func measure(source: [AnimationFrame], candidate: [Frame]) throws -> Double {
        guard !candidate.isEmpty else { throw CodecError.invalidInput("the candidate decoded to no frame") }
        let candidateStarts = startsInSeconds(candidate.map(\.delay))
        var shown: [PixelBuffer] = [], k = 0
        for start in startsInSeconds(source.map(\.delay)).dropLast() {
            // A frame stands in from its start until the next one's. The writers round starts to
            // whole milliseconds (at most half a millisecond off), hence the tolerance.
            while k + 1 < candidate.count && candidateStarts[k + 1] <= start + 0.0006 { k += 1 }
            shown.append(candidate[k].image)
        }
        // A smaller canvas is measured as shown at the source's size (as the APNG fitter measures its
        // scaled candidates), so the lost resolution counts.
        let (width, height) = (source[0].image.width, source[0].image.height)
        if shown[0].width != width || shown[0].height != height {
            shown = try Parallel.map(shown.count) { [shown] in try Resampler().resized(shown[$0], width: width, height: height) }
        }
        let weights = source.map { $0.delay.milliseconds }
        return try StickerQuality().score(reference: source.map(\.image), candidate: shown, weights: weights)
    }

    private static func startsInSeconds(_ delays: [FrameDelay]) -> [Double] {
        var starts = [0.0]
        for delay in delays { starts.append(starts.last! + delay.milliseconds / 1000) }
        return starts
    }
}
