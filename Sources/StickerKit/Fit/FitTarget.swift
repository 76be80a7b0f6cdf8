import ImageCodec

/// Fitting as a stage of assembling, converting and building: the fitter's options and the grid
/// size that bounds downscaling.
public struct FitTarget: Equatable, Sendable {
    /// What the fitter aims for and may trade.
    public var options: FitOptions
    /// The pack's grid size: downscaling never goes past it (and never below `options.minSide`).
    public var gridSize: GridSize

    /// A target.
    public init(options: FitOptions, gridSize: GridSize) { self.options = options; self.gridSize = gridSize }

    /// Fits decoded frames (one frame = a still); `name` is used in errors.
    /// - Throws: `AssemblyError.notFitted` with the fitter's figures.
    func fit(_ frames: [AnimationFrame], loopCount: Int, name: String) throws -> FitResult {
        do {
            return try StickerFitter(options: options).fit(frames: frames, loopCount: loopCount, gridSize: gridSize)
        } catch let error as FitError {
            throw AssemblyError.notFitted(file: name, reason: error)
        }
    }

    /// Version of the search: raised whenever the same settings can give a different file (2: levels
    /// sized with filtered rows, 4 bits per channel, hopeless geometries skipped), so a rebuild does
    /// not reuse an older search's output.
    static let searchVersion = 2

    /// The settings (and the search's version) as text for incremental-build keys.
    var keyText: String {
        let o = options
        return "fit\(Self.searchVersion)(max=\(o.maxBytes),lossy=\(o.lossy),minQuality=\(o.minQuality),effort=\(o.effort.rawValue),"
            + "dither=\(o.dithering.rawValue),minSide=\(o.minSide),budget=\(o.timeBudget),grid=\(gridSize.rawValue))"
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
