import Foundation
import StickerCore
import StickerReports
import StickerFixes
import StickerRules

extension ReportRenderer {
    /// The HTML report of a fix (`fix --report html`, `build --fix`'s report.html): the repaired
    /// catalog's report, headed by a before/after section of every repaired sticker (before from the
    /// source, after from the repaired copy). `after` is the report's media when the caller has made
    /// them already (a build shows sequences as the APNGs it built).
    public func renderFixHTML(outcome: FixOutcome, source: StickerPack, after given: [String: StickerMedia]? = nil) -> String {
        let after = given ?? media()
        let builder = StickerMediaBuilder()
        let loader = SubjectLoader()
        var entries: [FixHTMLSection.Entry] = []
        for sticker in outcome.report.stickers {
            let fixes = sticker.fixes ?? [], refused = sticker.refusedFixes ?? []
            guard !fixes.isEmpty || !refused.isEmpty else { continue }
            let before = source.stickers.first { $0.name == sticker.name }.flatMap { original -> StickerMedia? in
                let subject = loader.load(original, root: source.root)
                let bytes = original.files.count != 1 ? nil : original.files.first.flatMap { try? FileIO.read(FileIO.join(source.root, $0)) }   // unreadable: drawn from the decoded frames
                return builder.media(for: subject, fileBytes: bytes, findings: [])
            }
            entries.append(.init(name: sticker.name, fixes: fixes, refused: refused, before: before, after: after[sticker.name]))
        }
        let section = FixHTMLSection().render(entries, catalogFixes: outcome.report.fixes ?? [])
        return FixHTMLSection.inserting(section, into: renderHTML(media: after))
    }
}
