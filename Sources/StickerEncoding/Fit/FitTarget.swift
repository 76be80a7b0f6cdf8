import ImageCodec
import StickerCore

/// Fitting as a stage of assembling, converting and building: the fitter's options and the grid
/// size that bounds downscaling.
public struct FitTarget: Equatable, Sendable {
    /// What the fitter aims for and may trade.
    public var options: FitOptions
    /// The pack's grid size: downscaling never goes past it (and never below `options.minSide`).
    public var gridSize: GridSize
    /// `--fill-cell`: scale every sticker (up or down) so its longer side fills the grid cell;
    /// otherwise only stickers outside the cell or below 300 px are scaled (`CellPlacement`).
    public var fillCell: Bool

    /// A target.
    public init(options: FitOptions, gridSize: GridSize, fillCell: Bool = false) {
        self.options = options; self.gridSize = gridSize; self.fillCell = fillCell
    }

    /// Where a `width` x `height` sticker goes in the grid cell.
    public func placement(width: Int, height: Int) -> CellPlacement {
        CellPlacement(width: width, height: height, cell: gridSize.maxPixels, minSide: options.minSide, fill: fillCell)
    }

    /// Whether the frames are only placed into the cell and encoded losslessly, whatever their size
    /// (what a build writes for a sticker that cannot be fitted; the report keeps the real limit).
    var placeOnly = false

    /// This target placing only (`placeOnly`).
    package var placingOnly: FitTarget {
        var copy = self
        copy.placeOnly = true
        return copy
    }

    /// Fits decoded frames (one frame = a still), placed into the grid cell first (the report's
    /// first step says how); `name` is used in errors.
    /// - Throws: `AssemblyError.notFitted` with the fitter's figures.
    func fit(_ frames: [AnimationFrame], loopCount: Int, name: String) throws -> FitResult {
        guard let first = frames.first else { throw AssemblyError.notFitted(file: name, reason: .invalidInput("no frames")) }
        let placement = placement(width: first.image.width, height: first.image.height)
        let rate = Self.rateCut(frames)
        let frames = rate.frames
        do {
            let placed = placement.isIdentity ? frames
                : try frames.map { AnimationFrame(image: try placement.apply($0.image), delay: $0.delay) }
            var fitting = options
            if placeOnly { (fitting.maxBytes, fitting.lossy) = (Int.max, false) }
            var result = try StickerFitter(options: fitting).fit(frames: placed, loopCount: loopCount, gridSize: gridSize)
            (result.report.maxBytes, result.report.headroom) = (options.maxBytes, options.maxBytes - result.report.finalBytes)
            if !placement.isIdentity {
                result.report.placement = placement.summary
                result.report.steps.insert("into the cell: " + placement.summary, at: 0)
            }
            if let step = rate.step {
                result.report.steps.insert(step, at: 0)
                result.report.framesIn += rate.dropped
                result.report.framesDropped += rate.dropped
            }
            return result
        } catch let error as FitError {
            throw AssemblyError.notFitted(file: name, reason: error)
        } catch {
            throw AssemblyError.notFitted(file: name, reason: .invalidInput("placing into the grid cell: \(error)"))
        }
    }

    /// Above `CheckThresholds().maxFPS` (30; `frame_rate_high`), a uniform cut to it or below: every
    /// 2nd (3rd, ...) frame kept, each held for the frames it stands for, so the loop keeps its exact
    /// time. A 60 fps TGS/Lottie render becomes exactly the frames a 30 fps render gives (the frame
    /// at 2i/60 s is the one at i/30 s); the search's own frame-rate levers then start from there.
    static func rateCut(_ frames: [AnimationFrame]) -> (frames: [AnimationFrame], step: String?, dropped: Int) {
        let n = frames.count
        let loop = frames.map(\.delay).reduce(FrameDelay.zero, +).milliseconds
        guard n > 2, loop > 0 else { return (frames, nil, 0) }
        let fps = Double(n) * 1000 / loop, limit = CheckThresholds().maxFPS
        guard fps > limit + 1e-9 else { return (frames, nil, 0) }
        let every = Int((fps / limit).rounded(.up))
        let keep = (n + every - 1) / every
        let kept = FrameDropper(images: frames.map(\.image)).kept(count: keep)
        let out = FrameDropper.merge(frames, kept: kept)
        let step = "frame rate \(NumberText.decimal(fps)) -> \(NumberText.decimal(fps * Double(keep) / Double(n))) fps: "
            + "every \(every == 2 ? "2nd" : every == 3 ? "3rd" : "\(every)th") frame kept (\(n) -> \(keep) frames, "
            + "loop \(NumberText.decimal(loop)) ms kept; over \(NumberText.decimal(limit)) fps is frame_rate_high)"
        return (out, step, n - keep)
    }

    /// Version of the search: raised whenever the same settings can give a different file (2: levels
    /// sized with filtered rows, 4 bits per channel, hopeless geometries skipped; 3: placed into the
    /// grid cell, both sides at least 300 px; 4: uniform frame-rate reduction; 5: `StickerQuality`, a work
    /// budget in passes over the input; 6: a frame-rate cut's kept frames merge their runs where that
    /// measures better, `TemporalMerge`; 7: dithering that overshoots the limit is tried again weaker), so a rebuild does not reuse an older search's output.
    static let searchVersion = 7

    /// The settings (and the search's version) as text for incremental-build keys.
    package var keyText: String {
        let o = options
        return "fit\(Self.searchVersion)(max=\(o.maxBytes),lossy=\(o.lossy),minQuality=\(o.minQuality),effort=\(o.effort.rawValue),"
            + "dither=\(o.dithering.rawValue),minSide=\(o.minSide),budget=\(o.timeBudget),grid=\(gridSize.rawValue)"
            + (fillCell ? ",fillCell" : "") + (o.wallClock ? ",wallClock" : "") + ")"
    }
}

extension AssemblyResult {
    /// The result of a fitted assembly: size, frames and timing as the fitted file has them.
    init(_ fitted: FitResult, framesIn: Int, loopCount: Int) {
        let r = fitted.report
        self.init(bytes: fitted.bytes, format: fitted.format, framesIn: framesIn,
                  framesWritten: fitted.framesStored(framesIn: framesIn),
                  width: r.width, height: r.height, loopDurationMs: r.loopDurationMs, loopCount: loopCount, fit: r)
    }
}

extension ConversionResult {
    /// The result of a fitted conversion.
    init(_ fitted: FitResult, sourceFormat: ImageFormat, framesIn: Int, loopCount: Int) {
        let r = fitted.report
        self.init(bytes: fitted.bytes, format: fitted.format, sourceFormat: sourceFormat, framesIn: framesIn,
                  framesWritten: fitted.framesStored(framesIn: framesIn),
                  width: r.width, height: r.height, loopDurationMs: r.loopDurationMs, loopCount: loopCount, fit: r)
    }
}

extension FitResult {
    /// Frames the file stores: its `acTL` count (the writer merges identical frames), 1 for a still.
    func framesStored(framesIn: Int) -> Int {
        format == .apng ? APNGHeader.frameCount(in: bytes) ?? framesIn - report.framesDropped : 1
    }
}
