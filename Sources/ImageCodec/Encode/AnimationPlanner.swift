/// One frame as it will be written: its rectangle, stored pixels (normalized RGBA) and ops.
struct PlannedFrame: Sendable {
    /// Where the stored pixels go.
    var region: PixelRegion
    /// The pixels to store for `region`.
    var pixels: PixelBuffer
    /// blend_op.
    var blend: BlendOp
    /// dispose_op, chosen when the next frame is planned.
    var dispose: DisposeOp
    /// Display time.
    var delay: FrameDelay
}

/// Chooses each frame's rectangle and ops the way apngasm does (for frame i, try the three dispose
/// ops of frame i-1 times both blend ops, on the bounding box of changed pixels, and keep the one
/// that compresses smallest) but allows blend-over wherever it is exact, not only for opaque changes.
struct AnimationPlanner: Sendable {
    /// Packing, filtering and trial compression.
    let compressor: FrameCompressor

    /// Plans `frames` (normalized, consecutive duplicates already merged).
    func plan(_ frames: [(image: PixelBuffer, delay: FrameDelay)]) throws -> [PlannedFrame] {
        guard let first = frames.first else { return [] }
        let full = PixelRegion(x: 0, y: 0, width: first.image.width, height: first.image.height)
        var planned = [PlannedFrame(region: full, pixels: first.image, blend: .source, dispose: .none,
                                    delay: first.delay)]
        var canvasBefore = PixelBuffer(width: full.width, height: full.height)
        for i in 1..<max(1, frames.count) {
            let previous = planned[i - 1]
            // A dispose_op of previous on the first frame means background, so it is not offered.
            let disposes: [DisposeOp] = i == 1 ? [.none, .background] : [.none, .background, .previous]
            let canvases = disposes.map { dispose -> PixelBuffer in
                let shown = frames[i - 1].image
                switch dispose {
                case .none: return shown
                case .background: return FrameDiff.cleared(shown, previous.region)
                case .previous: return FrameDiff.restored(shown, previous.region, from: canvasBefore)
                }
            }
            let options = try candidates(for: frames[i].image, canvases: canvases, disposes: disposes)
            let choice = try cheapest(options)
            planned[i - 1].dispose = choice.dispose
            canvasBefore = canvases[disposes.firstIndex(of: choice.dispose) ?? 0]
            planned.append(PlannedFrame(region: choice.region, pixels: choice.pixels, blend: choice.blend,
                                        dispose: .none, delay: frames[i].delay))
        }
        return planned
    }

    private struct Option {
        var dispose: DisposeOp, blend: BlendOp, region: PixelRegion, pixels: PixelBuffer
    }

    /// Every exact (dispose, blend) pair for `target`, in a fixed order.
    private func candidates(for target: PixelBuffer, canvases: [PixelBuffer], disposes: [DisposeOp]) throws -> [Option] {
        let blends: [BlendOp] = compressor.plan.canWriteTransparent ? [.source, .over] : [.source]
        let built = try Parallel.map(disposes.count * blends.count) { unit -> Option? in
            let (d, b) = unit.quotientAndRemainder(dividingBy: blends.count)
            guard let region = FrameDiff.changedBounds(target, canvases[d]) else {
                // Nothing changes: APNG forbids empty frames, so store one unchanged pixel.
                let one = PixelRegion(x: 0, y: 0, width: 1, height: 1)
                return b == 0 ? Option(dispose: disposes[d], blend: .source, region: one,
                                       pixels: target.cropped(to: one)) : nil
            }
            guard let pixels = FrameDiff.regionPixels(target: target, canvas: canvases[d], region: region,
                                                      blend: blends[b]) else { return nil }
            return Option(dispose: disposes[d], blend: blends[b], region: region, pixels: pixels)
        }
        return built.compactMap { $0 }
    }

    /// The option whose best planning filter compresses smallest (earliest on ties).
    private func cheapest(_ options: [Option]) throws -> Option {
        guard !options.isEmpty else {
            throw CodecError.invalidInput("internal: no exact frame option (source blend is always exact)")
        }
        let filters = compressor.profile.planningFilters
        let sizes = try Parallel.map(options.count * filters.count) { unit -> Int in
            let (o, f) = unit.quotientAndRemainder(dividingBy: filters.count)
            return try compressor.trialSize(compressor.filtered(options[o].pixels, filters[f]))
        }
        var best = 0
        for o in options.indices where sizes[o * filters.count..<(o + 1) * filters.count].min() ?? .max
            < sizes[best * filters.count..<(best + 1) * filters.count].min() ?? .max {
            best = o
        }
        return options[best]
    }
}
