import ImageCodec
import StickerCore
import StickerEncoding
import StickerRules

/// Prepares what the HTML report shows of each sticker: the file itself when a browser can show
/// it, a quickly encoded APNG for a frame sequence, and an overlay marking the edge pixels that
/// `edge_halo` or `gif_hard_edges` point at.
public struct StickerMediaBuilder: Sendable {
    private let encoder = PNGEncoder(options: PNGEncodeOptions(effort: .fast, draft: true))

    /// A builder.
    public init() {}

    /// Media for one checked sticker, or nil when there is nothing a browser could show.
    /// `fileBytes` are the bytes of a single-file sticker, or of the APNG a build already made of a
    /// sequence or a foreign file; without them (or for a foreign file's own bytes) the decoded
    /// frames are encoded here as PNG/APNG.
    public func media(for subject: StickerSubject, fileBytes: [UInt8]?, findings: [Finding]) -> StickerMedia? {
        let summary = StickerSummary(source: subject.source, files: subject.files, failures: subject.failures,
                                     facts: StickerSummary.facts(of: subject), pixels: nil)
        return media(for: summary, fileBytes: fileBytes, findings: findings, load: { subject })
    }

    /// Media for one checked sticker from its summary, or nil when there is nothing a browser
    /// could show. `load` decodes the sticker again; it is called (once) only when the frames are
    /// needed: for a sequence without `fileBytes`, a format a browser cannot show, or an overlay.
    /// `linking` is the sticker file's path relative to the page when the page sits beside the
    /// file (a store build's report): a file a browser shows as it is (PNG, APNG, GIF, JPEG, WebP,
    /// WebM) is then linked, percent-encoded, not embedded; others (TGS, Lottie) are rendered and embedded.
    public func media(for summary: StickerSummary, fileBytes: [UInt8]?, findings: [Finding], linking file: String? = nil,
                      load: () -> StickerSubject) -> StickerMedia? {
        guard let facts = summary.facts, facts.width > 0, facts.height > 0 else { return nil }
        var loaded: DecodedImage??
        func image() -> DecodedImage? {
            if let loaded { return loaded }
            let image = load().image
            loaded = .some(image)
            return image
        }
        var media: StickerMedia
        // A foreign file (WebP...) is not shown as is (the card shows what would ship): its frames
        // are encoded below, unless the bytes given are the APNG a build already made of it. A
        // linked file is what ships, shown as it is.
        if let file, !summary.isSequence, let mime = Self.linkedMimeType(facts.format) {
            media = .linked(URIPath.encode(file), mimeType: mime, width: facts.width, height: facts.height)
        } else if let bytes = fileBytes, let mime = summary.isSequence ? "image/png"
            : Self.mimeType(facts.format.isConvertibleForeign ? FormatSniffer.sniff(bytes) : facts.format) {
            media = StickerMedia(data: bytes, mimeType: mime, width: facts.width, height: facts.height)
        } else {
            guard let image = image(), image.width > 0, image.height > 0 else { return nil }
            do {
                // Beside its file, a vector sticker may be rendered smaller than it ships: its canvas sets the card's size.
                let (width, height) = file == nil ? (image.width, image.height) : (facts.width, facts.height)
                media = StickerMedia(data: try previewPNG(of: image), mimeType: "image/png", width: width, height: height)
            } catch {
                return nil   // the sticker's findings already say why its pixels are unusable
            }
        }
        let rules = Set(findings.map(\.rule)).intersection(["edge_halo", "gif_hard_edges"]).sorted()
        if !rules.isEmpty, let first = image()?.frames.first?.image,
           let overlay = overlay(for: first, markAllEdges: rules.contains("gif_hard_edges")) {
            media.overlayPNG = overlay
            media.overlayRules = rules
        }
        return media
    }

    /// `image` as a browser shows it: a still PNG, or an APNG of every frame, encoded quickly.
    func previewPNG(of image: DecodedImage) throws -> [UInt8] {
        let frames = image.frames.map { AnimationFrame(image: $0.image, delay: $0.delay) }
        return frames.count == 1 ? try encoder.encode(frames[0].image) : try encoder.encodeAnimation(frames, loopCount: image.loopCount)
    }

    /// A transparent PNG of the frame's size with the flagged pixels in opaque magenta: the rim
    /// pixels `edge_halo` counts as darker or lighter, or, for a GIF, every visible pixel that
    /// borders a transparent one (its 1-bit edge).
    func overlay(for frame: PixelBuffer, markAllEdges: Bool) -> [UInt8]? {
        var marks = PixelBuffer(width: frame.width, height: frame.height)
        var any = false
        func mark(_ index: Int) {
            marks.pixels.withUnsafeMutableBufferPointer { p in
                p[index * 4] = 255; p[index * 4 + 1] = 0; p[index * 4 + 2] = 255; p[index * 4 + 3] = 255
            }
            any = true
        }
        if markAllEdges {
            let w = frame.width, h = frame.height
            for y in 0..<h {
                for x in 0..<w where frame[x, y].a > 0 {
                    let clearNeighbour = (x > 0 && frame[x - 1, y].a == 0) || (x + 1 < w && frame[x + 1, y].a == 0)
                        || (y > 0 && frame[x, y - 1].a == 0) || (y + 1 < h && frame[x, y + 1].a == 0)
                    if clearNeighbour { mark(y * w + x) }
                }
            }
        }
        HaloMeasure.visitEdges(of: frame) { index, verdict in
            if verdict == .darker || verdict == .lighter { mark(index) }
        }
        return any ? try? encoder.encode(marks) : nil   // an overlay is a courtesy: without it the card still shows
    }

    /// The MIME type of a file a browser shows as it is when linked: an image, or a WebM video.
    static func linkedMimeType(_ format: ImageFormat) -> String? {
        switch format {
        case .webp: return "image/webp"
        case .webm: return "video/webm"
        default: return mimeType(format)
        }
    }

    /// The MIME type browsers accept for a format (APNG is served as PNG, which every browser animates).
    static func mimeType(_ format: ImageFormat) -> String? {
        switch format {
        case .png, .apng: return "image/png"
        case .gif: return "image/gif"
        case .jpeg: return "image/jpeg"
        default: return nil
        }
    }
}
