import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// `file_too_large`: fits the file under the byte limit as `--fit` does (`StickerFitter`): lossless
/// first, then, since a repair was asked for, the measured least-loss search down to the minimum
/// quality (`--no-lossy` forbids it). Frames of a sequence are never fitted one by one.
public struct FileTooLargeFix: StickerFix {
    /// A fix.
    public init() {}

    public static let description = FixDescription(
        rules: ["file_too_large"], action: "fit",
        summary: "Fits the file under the byte limit: lossless first, then the least-loss search (--min-quality; --no-lossy forbids it).")

    public func apply(to work: inout FixWork, context: FixContext) throws -> FixRecord? {
        guard !work.isSequenceFrame, let bytes = work.bytes, context.finds(FileTooLargeCheck(), in: work) else { return nil }
        let settings = context.settings
        var options = FitOptions(maxBytes: context.check.configuration.maxBytes, lossy: settings.lossy,
                                 minQuality: settings.minQuality, effort: settings.effort,
                                 timeBudget: settings.timeBudget ?? FitOptions.defaultTimeBudget)
        options.wallClock = settings.timeBudget != nil
        let frames = work.image.isAnimated ? work.image.frames.map { AnimationFrame(image: $0.image, delay: $0.delay) }
            : [AnimationFrame(image: work.image.frames[0].image, delay: .zero)]
        let loops = work.image.isAnimated ? StickerConverter.playCount(of: work.image) : 0
        let fitted: FitResult
        do {
            fitted = try StickerFitter(options: options).fit(frames: frames, loopCount: loops, gridSize: context.check.gridSize)
        } catch FitError.overLimitLossless(let losslessBytes, let limit) {
            // Said in fix's terms: lossy fitting is on unless --no-lossy forbids it.
            throw FixError.notFitted(file: work.file, reason: "lossless output is \(NumberText.int(losslessBytes)) bytes, over the "
                                     + "limit of \(NumberText.int(limit)) bytes, and --no-lossy forbids the lossy search "
                                     + "(drop it to trade quality down to --min-quality)")
        } catch let error as FitError {
            throw FixError.notFitted(file: work.file, reason: error.description)
        }
        let r = fitted.report
        var details = "\(NumberText.int(bytes.count)) -> \(NumberText.int(fitted.bytes.count)) bytes, limit "
            + "\(NumberText.int(options.maxBytes)); "
        details += r.lossless ? "lossless" : "lossy: \(r.steps.joined(separator: ", ")), quality \(NumberText.decimal(r.quality, places: 3)) (\(r.qualityMetric))"
        work.image.loopCount = loops
        work.markReencoded()
        work.bytes = fitted.bytes
        work.format = fitted.format
        return FixRecord(rule: "file_too_large", action: Self.description.action, details: details)
    }

    public static var examples: FixExamples {
        let art = ExampleImage.still(ExampleImage.canvas(300, 300, inset: 20), fileSize: 600_000)
        return FixExamples(
            triggering: [FixExample("600 KB file of flat artwork", .example(art))],
            nonTriggering: [FixExample("100 KB file", .example(ExampleImage.still(ExampleImage.canvas(300, 300, inset: 20))))])
    }
}

/// Why a sticker could not be repaired.
public enum FixError: Error, Equatable, CustomStringConvertible {
    /// The fitter found nothing under the limit at the accepted quality.
    case notFitted(file: String, reason: String)
    /// A file could not be read, decoded or encoded.
    case codec(file: String, reason: String)

    public var description: String {
        switch self {
        case let .notFitted(file, reason): return "\(file): could not be fitted under the limit: \(reason)"
        case let .codec(file, reason): return "\(file): \(reason)"
        }
    }
}
