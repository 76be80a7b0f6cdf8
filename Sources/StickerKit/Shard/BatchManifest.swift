import Foundation
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// The manifest `convert` and `assemble --output-dir` write for a shard (or a whole batch) with
/// `--shard` or `--manifest`, and `manifest merge` joins (docs/manifest.md). Entries reuse the
/// build manifest's `stickers[]` objects. Sorted, pretty JSON without timestamps: the same inputs
/// give the same bytes, and merging every shard gives the manifest of the whole batch run at once.
public struct BatchManifest: Equatable, Sendable, Codable {
    /// The layout version this tool writes and reads.
    public static let currentVersion = 1

    /// Layout version.
    public var manifestVersion: Int
    /// The command that wrote it: `convert` or `assemble`.
    public var command: String
    /// The shard it covers; nil for a whole batch or a merged manifest.
    public var shard: ShardSpec?
    /// One entry per output written, sorted by `file`.
    public var stickers: [ManifestSticker]
    /// Inputs that failed, sorted by `input`.
    public var failures: [BatchFailure]

    /// A manifest; entries and failures are sorted.
    public init(command: String, shard: ShardSpec?, stickers: [ManifestSticker], failures: [BatchFailure]) {
        manifestVersion = Self.currentVersion
        self.command = command; self.shard = shard
        self.stickers = stickers.sorted { $0.file < $1.file }
        self.failures = failures.sorted { $0.input < $1.input }
    }

    /// The entry for one output: `file` relative to the output folder, `source` relative to the
    /// batch's common root.
    public static func entry(file: String, source: String, format: String, width: Int, height: Int, frames: Int,
                             durationMs: Double, loops: Int, bytes: [UInt8], fit: FitReport?) -> ManifestSticker {
        ManifestSticker(name: CatalogReader.dropExtension(RelativePath.lastComponent(file)), file: file, format: format,
                        width: width, height: height, frames: frames, durationMs: durationMs, loops: loops,
                        bytes: bytes.count, sha256: Digest.hex(bytes), accessibilityLabel: nil, sources: [source], fit: fit)
    }

    /// The file's bytes.
    public func encoded() -> [UInt8] { Array(ReportJSON.encode(self).utf8) }

    /// Reads a manifest's bytes; `path` names it in errors.
    public static func decode(_ bytes: [UInt8], path: String) throws -> BatchManifest {
        let manifest: BatchManifest
        do { manifest = try JSONDecoder().decode(BatchManifest.self, from: Data(bytes)) } catch let error as DecodingError {
            throw ManifestMergeError.unreadable(path: path, reason: JSONReportError(error).description)
        }
        guard manifest.manifestVersion <= currentVersion else {
            throw ManifestMergeError.unreadable(path: path, reason: "manifest version \(manifest.manifestVersion) is newer "
                                                + "than this tool reads (\(currentVersion))")
        }
        return manifest
    }

    // `shard` as an explicit null in merged manifests: the key is documented as always present.
    private enum CodingKeys: String, CodingKey { case manifestVersion, command, shard, stickers, failures }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(manifestVersion, forKey: .manifestVersion); try c.encode(command, forKey: .command)
        try c.encode(shard, forKey: .shard); try c.encode(stickers, forKey: .stickers)
        try c.encode(failures, forKey: .failures)
    }
}

/// An input a batch could not convert or assemble.
public struct BatchFailure: Equatable, Sendable, Codable {
    /// The input relative to the batch's common root.
    public var input: String
    /// Why.
    public var error: String
    /// A failure.
    public init(input: String, error: String) { self.input = input; self.error = error }
}
