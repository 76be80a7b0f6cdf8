import Foundation
import ImageCodec
import StickerCore

/// Reads and decodes a sticker's files into a `StickerSubject`, and measures the icon set.
///
/// Loading is kept apart from checking so that a subject can be decoded again from its source when
/// a report needs its pixels after the check dropped them (`CheckedStickers.subject(for:)`).
public struct SubjectLoader: Sendable {
    /// Limits for every read and decode.
    public var limits: DecodeLimits
    /// The square vector formats (Lottie, TGS) are rendered into, keeping their aspect ratio: the
    /// pack's grid cell, so checks judge the pixels a build ships; nil renders at the file's canvas.
    public var vectorBox: Int?
    /// The Lottie renderer helpers every decode of this loader (and its copies) shares, so that a
    /// batch of Lottie and TGS stickers starts a helper or two rather than one per sticker.
    public let lottieRenderers: LottieRendererPool
    /// The halo measure's working memory, reused by every `loadMeasured` of this loader (and its
    /// copies) instead of allocated for each sticker.
    let measureWorkspaces = FrameMeasurer.WorkspacePool()

    /// Bytes read to sniff the format of a file too large to read whole: enough to walk a PNG's
    /// chunk headers up to its first IDAT in practice.
    static let sniffBytes = 64 << 10

    /// A loader with the given decode limits, rendering vector formats into `vectorBox` when given.
    public init(limits: DecodeLimits = .default, vectorBox: Int? = nil,
                lottieRenderers: LottieRendererPool = LottieRendererPool()) {
        self.limits = limits; self.vectorBox = vectorBox; self.lottieRenderers = lottieRenderers
    }

    /// A decoder under the loader's limits, with its helpers.
    private var decoder: ImageDecoder { ImageDecoder(limits: limits, lottieRenderers: lottieRenderers) }

    /// The subject of `source`, whose paths are relative to `root`, with its decoded image. Missing
    /// files are skipped (the catalog reader reports them); files over `limits.maxFileBytes` are not
    /// read and are recorded as limit failures; only formats `ImageFormat.isDecodable` names are
    /// decoded (the sticker formats and foreign ones such as WebP, whose pixels the checks judge too).
    public func load(_ source: StickerSource, root: String) -> StickerSubject {
        var decoded: [String: DecodedImage] = [:]
        let (files, failures) = loadFiles(source, root: root) { path, bytes, decoder in
            let image = try decoder.decode(bytes, options: DecodeOptions(fitBox: vectorBox))
            decoded[path] = image
            return DecodedSummary(image)
        }
        return StickerSubject.assembled(source: source, files: files, decoded: decoded, failures: failures)
    }

    /// The subject of `source` for checking only: read and decoded as `load(_:root:)` does, but a
    /// frame at a time (`ImageDecoder.visitFrames`), each frame measured for the rules as it comes
    /// (`FrameMeasurer`: its alpha scan and digest, and `edge_halo`'s measure when `measuresHalo`)
    /// and then let go, so the subject holds no frame (`image` is nil). The rules find in it what
    /// they find in the loaded subject.
    public func loadMeasured(_ source: StickerSource, root: String, measuresHalo: Bool = true) -> StickerSubject {
        let options = DecodeOptions(fitBox: vectorBox)
        var summaries: [String: DecodedSummary] = [:]
        let workspace = measureWorkspaces.take()
        defer { measureWorkspaces.give(workspace) }
        var measurer = FrameMeasurer(measuresHalo: measuresHalo, workspace: workspace)
        var halo: HaloMeasure?
        switch source.content {
        case .file:
            let (files, failures) = loadFiles(source, root: root) { path, bytes, decoder in
                let summary = try decoder.visitFrames(bytes, options: options) {
                    measurer.add($0.pixels, width: $0.width, height: $0.height, expected: $0.expectedFrames)
                }
                try Self.checkLent(measurer.scans.count, of: summary.frameCount)
                halo = measurer.haloMeasure
                if measuresHalo, halo == nil {
                    // Fewer frames came than the file announced, so the frames measured are not the
                    // ones `HaloMeasure.of` reads: measured again from the whole decode (rare).
                    halo = HaloMeasure.of(try decoder.decode(bytes, options: options), scans: measurer.scans)
                }
                summaries[path] = summary
                return summary
            }
            let decoded = source.files.first.flatMap { summaries[$0] }
            return StickerSubject(source: source, files: files, measured: decoded, scans: decoded == nil ? [] : measurer.scans,
                                  halo: halo, failures: failures)
        case .sequence(let paths, let timing, _):
            // A sequence shows each file's first frame: those are measured, as frames 0, 1, 2...
            let (files, failures) = loadFiles(source, root: root) { path, bytes, decoder in
                let before = measurer.scans.count
                let summary = try decoder.visitFrames(bytes, options: options) {
                    if $0.index == 0 { measurer.add($0.pixels, width: $0.width, height: $0.height, expected: paths.count) }
                }
                try Self.checkLent(measurer.scans.count - before, of: 1)
                summaries[path] = summary
                return summary
            }
            let decoded = StickerSubject.sequenceSummary(paths: paths, parts: summaries, timing: timing,
                                                         loopCount: source.sequenceLoopCount ?? 0)
            return StickerSubject(source: source, files: files, measured: decoded, scans: decoded == nil ? [] : measurer.scans,
                                  halo: decoded == nil ? nil : measurer.haloMeasure, failures: failures)
        }
    }

    /// A decode that lent another number of frames than it reports is refused, not measured
    /// (the fuzz harness holds the decoders to it; this keeps a slip from reaching the rules).
    private static func checkLent(_ lent: Int, of expected: Int) throws {
        guard lent == expected else {
            throw CodecError.library(name: "decoder", message: "\(lent) frames measured of \(expected) decoded")
        }
    }

    /// Reads every file of `source` that exists and hands the decodable ones to `decode` (with the
    /// file's path, its bytes and a decoder), which returns what the decode found; returns the
    /// files as loaded and the failures. Missing files are skipped, files over
    /// `limits.maxFileBytes` are not read and are recorded as limit failures, formats
    /// `ImageFormat.isDecodable` does not name are not decoded.
    private func loadFiles(_ source: StickerSource, root: String,
                           decode: (String, [UInt8], ImageDecoder) throws -> DecodedSummary)
        -> (files: [LoadedFile], failures: [FileFailure]) {
        var files: [LoadedFile] = []
        var failures: [FileFailure] = []
        let decoder = self.decoder
        let clock = ContinuousClock()
        let start = clock.now
        for (index, path) in source.files.enumerated() {
            // A sequence of many slow frames must not stall a CI job: once the budget is spent, the
            // remaining files are refused unread (the first file is always tried).
            if index > 0, let budget = limits.maxSecondsPerSticker {
                let spent = Self.seconds(start.duration(to: clock.now))
                if spent > budget {
                    failures.append(FileFailure(file: path, error: Self.timeBudgetError(spent: spent, budget: budget)))
                    continue
                }
            }
            switch read(path, root: root) {
            case .missing:
                continue
            case .failed(let error):
                failures.append(FileFailure(file: path, error: error))
            case .tooLarge(let size, let prefix):
                files.append(LoadedFile(path: path, byteCount: size, format: FormatSniffer.sniff(prefix)))
                failures.append(FileFailure(file: path, error: Self.fileLimitError(size: size, limits: limits)))
            case .bytes(let bytes):
                let format = FormatSniffer.sniff(bytes)
                guard format.isDecodable else {
                    // `unsupported_format` reports it; a decode attempt would only repeat that.
                    files.append(LoadedFile(path: path, byteCount: bytes.count, format: format))
                    continue
                }
                do {
                    let summary = try decode(path, bytes, decoder)
                    files.append(LoadedFile(path: path, byteCount: bytes.count, format: format,
                                            pixelSize: PixelSize(width: summary.width, height: summary.height),
                                            facts: summary.facts))
                } catch let error as CodecError {
                    files.append(LoadedFile(path: path, byteCount: bytes.count, format: format))
                    failures.append(FileFailure(file: path, error: error))
                } catch {
                    files.append(LoadedFile(path: path, byteCount: bytes.count, format: format))
                    failures.append(FileFailure(file: path, error: .library(name: "decoder", message: "\(error)")))
                }
            }
        }
        return (files, failures)
    }

    /// The filled slots of `iconSet` whose files exist, measured by decoding them, in `IconSlot.all` order.
    public func loadIcons(_ iconSet: IconSetSource?, root: String) -> [IconFile] {
        guard let iconSet else { return [] }
        let decoder = self.decoder
        return IconSlot.all.compactMap { slot -> IconFile? in
            guard let path = iconSet.filled[slot] else { return nil }
            switch read(path, root: root) {
            case .missing: return nil
            case .failed(let error): return IconFile(slot: slot, file: path, pixelSize: nil, failure: error)
            case .tooLarge(let size, _):
                return IconFile(slot: slot, file: path, pixelSize: nil, failure: Self.fileLimitError(size: size, limits: limits))
            case .bytes(let bytes):
                do {
                    let image = try decoder.decode(bytes)
                    return IconFile(slot: slot, file: path, pixelSize: PixelSize(width: image.width, height: image.height),
                                    facts: image.facts, transparentPixels: image.frames.first?.image.transparentPixelCount)
                } catch let error as CodecError {
                    return IconFile(slot: slot, file: path, pixelSize: nil, failure: error)
                } catch {
                    return IconFile(slot: slot, file: path, pixelSize: nil, failure: .library(name: "decoder", message: "\(error)"))
                }
            }
        }
    }

    /// The same refusal `ImageDecoder` gives for an oversized buffer, without reading the file.
    static func fileLimitError(size: Int, limits: DecodeLimits) -> CodecError {
        .limitExceeded(what: "a file of \(size) bytes", limit: "\(limits.maxFileBytes) bytes read into memory")
    }

    /// The refusal for a file left unread because its sticker's time budget ran out.
    static func timeBudgetError(spent: Double, budget: Double) -> CodecError {
        .limitExceeded(what: "a sticker that had already taken \(String(format: "%.1f", spent)) s to load (file not read)",
                       limit: "\(String(format: "%g", budget)) s per sticker")
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    private enum ReadResult {
        case missing
        case failed(CodecError)
        case tooLarge(size: Int, prefix: [UInt8])
        case bytes([UInt8])
    }

    private func read(_ path: String, root: String) -> ReadResult {
        let full = Self.join(root, path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return .missing
        }
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: full)
            // The catalog reader already refuses FIFOs and devices; checked again here because a file
            // may be swapped between reading the catalog and loading it (watch mode), and opening a
            // FIFO would block forever.
            guard attributes[.type] as? FileAttributeType == .typeRegular else {
                return .failed(.library(name: "file system", message: "not a regular file; not opened"))
            }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            if size > limits.maxFileBytes {
                let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: full))
                let prefix = try handle.read(upToCount: Self.sniffBytes) ?? Data()
                try handle.close()
                return .tooLarge(size: size, prefix: [UInt8](prefix))
            }
            let data = try Data(contentsOf: URL(fileURLWithPath: full))
            return .bytes([UInt8](data))
        } catch {
            return .failed(.library(name: "file system", message: "cannot read the file (\(error.localizedDescription))"))
        }
    }

    /// `root/relative`, without doubling a trailing slash.
    static func join(_ root: String, _ relative: String) -> String {
        if root.isEmpty { return relative }
        return root.hasSuffix("/") ? root + relative : root + "/" + relative
    }
}

extension SubjectLoader {
    /// The `tray:` image at `path` (relative to `root`) measured, nil when no path is given.
    public func loadTray(_ path: String?, root: String) -> TrayFile? {
        guard let path else { return nil }
        switch read(path, root: root) {
        case .missing: return TrayFile(file: path, loaded: nil)
        case .failed(let error): return TrayFile(file: path, loaded: nil, failure: error)
        case .tooLarge(let size, let prefix):
            return TrayFile(file: path, loaded: LoadedFile(path: path, byteCount: size, format: FormatSniffer.sniff(prefix)),
                            failure: Self.fileLimitError(size: size, limits: limits))
        case .bytes(let bytes):
            let format = FormatSniffer.sniff(bytes)
            do {
                let image = try decoder.decode(bytes)
                // An APNG tray sniffs as PNG when it has a single frame; the decoder's facts say what it is.
                return TrayFile(file: path, loaded: LoadedFile(path: path, byteCount: bytes.count, format: image.facts.format,
                                                               pixelSize: PixelSize(width: image.width, height: image.height),
                                                               facts: image.facts))
            } catch let error as CodecError {
                return TrayFile(file: path, loaded: LoadedFile(path: path, byteCount: bytes.count, format: format), failure: error)
            } catch {
                return TrayFile(file: path, loaded: LoadedFile(path: path, byteCount: bytes.count, format: format),
                                failure: .library(name: "decoder", message: "\(error)"))
            }
        }
    }
}
