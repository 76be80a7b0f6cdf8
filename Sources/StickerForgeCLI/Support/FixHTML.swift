import StickerKit

/// The HTML report of a fix: the repaired catalog's report (stickers shown as repaired).
enum FixHTML {
    static func render(writer: ReportWriter, outcome: FixOutcome, source: StickerPack) -> String {
        writer.renderHTML()
    }
}
