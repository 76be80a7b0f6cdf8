/// Writes Telegram's animated sticker format: a Lottie document normalised to a 512x512 canvas at
/// 60 frames a second, gzipped (core.telegram.org/stickers: `.tgs`, 512x512, 60 fps, at most 3 s).
///
/// The canvas: the source's layers move into a precomp asset drawn by one layer scaled (aspect
/// kept) and centred on 512x512. The rate: every time in the document (keyframe times, layer `ip`,
/// `op`, `st`, markers, the document's `ip` and `op`; by the schema, `LottieTimeScale`, so a
/// gradient's type `t` is never taken for one) is multiplied by 60 / `fr`, divided by `speed` when
/// the animation is sped up; `maxDurationMs` trims what is left by moving the out point. No time
/// stretch or time remapping is added (Telegram refuses both). What is written is not verified
/// here: a store build decodes it again (`TGSVerifier` in StickerKit).
public struct TGSWriter: Sendable {
    /// The canvas side.
    public static let side = 512
    /// The frame rate.
    public static let frameRate = 60.0
    /// Decode limits for the source.
    public var limits: DecodeLimits

    /// A writer.
    public init(limits: DecodeLimits = .default) { self.limits = limits }

    /// What was written.
    public struct Output: Equatable, Sendable {
        /// The gzipped document.
        public var bytes: [UInt8]
        /// Frames at 60 fps (out point minus in point).
        public var frames: Int
        /// One loop in milliseconds.
        public var durationMs: Double
    }

    /// `source` (Lottie JSON or `.tgs`) at 512x512 and 60 fps, played `speed` times faster, cut
    /// after `maxDurationMs`.
    /// - Throws: `CodecError` when the source cannot be read.
    public func write(_ source: [UInt8], format: ImageFormat, speed: Double = 1, maxDurationMs: Double? = nil) throws -> Output {
        let (json, document) = try LottieDecoder(limits: limits).validated(source, format: format)
        var root = try LottieJSON.parse(json)
        let factor = Self.frameRate / document.frameRate / speed
        if factor != 1 { root = LottieTimeScale.scaled(root, by: factor, speed: speed) }
        var inPoint = document.inPoint * factor, outPoint = document.outPoint * factor
        if let maxDurationMs {
            outPoint = min(outPoint, inPoint + (maxDurationMs * Self.frameRate / 1000).rounded(.down))
        }
        (inPoint, outPoint) = (inPoint.rounded(), outPoint.rounded(.down))
        root["fr"] = .number(Self.frameRate)
        root["ip"] = .number(inPoint)
        root["op"] = .number(outPoint)
        if document.width != Self.side || document.height != Self.side {
            root = Self.placedOnCanvas(root, width: document.width, height: document.height, inPoint: inPoint, outPoint: outPoint)
        }
        let frames = Int(outPoint - inPoint)
        return Output(bytes: try Self.gzip(root.bytes), frames: frames, durationMs: Double(frames) * 1000 / Self.frameRate)
    }

    /// The document's layers moved into a precomp drawn scaled and centred on the 512x512 canvas.
    static func placedOnCanvas(_ root: LottieJSON, width: Int, height: Int, inPoint: Double, outPoint: Double) -> LottieJSON {
        var root = root
        let id = "stickerforge_canvas"
        let scale = Double(side) / Double(max(width, height)) * 100
        func still(_ values: [Double]) -> LottieJSON { .object([.init(key: "a", value: .number(0)), .init(key: "k", value: .array(values.map(LottieJSON.number)))]) }
        let transform = LottieJSON.object([
            .init(key: "o", value: .object([.init(key: "a", value: .number(0)), .init(key: "k", value: .number(100))])),
            .init(key: "r", value: .object([.init(key: "a", value: .number(0)), .init(key: "k", value: .number(0))])),
            .init(key: "p", value: still([Double(side) / 2, Double(side) / 2, 0])),
            .init(key: "a", value: still([Double(width) / 2, Double(height) / 2, 0])),
            .init(key: "s", value: still([scale, scale, 100])),
        ])
        let layer = LottieJSON.object([
            .init(key: "ddd", value: .number(0)), .init(key: "ind", value: .number(1)), .init(key: "ty", value: .number(0)),
            .init(key: "nm", value: .string(id)), .init(key: "refId", value: .string(id)),
            .init(key: "ks", value: transform), .init(key: "ao", value: .number(0)),
            .init(key: "w", value: .number(Double(width))), .init(key: "h", value: .number(Double(height))),
            .init(key: "ip", value: .number(inPoint)), .init(key: "op", value: .number(outPoint)),
            .init(key: "st", value: .number(0)), .init(key: "bm", value: .number(0)),
        ])
        let asset = LottieJSON.object([.init(key: "id", value: .string(id)), .init(key: "layers", value: root["layers"] ?? .array([]))])
        root["assets"] = .array((root["assets"]?.elements ?? []) + [asset])
        root["layers"] = .array([layer])
        root["w"] = .number(Double(side))
        root["h"] = .number(Double(side))
        return root
    }

    /// A gzip member (RFC 1952) of `data`: fixed header (no name, time 0, OS unknown), so the same
    /// document gives the same bytes; zlib's deflate at level 9.
    static func gzip(_ data: [UInt8]) throws -> [UInt8] {
        let zlib = try DeflateEngine.zlib(level: 9).compress(data)
        guard zlib.count >= 6 else { throw CodecError.library(name: "zlib", message: "compress2 returned \(zlib.count) bytes") }
        let crc = CRC32.checksum(data)
        var out: [UInt8] = [0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 2, 0xFF]
        out += zlib[2..<(zlib.count - 4)]
        for value in [crc, UInt32(truncatingIfNeeded: data.count)] {
            for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8((value >> UInt32(shift)) & 0xFF)) }
        }
        return out
    }
}
