import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// One built unit (a sticker or the icon set): its files by path relative to the build folder.
struct BuiltUnit: Sendable {
    var files: [String: [UInt8]]
    var sticker: ManifestSticker?
    var key: String
    var reused: Bool
    /// Why `--fit` could not fit this sticker (its output is then the lossless one, over the limit).
    var fitProblem: String?
}

extension PackBuilder {
    /// Builds one sticker into `folder` (relative to the build folder), or reuses the previous
    /// build's files when its key is unchanged and those files are intact.
    func buildSticker(_ sticker: StickerSource, root: String, folder: String, previous: BuildRecord?) throws -> BuiltUnit {
        let inputs = try sticker.files.map { try FileIO.read(FileIO.join(root, $0)) }
        let key = stickerKey(sticker, folder: folder, inputs: inputs)
        if let reused = reuse(unit: "sticker:\(sticker.name)", key: key, previous: previous) { return reused }
        var unit: BuiltUnit
        switch sticker.content {
        case .file(let path):
            unit = try buildFile(sticker, path: path, bytes: inputs[0], folder: folder)
        case let .sequence(frames, timing, _) where options.keepSequences:
            unit = try keepSequence(sticker, frames: frames, timing: timing, inputs: inputs, folder: folder)
        case let .sequence(frames, timing, _):
            let named = zip(frames, inputs).map { (name: $0, bytes: $1) }
            let (result, problem) = try fittingOrPlain(shippingFit) { fit in
                try FrameSequenceAssembler(codec: codec, effort: options.effort, fit: fit)
                    .assemble(frames: named, timing: timing, loopCount: sticker.sequenceLoopCount ?? 0)
            }
            unit = stickerUnit(sticker, folder: folder, fileName: sticker.name + ".png", bytes: result.bytes,
                               format: result.format.rawValue, width: result.width, height: result.height,
                               frames: result.framesWritten, durationMs: result.loopDurationMs, loops: result.loopCount,
                               fit: result.fit)
            unit.fitProblem = problem
        }
        unit.key = key
        return unit
    }

    /// The build's fit target: below the quality floor, the best candidate under the limit ships
    /// (reported as `fit_below_quality_floor`) rather than the lossless file over the limit.
    private var shippingFit: FitTarget? {
        guard var fit = options.fit else { return nil }
        fit.options.keepBestBelowFloor = true
        return fit
    }

    /// `body(fit)`, and when fitting fails, the lossless output (still placed into the grid cell)
    /// with the reason: a sticker that cannot be fitted is still built, and reported as too large
    /// with that reason.
    private func fittingOrPlain<R>(_ fit: FitTarget?, _ body: (FitTarget?) throws -> R) throws -> (R, String?) {
        do {
            return (try body(fit), nil)
        } catch AssemblyError.notFitted(_, let reason) {
            return (try body(fit?.placingOnly), reason.description)
        }
    }

    /// A single file. With `--fit` and a file over the limit, in a foreign format (WebP...) whose
    /// PNG/APNG may well be over it, or outside the grid cell / below 300 px: fitted (as PNG/APNG). Otherwise PNG/APNG re-encoded losslessly
    /// when that is smaller, else kept byte for byte; GIF and JPEG kept as they are unless conversion
    /// was asked for; foreign formats always converted (they cannot ship).
    private func buildFile(_ sticker: StickerSource, path: String, bytes: [UInt8], folder: String) throws -> BuiltUnit {
        let converter = StickerConverter(codec: codec, effort: options.effort, vectorBox: options.vectorBox)
        let decoded = try converter.decodeSource(bytes, name: path)
        guard let fit = shippingFit else { return try losslessFile(sticker, path: path, bytes: bytes, decoded: decoded, folder: folder) }
        // With --fit every sticker ends inside the grid cell and at least 300 px a side: one outside
        // goes through the fitter (placed first) even when its bytes are under the limit.
        let inCell = fit.placement(width: decoded.width, height: decoded.height).isIdentity
        guard bytes.count > options.maxBytes || FormatSniffer.sniff(bytes).isConvertibleForeign || !inCell else {
            return try losslessFile(sticker, path: path, bytes: bytes, decoded: decoded, folder: folder)
        }
        var fitting = converter
        fitting.fit = fit
        func unit(_ c: ConversionResult) -> BuiltUnit {
            stickerUnit(sticker, folder: folder, fileName: sticker.name + ".png", bytes: c.bytes,
                        format: c.format.rawValue, width: c.width, height: c.height, frames: c.framesWritten,
                        durationMs: c.loopDurationMs, loops: c.loopCount, fit: c.fit)
        }
        do {
            return unit(try fitting.convert(decoded: decoded, name: path))
        } catch AssemblyError.notFitted(_, let reason) {
            var built: BuiltUnit
            if inCell {
                built = try losslessFile(sticker, path: path, bytes: bytes, decoded: decoded, folder: folder)
            } else {
                fitting.fit = fit.placingOnly
                built = unit(try fitting.convert(decoded: decoded, name: path))
            }
            built.fitProblem = reason.description
            return built
        }
    }

    private func losslessFile(_ sticker: StickerSource, path: String, bytes: [UInt8], decoded: DecodedImage,
                              folder: String) throws -> BuiltUnit {
        let converter = StickerConverter(codec: codec, effort: options.effort, vectorBox: options.vectorBox)
        let source = decoded.facts.format
        let animated = decoded.isAnimated
        let keepAsIs = (source == .gif || source == .jpeg) && !options.convertGIFAndJPEG
        if !keepAsIs {
            let converted = try converter.convert(decoded: decoded, name: path)
            let sourceIsPNG = source == .png || source == .apng
            if !sourceIsPNG || converted.bytes.count < bytes.count {
                return stickerUnit(sticker, folder: folder, fileName: sticker.name + ".png", bytes: converted.bytes,
                                   format: converted.format.rawValue, width: converted.width, height: converted.height,
                                   frames: converted.framesWritten, durationMs: converted.loopDurationMs,
                                   loops: converted.loopCount)
            }
        }
        let ext = source == .jpeg ? "jpg" : source == .gif ? "gif" : "png"
        return stickerUnit(sticker, folder: folder, fileName: sticker.name + "." + ext, bytes: bytes,
                           format: source.rawValue, width: decoded.width, height: decoded.height,
                           frames: animated ? decoded.frames.count : 1,
                           durationMs: animated ? FrameSequenceAssembler.totalMilliseconds(decoded.frames.map(\.delay)) : 0,
                           loops: animated ? StickerConverter.playCount(of: decoded) : 0)
    }

    /// A `.stickersequence` folder with the frame files copied unchanged; Xcode assembles it.
    private func keepSequence(_ sticker: StickerSource, frames: [String], timing: SequenceTiming,
                              inputs: [[UInt8]], folder: String) throws -> BuiltUnit {
        let names = frames.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        if Set(names.map { $0.lowercased() }).count != names.count {
            throw AssemblyError.codec(file: sticker.folder ?? sticker.name,
                                      reason: "two frames share a file name; a .stickersequence folder needs distinct names")
        }
        let (durationType, duration) = try Self.xcodeTiming(timing, frameCount: frames.count, sticker: sticker)
        let first: DecodedImage
        do { first = try codec.decode(inputs[0]) } catch { throw AssemblyError.codec(file: frames[0], reason: "\(error)") }
        var files: [String: [UInt8]] = [:]
        for (name, bytes) in zip(names, inputs) { files[folder + "/" + name] = bytes }
        let contents = XcodeContents.sequence(frames: names, durationType: durationType, duration: duration,
                                              repetitions: max(0, sticker.sequenceRepetitions),
                                              accessibilityLabel: sticker.accessibilityLabel)
        files[folder + "/Contents.json"] = XcodeJSONWriter.bytes(contents)
        let delays = timing.delays(frameCount: frames.count)
        let entry = ManifestSticker(
            name: sticker.name, file: folder, format: "stickersequence",
            width: first.width, height: first.height, frames: frames.count,
            durationMs: FrameSequenceAssembler.totalMilliseconds(delays), loops: sticker.sequenceLoopCount ?? 0,
            bytes: inputs.reduce(0) { $0 + $1.count }, sha256: Digest.hex(inputs.flatMap { $0 }),
            accessibilityLabel: sticker.accessibilityLabel, sources: sticker.files)
        return BuiltUnit(files: files, sticker: entry, key: "", reused: false)
    }

    /// Xcode's `duration-type` and `duration` for a timing; per-frame delays only when all are equal.
    static func xcodeTiming(_ timing: SequenceTiming, frameCount: Int, sticker: StickerSource) throws -> (String, Double) {
        switch timing {
        case .fps(let fps): return ("fps", fps)
        case .fixed(let seconds): return ("fixed", seconds)
        case .perFrame(let list):
            let delays = timing.delays(frameCount: frameCount)
            guard let first = delays.first, delays.allSatisfy({ $0.isSameDuration(as: first) }) else {
                throw AssemblyError.codec(file: sticker.folder ?? sticker.name,
                                          reason: "per-frame delays \(list) cannot be written as a .stickersequence "
                                              + "(Xcode knows only one rate); build without keeping sequences")
            }
            return ("fixed", first.milliseconds * Double(frameCount) / 1000)
        }
    }

    /// A `.sticker` folder holding one file and its Contents.json.
    private func stickerUnit(_ sticker: StickerSource, folder: String, fileName: String, bytes: [UInt8], format: String,
                             width: Int, height: Int, frames: Int, durationMs: Double, loops: Int,
                             fit: FitReport? = nil) -> BuiltUnit {
        let contents = XcodeContents.sticker(filename: fileName, accessibilityLabel: sticker.accessibilityLabel)
        let path = folder + "/" + fileName
        let entry = ManifestSticker(name: sticker.name, file: path, format: format,
                                    width: width, height: height, frames: frames, durationMs: durationMs, loops: loops,
                                    bytes: bytes.count, sha256: Digest.hex(bytes),
                                    accessibilityLabel: sticker.accessibilityLabel, sources: sticker.files, fit: fit)
        return BuiltUnit(files: [path: bytes, folder + "/Contents.json": XcodeJSONWriter.bytes(contents)],
                         sticker: entry, key: "", reused: false)
    }

    /// SHA-256 over the inputs' bytes and every setting that changes the output, including the
    /// output folder (a renamed pack moves every file, so nothing may be reused at the old path).
    func stickerKey(_ sticker: StickerSource, folder: String, inputs: [[UInt8]]) -> String {
        let header = "stickerforge-sticker/1|\(codec.identifier)|\(options.keyText)|folder=\(folder)|name=\(sticker.name)"
            + "|label=\(sticker.accessibilityLabel.map { "\"\($0)\"" } ?? "none")|content=\(sticker.content.keyText)"
        return Digest.hex(parts: [Array(header.utf8)] + zip(sticker.files, inputs).flatMap { [Array($0.utf8), $1] })
    }

    /// The previous build's files for `unit` when its key matches and every file is intact on disk.
    func reuse(unit: String, key: String, previous: BuildRecord?) -> BuiltUnit? {
        guard let cached = previous?.units[unit], cached.key == key else { return nil }
        var files: [String: [UInt8]] = [:]
        for (path, sha) in cached.files {
            // A missing or altered file means rebuilding, which is always safe.
            guard let bytes = try? FileIO.read(FileIO.join(options.outputDirectory, path)), Digest.hex(bytes) == sha else {
                return nil
            }
            files[path] = bytes
        }
        return BuiltUnit(files: files, sticker: cached.sticker, key: key, reused: true, fitProblem: cached.fitProblem)
    }
}

extension StickerContent {
    /// What a build key says of the content besides its files' bytes: a file, or a sequence with its timing.
    var keyText: String {
        switch self {
        case .file: return "file"
        case let .sequence(_, timing, repetitions): return "sequence(\(timing),repetitions=\(repetitions))"
        }
    }
}

extension StickerSource {
    /// Xcode's `repetitions` (extra plays) of a sequence; 0 for files.
    var sequenceRepetitions: Int {
        if case .sequence(_, _, let reps) = content { return reps }
        return 0
    }
}
