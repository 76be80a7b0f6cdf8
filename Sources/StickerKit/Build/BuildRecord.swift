import Foundation
import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// `.stickerforge-build.json`: the incremental-build keys of the previous build, and the marker
/// that tells a folder this tool created from anyone else's.
public struct BuildRecord: Equatable, Sendable, Codable {
    /// The marker value.
    static let toolName = "stickerforge"
    /// The file name inside the build folder.
    static let fileName = StagingArea.buildRecordName

    var tool: String = BuildRecord.toolName
    var version: Int = 1
    /// One entry per cached unit: `sticker:<name>` or `icons`; in a store's folder `sticker:<name>`
    /// and `image:<role>`.
    var units: [String: CachedUnit]

    /// A unit's key, the files it wrote (path relative to the build folder -> SHA-256) and, for a
    /// sticker, its manifest entry.
    struct CachedUnit: Equatable, Sendable, Codable {
        var key: String
        var files: [String: String]
        var sticker: ManifestSticker?
        /// Why `--fit` could not fit the sticker (its output is over the limit), kept so a reused
        /// build reports the same finding.
        var fitProblem: String?
        /// A store's sticker as `build --platform` built it (`StoreBuildCache`).
        var storeSticker: StoreSticker?
        /// A store's pack image as built.
        var storeImage: StorePackImage?
    }

    /// Sorted, pretty JSON: the record is part of the output and must be reproducible.
    func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [0x0A]
    }

    /// The record in `folder`, nil when there is none.
    /// - Throws: when the file exists but is not a record of ours.
    static func load(fromFolder folder: String) throws -> BuildRecord? {
        let path = FileIO.join(folder, fileName)
        guard FileIO.kind(of: path).exists else { return nil }
        let bytes = try FileIO.read(path)
        let record: BuildRecord
        do { record = try JSONDecoder().decode(BuildRecord.self, from: Data(bytes)) } catch {
            throw BuildError.unreadableBuildRecord(path: path, reason: "\(error)")
        }
        guard record.tool == toolName else {
            throw BuildError.unreadableBuildRecord(path: path, reason: "tool is \"\(record.tool)\", not \"\(toolName)\"")
        }
        return record
    }
}

/// SHA-256 helpers.
enum Digest {
    /// Lowercase hex SHA-256 of `bytes`.
    static func hex(_ bytes: [UInt8]) -> String { SHA256.hex(SHA256.hash(bytes)) }

    /// Lowercase hex SHA-256 of several parts, each preceded by its length so no two different
    /// part lists hash alike.
    static func hex(parts: [[UInt8]]) -> String {
        var hasher = SHA256()
        for part in parts {
            hasher.update(Array("\(part.count):".utf8))
            hasher.update(part)
        }
        return SHA256.hex(hasher.finalize())
    }
}
