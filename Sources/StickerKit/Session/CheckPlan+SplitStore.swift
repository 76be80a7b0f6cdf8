import Foundation
import StickerCore

extension CheckPlan {
    /// The two halves of a store folder that `build --platform` split (`OUT/<store>/static` and
    /// `OUT/<store>/animated`, for a store taking packs all still or all animated), as `path/static`
    /// and `path/animated`, when `path` is such a folder: a directory holding both and nothing else
    /// but hidden files (the build record). Each half is a complete pack, checked as its own, so
    /// `check --platform whatsapp OUT/whatsapp` finds what checking each half finds. Nil for any
    /// other path, and when judging for iMessage, whose folders of frames are stickers.
    func splitStoreHalves(of path: String) -> [String]? {
        guard platform != .imessage else { return nil }
        let absolute = RelativePath.absolute(path, workingDirectory: workingDirectory)
        guard FileIO.kind(of: absolute).isDirectory,
              // Unreadable: not known to be split; the ordinary reading of `path` reports why.
              let entries = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { return nil }
        let halves = StorePack.Part.allCases.map(\.folder)
        let visible = Set(entries.filter { !$0.hasPrefix(".") })
        guard visible == Set(halves),
              halves.allSatisfy({ FileIO.kind(of: FileIO.join(absolute, $0)).isDirectory }) else { return nil }
        return halves.map { FileIO.join(path, $0) }
    }
}
