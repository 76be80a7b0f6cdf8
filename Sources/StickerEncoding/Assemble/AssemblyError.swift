import StickerCore

/// Why frames could not be assembled or a file could not be converted.
public enum AssemblyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No frames were given, or the folder holds no image files.
    case noFrames(source: String)
    /// A frame's size differs from the first frame's.
    case frameSizeMismatch(frame: String, index: Int, expectedWidth: Int, expectedHeight: Int, width: Int, height: Int)
    /// A frame file is itself an animation.
    case animatedFrame(frame: String, index: Int, frames: Int)
    /// A frame or input could not be decoded or encoded.
    case codec(file: String, reason: String)
    /// A file could not be read or written.
    case io(path: String, reason: String)
    /// `stickerforge.yml` beside the frames is invalid.
    case invalidTimingConfig(file: String, reason: String)
    /// Two inputs map to the same output file.
    case outputCollision(input: String, output: String, earlierInput: String)
    /// The output would overwrite one of the inputs.
    case outputIsSource(input: String, output: String)
    /// `--fit` could not get the output under the limit (the reason carries the best figures).
    case notFitted(file: String, reason: FitError)

    public var description: String {
        switch self {
        case .noFrames(let source):
            return "\(source): no frames to assemble"
        case let .frameSizeMismatch(frame, index, ew, eh, w, h):
            return "\(frame) (frame \(index + 1)) is \(w)x\(h) px but the first frame is \(ew)x\(eh) px; all frames must be the same size"
        case let .animatedFrame(frame, index, frames):
            return "\(frame) (frame \(index + 1)) is itself animated (\(frames) frames); sequence frames must be stills"
        case let .codec(file, reason):
            return "\(file): \(reason)"
        case let .io(path, reason):
            return "\(path): \(reason)"
        case let .invalidTimingConfig(file, reason):
            return "\(file): \(reason)"
        case let .outputCollision(input, output, earlier):
            return "\(input) would be written to \(output), which \(earlier) already produces; rename one of them"
        case let .outputIsSource(input, output):
            return "\(input) would be written to \(output), which is one of the inputs; choose another output folder"
        case let .notFitted(file, reason):
            return "\(file): does not fit: \(reason)"
        }
    }
}
