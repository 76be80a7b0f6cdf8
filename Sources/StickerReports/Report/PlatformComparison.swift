import Foundation
import ImageCodec
import StickerCore
import StickerEncoding
import StickerRules

/// What the comparison page shows: each sticker's source and what each store's build made of it.
///
/// Plain data that any producer can fill in (the `build --platform` pipeline, a benchmark script,
/// a test): file URLs, measured sizes and bytes, and the findings of `check --platform` on each
/// output. Nothing here is read from disk by the page; the URLs become links relative to
/// `pageDirectory` so the page can be moved with its output folder.
public struct PlatformComparison: Equatable, Sendable {
    /// One file in the page: a source sticker or one store's output of it.
    public struct File: Equatable, Sendable {
        /// Where the file is (a file URL, or any URL the browser can load).
        public var url: URL
        /// Its format by the bytes.
        public var format: ImageFormat
        /// Pixel size (for TGS and Lottie, the canvas).
        public var width: Int
        public var height: Int
        /// Bytes on disk.
        public var bytes: Int
        /// Frames (1 for a still).
        public var frames: Int
        /// One loop in milliseconds; nil for a still.
        public var durationMs: Double?
        /// Findings of the store's rules on this file (none for a source).
        public var findings: [Finding]
        /// A rendered APNG the page shows for a file a browser cannot show (Lottie, TGS); nil: none.
        public var previewURL: URL?
        /// Whether a browser cannot show the file itself (Lottie, TGS), so the page needs `previewURL`.
        public var needsRenderedPreview: Bool { format == .tgs || format == .lottie }

        /// A file.
        public init(url: URL, format: ImageFormat, width: Int, height: Int, bytes: Int, frames: Int = 1,
                    durationMs: Double? = nil, findings: [Finding] = []) {
            self.url = url; self.format = format; self.width = width; self.height = height; self.bytes = bytes
            self.frames = frames; self.durationMs = durationMs; self.findings = findings
        }
    }

    /// One sticker: its source and the output for each store (by `PlatformRules.id`); a store
    /// without an entry shows "not built".
    public struct Row: Equatable, Sendable {
        public var name: String
        public var source: File?
        public var outputs: [String: File]

        /// A row.
        public init(name: String, source: File?, outputs: [String: File]) {
            self.name = name; self.source = source; self.outputs = outputs
        }
    }

    /// One of a store's own pack images (tray icon, main or tab image) as the page shows it.
    public struct PackImage: Equatable, Sendable {
        /// What the store calls it ("tray image").
        public var role: String
        public var file: File

        /// A pack image.
        public init(role: String, file: File) { self.role = role; self.file = file }
    }

    /// The page title (the pack name).
    public var title: String
    /// The stores compared, in column order.
    public var platforms: [PlatformRules]
    /// One row per sticker.
    public var rows: [Row]
    /// Findings about a store's pack as a whole (pack size, tray image, names), by store id.
    public var packFindings: [String: [Finding]]
    /// Each store's own pack images, by store id.
    public var packImages: [String: [PackImage]]
    /// The folder the page is written to; file URLs under it become relative links.
    public var pageDirectory: URL?

    /// A comparison.
    public init(title: String, platforms: [PlatformRules], rows: [Row], packFindings: [String: [Finding]] = [:],
                packImages: [String: [PackImage]] = [:], pageDirectory: URL? = nil) {
        self.title = title; self.platforms = platforms; self.rows = rows; self.packFindings = packFindings
        self.packImages = packImages; self.pageDirectory = pageDirectory
    }
}
