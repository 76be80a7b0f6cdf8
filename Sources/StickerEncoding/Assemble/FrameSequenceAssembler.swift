import ImageCodec
import StickerCore

/// What an assembly produced.
public struct AssemblyResult: Equatable, Sendable {
    /// The encoded file: an APNG, or a still PNG for a single frame.
    public var bytes: [UInt8]
    /// `.apng` or `.png`.
    public var format: ImageFormat
    /// Frames given.
    public var framesIn: Int
    /// Frames the file stores after the encoder merged identical consecutive frames.
    public var framesWritten: Int
    /// Canvas width in pixels.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// One loop in milliseconds (0 for a still).
    public var loopDurationMs: Double
    /// Plays; 0 = forever (stills: 0).
    public var loopCount: Int
    /// What fitting did, when a fit target was set.
    public var fit: FitReport?
    /// Size of `bytes`.
    public var byteCount: Int { bytes.count }
}

/// Turns numbered still frames into one APNG with exact delays.
public struct FrameSequenceAssembler: Sendable {
    /// Decoder and encoder.
    public var codec: any StickerCodec
    /// Deflate effort for the encoder.
    public var effort: DeflateEffort
    /// When set, the output is fitted under a byte limit (`StickerFitter`, with the real encoder)
    /// instead of encoded losslessly as is.
    public var fit: FitTarget?

    /// An assembler; the real codec by default.
    public init(codec: any StickerCodec = DefaultStickerCodec(), effort: DeflateEffort = .default, fit: FitTarget? = nil) {
        self.codec = codec; self.effort = effort; self.fit = fit
    }

    /// Assembles already-read frames. `frames` pairs a name (used in errors) with the file's bytes.
    /// - Parameters:
    ///   - timing: delays; `--delay MS` is `.perFrame([MS])`.
    ///   - loopCount: plays, 0 = forever.
    /// - Throws: `AssemblyError` naming the first bad frame.
    public func assemble(frames: [(name: String, bytes: [UInt8])], timing: SequenceTiming,
                         loopCount: Int) throws -> AssemblyResult {
        guard let first = frames.first else { throw AssemblyError.noFrames(source: "sequence") }
        var images: [PixelBuffer] = []
        images.reserveCapacity(frames.count)
        for (index, frame) in frames.enumerated() {
            let decoded: DecodedImage
            do { decoded = try codec.decode(frame.bytes) } catch {
                throw AssemblyError.codec(file: frame.name, reason: "\(error)")
            }
            if decoded.isAnimated {
                throw AssemblyError.animatedFrame(frame: frame.name, index: index, frames: decoded.frames.count)
            }
            guard let image = decoded.frames.first?.image else {
                throw AssemblyError.codec(file: frame.name, reason: "decoded to no frame")
            }
            if let base = images.first, base.width != image.width || base.height != image.height {
                throw AssemblyError.frameSizeMismatch(frame: frame.name, index: index, expectedWidth: base.width,
                                                      expectedHeight: base.height, width: image.width, height: image.height)
            }
            images.append(image)
        }
        let width = images[0].width, height = images[0].height
        let delays = images.count == 1 ? [FrameDelay.zero] : timing.delays(frameCount: images.count)
        if let fit {
            let fitted = try fit.fit(zip(images, delays).map { AnimationFrame(image: $0, delay: $1) },
                                     loopCount: loopCount, name: first.name)
            return AssemblyResult(fitted, framesIn: images.count, loopCount: images.count == 1 ? 0 : loopCount)
        }
        if images.count == 1 {
            let bytes = try encodeStill(images[0], name: first.name)
            return AssemblyResult(bytes: bytes, format: .png, framesIn: 1, framesWritten: 1,
                                  width: width, height: height, loopDurationMs: 0, loopCount: 0)
        }
        let animation = zip(images, delays).map { AnimationFrame(image: $0, delay: $1) }
        let encoded: EncodedAnimation
        do { encoded = try codec.encodeAnimation(animation, loopCount: loopCount, effort: effort) } catch {
            throw AssemblyError.codec(file: first.name, reason: "encoding the animation failed: \(error)")
        }
        return AssemblyResult(bytes: encoded.bytes, format: .apng, framesIn: images.count,
                              framesWritten: encoded.framesWritten, width: width, height: height,
                              loopDurationMs: Self.totalMilliseconds(delays), loopCount: loopCount)
    }

    /// Reads and assembles frame files (paths as given, in the given order).
    public func assemble(files: [String], timing: SequenceTiming, loopCount: Int) throws -> AssemblyResult {
        guard !files.isEmpty else { throw AssemblyError.noFrames(source: "no frame files given") }
        let frames = try files.map { (name: $0, bytes: try FileIO.read($0)) }
        return try assemble(frames: frames, timing: timing, loopCount: loopCount)
    }

    /// Assembles every image file in `folder` in natural order (`f2` before `f10`).
    ///
    /// Timing comes from `timing` when given, else from `stickerforge.yml` in the folder
    /// (`FolderTimingConfig`), else 15 fps; plays from `loopCount`, else the file's `loops`, else 0.
    public func assemble(folder: String, timing: SequenceTiming? = nil, loopCount: Int? = nil) throws -> AssemblyResult {
        let config = try FolderTimingConfig.load(fromFolder: folder)
        let configTiming = try config?.timing(file: FileIO.join(folder, FolderTimingConfig.fileName))
        let files = try Self.frameFiles(inFolder: folder)
        guard !files.isEmpty else { throw AssemblyError.noFrames(source: folder) }
        return try assemble(files: files, timing: timing ?? configTiming ?? .fps(15),
                            loopCount: loopCount ?? config?.loops ?? 0)
    }

    /// The image files of a folder (by extension: png, apng, gif, jpg, jpeg; hidden files skipped),
    /// as paths, in natural order.
    public static func frameFiles(inFolder folder: String) throws -> [String] {
        let names: [String]
        do { names = try FileManagerListing.contents(of: folder) } catch {
            throw AssemblyError.io(path: folder, reason: "cannot list the folder (\(FileIO.reasonText(error)))")
        }
        let images = names.filter { name in
            guard !name.hasPrefix("."), let dot = name.lastIndex(of: ".") else { return false }
            return ["png", "apng", "gif", "jpg", "jpeg"].contains(name[name.index(after: dot)...].lowercased())
        }
        return NaturalOrder.sorted(images).map { FileIO.join(folder, $0) }
    }

    /// The exact sum of the delays, in milliseconds.
    package static func totalMilliseconds(_ delays: [FrameDelay]) -> Double {
        delays.reduce(FrameDelay.zero, +).milliseconds
    }

    private func encodeStill(_ image: PixelBuffer, name: String) throws -> [UInt8] {
        do { return try codec.encodeStill(image, effort: effort) } catch {
            throw AssemblyError.codec(file: name, reason: "encoding failed: \(error)")
        }
    }
}
