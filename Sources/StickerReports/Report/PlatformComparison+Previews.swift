import Foundation
import ImageCodec
import StickerCore
import StickerEncoding
import StickerRules

extension PlatformComparison {
    /// The folder, beside the page, that holds the rendered previews of vector files.
    public static let previewFolder = "comparison-previews"

    /// The comparison with a rendered APNG preview for every file a browser cannot show (Lottie
    /// JSON, TGS), and those previews as (file URL, bytes) to write beside the page. Each is the
    /// animation rendered by `codec` to fit `PlatformComparisonPage.previewSide` (the size the page
    /// shows it at, not enlarged pixels), named by its column and row (`telegram-2.png`), so the
    /// same build writes the same files. A file that cannot be read or rendered keeps no preview and
    /// the page links it as before.
    public func withVectorPreviews(codec: StickerCodec = DefaultStickerCodec()) -> (PlatformComparison, [(URL, [UInt8])]) {
        guard let pageDirectory else { return (self, []) }
        let folder = pageDirectory.appendingPathComponent(Self.previewFolder, isDirectory: true)
        let media = StickerMediaBuilder()
        var out = self, written: [(URL, [UInt8])] = []
        func preview(_ file: File?, column: String, row: Int) -> File? {
            guard var file, file.needsRenderedPreview, file.url.isFileURL,
                  let bytes = try? [UInt8](Data(contentsOf: file.url)),
                  let image = try? codec.decode(bytes, options: DecodeOptions(fitBox: PlatformComparisonPage.previewSide)),
                  !image.frames.isEmpty, let png = try? media.previewPNG(of: image) else { return file }
            let url = folder.appendingPathComponent("\(column)-\(row + 1).png")
            written.append((url, png))
            file.previewURL = url
            return file
        }
        for (index, row) in rows.enumerated() {
            out.rows[index].source = preview(row.source, column: "source", row: index)
            for (store, file) in row.outputs { out.rows[index].outputs[store] = preview(file, column: store, row: index) }
        }
        return (out, written)
    }
}
