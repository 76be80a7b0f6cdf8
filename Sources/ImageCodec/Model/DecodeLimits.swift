/// Bounds every decode respects before it allocates: a hostile file is refused, never obeyed.
public struct DecodeLimits: Equatable, Sendable, Codable {
    /// Largest canvas side in pixels.
    public var maxDimension: Int
    /// Largest sum of pixels over all frames (canvas pixels times frame count).
    public var maxTotalPixels: Int
    /// Largest number of frames a file may declare.
    public var maxFrames: Int
    /// Largest file read into memory, in bytes.
    public var maxFileBytes: Int
    /// Wall-clock seconds one sticker's files may take to read and decode; nil = no budget.
    /// Checked between files, so one decode already under way finishes (the other limits bound it);
    /// the files after it are refused. Optional so that older encoded limits still decode.
    public var maxSecondsPerSticker: Double?

    /// Limits; the defaults are the documented ones (8192 px, 256 megapixels, 10,000 frames, 64 MiB,
    /// 30 s a sticker).
    public init(maxDimension: Int = 8192, maxTotalPixels: Int = 256_000_000,
                maxFrames: Int = 10_000, maxFileBytes: Int = 64 << 20, maxSecondsPerSticker: Double? = 30) {
        self.maxDimension = maxDimension; self.maxTotalPixels = maxTotalPixels
        self.maxFrames = maxFrames; self.maxFileBytes = maxFileBytes
        self.maxSecondsPerSticker = maxSecondsPerSticker
    }

    /// The documented defaults.
    public static let `default` = DecodeLimits()

    /// Throws `CodecError.limitExceeded` when a file is larger than may be read into memory.
    public func checkFileSize(_ byteCount: Int) throws {
        if byteCount > maxFileBytes {
            throw CodecError.limitExceeded(what: "a file of \(byteCount) bytes",
                                           limit: "\(maxFileBytes) bytes read into memory")
        }
    }

    /// Throws `CodecError.limitExceeded` when a declared canvas is too large.
    public func checkCanvas(width: Int, height: Int) throws {
        if width > maxDimension || height > maxDimension {
            throw CodecError.limitExceeded(what: "canvas \(width)x\(height) px",
                                           limit: "\(maxDimension) px a side")
        }
    }

    /// Throws `CodecError.limitExceeded` when the declared frames are too many or too large together.
    public func checkFrames(count: Int, width: Int, height: Int) throws {
        if count > maxFrames {
            throw CodecError.limitExceeded(what: "\(count) frames", limit: "\(maxFrames) frames")
        }
        let (total, overflow) = (width * height).multipliedReportingOverflow(by: max(count, 1))
        if overflow || total > maxTotalPixels {
            throw CodecError.limitExceeded(
                what: "\(count) frames of \(width)x\(height) px (\(overflow ? "overflow" : String(total)) pixels)",
                limit: "\(maxTotalPixels) pixels in all frames")
        }
    }
}
