import ImageCodec
import StickerCore

/// A `.tgs` the build wrote, decoded again before it ships: inflated, validated and rendered frame
/// by frame at its canvas size by StickerForge's own Lottie decoder (rlottie in the contained
/// helper, as Telegram's apps draw it), then judged by the store's table: the canvas
/// (`TGSWriter.side` square), the rate (`AnimationLimits.maxFPS(for: .tgs)`), at least one frame
/// and at most the duration cap (a document of no frame is refused by the validator), the byte limit, and no feature the renderer cannot draw
/// (`LottieUnsupportedFeature`). A file with any problem is not shipped (`StoreStickerBuilder`
/// builds the sticker as video instead).
struct TGSVerifier: Sendable {
    /// The store's table.
    var rules: PlatformRules
    /// Decode limits for the written file.
    var limits: DecodeLimits = .default

    /// One reason a written `.tgs` cannot ship.
    enum Problem: Equatable, Sendable, CustomStringConvertible {
        /// The decoder refused it or rlottie could not render it.
        case undecodable(String)
        /// Fewer frames came out of the renderer than the document declares (none, for a file
        /// rlottie loads as 0 frames).
        case framesMissing(rendered: Int, declared: Int)
        /// The canvas is not the store's square.
        case canvas(width: Int, height: Int, side: Int)
        /// The document's rate is not the store's.
        case frameRate(Double, required: Double)
        /// One loop is longer than the store's cap.
        case duration(milliseconds: Double, limit: Double)
        /// The gzipped file is over the store's byte limit.
        case bytes(Int, limit: Int)
        /// Features the renderer cannot draw faithfully.
        case unsupported([LottieUnsupportedFeature])

        var description: String {
            switch self {
            case .undecodable(let reason): return "it does not decode (\(reason))"
            case let .framesMissing(rendered, declared): return "rlottie rendered \(rendered) of its \(declared) frames"
            case let .canvas(width, height, side): return "its canvas is \(NumberText.size(width, height)), not \(NumberText.size(side, side))"
            case let .frameRate(rate, required):
                return "it plays at \(NumberText.decimal(rate)) fps, not \(NumberText.decimal(required))"
            case let .duration(milliseconds, limit):
                return "it lasts \(NumberText.int(Int(milliseconds.rounded()))) ms, over \(NumberText.int(Int(limit))) ms"
            case let .bytes(count, limit): return "it is \(NumberText.int(count)) bytes, over \(NumberText.int(limit))"
            case .unsupported(let features):
                return "it uses \(NumberText.list(features.map(\.description), conjunction: "and")), which the renderer does not draw faithfully"
            }
        }
    }

    /// Everything wrong with `bytes` as the store's animated sticker; empty when it can ship.
    func problems(_ bytes: [UInt8]) -> [Problem] {
        var problems: [Problem] = []
        if let limit = rules.animated?.maxBytes(for: .tgs), bytes.count > limit { problems.append(.bytes(bytes.count, limit: limit)) }
        let decoder = LottieDecoder(limits: limits)
        let document: LottieDocument, summary: DecodedSummary
        var rendered = 0
        do {
            document = try decoder.validated(bytes, format: .tgs).document
            summary = try decoder.visitFrames(bytes, format: .tgs) { _ in rendered += 1 }
        } catch {
            return problems + [.undecodable("\(error)")]
        }
        if rendered == 0 || rendered != summary.delays.count {
            problems.append(.framesMissing(rendered: rendered, declared: summary.delays.count))
        }
        let side = TGSWriter.side
        if summary.width != side || summary.height != side { problems.append(.canvas(width: summary.width, height: summary.height, side: side)) }
        let required = rules.animation.maxFPS(for: .tgs) ?? TGSWriter.frameRate
        if document.frameRate != required { problems.append(.frameRate(document.frameRate, required: required)) }
        let milliseconds = Double(document.frameCount) * 1000 / document.frameRate
        if let limit = rules.animation.maxDurationMilliseconds, milliseconds > limit + 0.5 {
            problems.append(.duration(milliseconds: milliseconds, limit: limit))
        }
        if let features = summary.facts.lottieUnsupportedFeatures, !features.isEmpty { problems.append(.unsupported(features)) }
        return problems
    }
}
