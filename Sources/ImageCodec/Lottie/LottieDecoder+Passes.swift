import Dispatch

extension LottieDecoder {
    /// What rendering a file takes: the plan of rlottie passes, the features it cannot draw
    /// faithfully, and whether the JSON rlottie reads is rewritten at all.
    struct Preparation: Sendable {
        var plan: LottiePassPlan
        var unsupported: [LottieUnsupportedFeature]
        var rewritten: Bool
    }

    /// Rewrites validated JSON for rlottie (`LottieTimeRewrite`) and plans its passes (`LottiePassPlanner`).
    /// - Throws: `CodecError.malformed` when the JSON does not parse (the validator accepted it, so never in practice).
    static func prepare(_ json: [UInt8]) throws -> Preparation {
        let parsed = try LottieJSON.parse(json)
        var unsupported = LottieFeatureScan.scan(parsed)
        var timing = LottieTimeRewrite(parsed)
        if !timing.foldPrecompTiming() {
            unsupported.append(.init(feature: "time-stretched precomps nested too deep or too many to retime", layer: ""))
        }
        timing.bakePerDimensionEasing()
        timing.snapLayerSpansToWholeFrames()
        var planner = LottiePassPlanner(timing.document)
        let plan = planner.plan()
        unsupported += planner.unsupported
        let rewritten = timing.changed || !planner.drawsDocumentAsIs
        return Preparation(plan: plan, unsupported: unsupported, rewritten: rewritten)
    }

    /// The features of validated JSON that StickerForge cannot draw as lottie-web draws them (what
    /// `decode` lists in `SourceFacts.lottieUnsupportedFeatures`), after the same rewrites and
    /// planning as `decode`, rendering nothing.
    /// - Throws: `CodecError.malformed` when the JSON does not parse.
    public static func unsupportedFeatures(in json: [UInt8]) throws -> [LottieUnsupportedFeature] {
        try prepare(json).unsupported
    }

    /// Renders every pass of `plan` (each a job for a helper of `renderers`, all within one deadline)
    /// and composites them; `.render` of the unrewritten document sends `original` itself.
    /// With `visit`, a file drawn in one pass (its JSON rewritten or not) streams its frames to it
    /// from the helper's frame memory (and the result is empty); passes that are composited are
    /// rendered whole, then lent in turn.
    func render(_ preparation: Preparation, original: [UInt8], document: LottieDocument,
                size: (width: Int, height: Int), visit: ((FrameVisit) throws -> Void)? = nil) throws -> [PixelBuffer] {
        let timeout = limits.maxSecondsPerSticker ?? Self.defaultTimeout
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1e9)
        let executable = try rendererPath ?? renderers.rendererPath()
        var passes = 0
        func pass(_ json: [UInt8], visit: ((FrameVisit) throws -> Void)? = nil) throws -> [PixelBuffer] {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else {
                throw LottieRenderProcess.failure("rendering took longer than \(LottieRenderProcess.seconds(timeout)) and was stopped (the renderer may loop forever on this file)")
            }
            // The first pass has the whole budget; later ones what is left of it, to the millisecond.
            passes += 1
            let remaining = passes == 1 ? timeout : Double((deadline - now) / 1_000_000) / 1000
            var process = LottieRenderProcess(executable: executable, timeout: remaining,
                                              maxInputBytes: json.count, testFault: testFault, pool: renderers)
            process.slotsOverride = slotsOverride
            let (header, images) = try process.render(json, width: size.width, height: size.height,
                                                      frames: document.frameCount, visit: visit)
            // rlottie 0.1 (Debian 12) counts op - ip frames, later versions op - ip + 1.
            guard header.width == document.width, header.height == document.height,
                  [document.frameCount, document.frameCount + 1].contains(header.totalFrames) else {
                throw LottieRenderProcess.failure("rlottie read a \(header.width)x\(header.height) canvas of \(header.totalFrames) frames, "
                    + "the JSON declares \(document.width)x\(document.height) and \(document.frameCount) frames")
            }
            return images
        }
        guard preparation.rewritten else { return try pass(original, visit: visit) }
        // Rewritten but drawn in one pass: streamed as well (only composited passes are kept whole).
        if case .render(let doc) = preparation.plan { return try pass(doc.bytes, visit: visit) }
        func run(_ plan: LottiePassPlan) throws -> [PixelBuffer] {
            switch plan {
            case .render(let doc): return try pass(doc.bytes)
            case .over(let parts):
                // Bottom first, so at most two sets of frames are held at once besides the parts' own.
                var result = try run(parts[parts.count - 1])
                for part in parts.dropLast().reversed() { result = LottieCompositor.over(try run(part), result) }
                return result
            case .matte(let content, let matte, let mode):
                return LottieCompositor.matte(try run(content), by: try run(matte), mode: mode)
            case .fill(let child, let color, let opacity):
                return LottieCompositor.fill(try run(child), color: color, opacity: opacity)
            }
        }
        let images = try run(preparation.plan)
        guard let visit else { return images }
        try FrameVisit.lend(images, to: visit)
        return []
    }
}
