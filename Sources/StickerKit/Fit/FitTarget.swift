import ImageCodec

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
    var placingOnly: FitTarget {
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
            return result
        } catch let error as FitError {
            throw AssemblyError.notFitted(file: name, reason: error)
        } catch {
            throw AssemblyError.notFitted(file: name, reason: .invalidInput("placing into the grid cell: \(error)"))
        }
    }

    /// Version of the search: raised whenever the same settings can give a different file (2: levels
    /// sized with filtered rows, 4 bits per channel, hopeless geometries skipped; 3: placed into the
    /// grid cell, both sides at least 300 px; 4: uniform frame-rate reduction), so a rebuild does
    /// not reuse an older search's output.
    static let searchVersion = 4

    /// The settings (and the search's version) as text for incremental-build keys.
    var keyText: String {
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
