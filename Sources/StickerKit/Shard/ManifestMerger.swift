import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// Joins shard manifests into the manifest of the whole batch (`stickerforge manifest merge`).
/// Every shard of one split must be there exactly once, all written by the same command; no
/// output file may be claimed by two manifests and no input may appear in two. The result has no
/// `shard`, so merging the shards of a 4-way split gives the same bytes as the 1-shard run.
public enum ManifestMerger {
    /// The merged manifest of `manifests` (each with the path it was read from, for errors).
    /// - Throws: `ManifestMergeError` naming the manifests and the entry in conflict.
    public static func merge(_ manifests: [(path: String, manifest: BatchManifest)]) throws -> BatchManifest {
        guard let first = manifests.first else { throw ManifestMergeError.noManifests }
        for other in manifests.dropFirst() where other.manifest.command != first.manifest.command {
            throw ManifestMergeError.mixedCommands(first: first.path, firstCommand: first.manifest.command,
                                                   other: other.path, otherCommand: other.manifest.command)
        }
        try checkShards(manifests)
        var outputs: [String: String] = [:], inputs: [String: String] = [:]
        var stickers: [ManifestSticker] = [], failures: [BatchFailure] = []
        for (path, manifest) in manifests {
            for sticker in manifest.stickers {
                if let earlier = outputs[sticker.file] {
                    throw ManifestMergeError.outputClaimedTwice(file: sticker.file, first: earlier, second: path)
                }
                outputs[sticker.file] = path
                for source in sticker.sources {
                    if let earlier = inputs[source] {
                        throw ManifestMergeError.inputClaimedTwice(input: source, first: earlier, second: path)
                    }
                    inputs[source] = path
                }
                stickers.append(sticker)
            }
            for failure in manifest.failures {
                if let earlier = inputs[failure.input] {
                    throw ManifestMergeError.inputClaimedTwice(input: failure.input, first: earlier, second: path)
                }
                inputs[failure.input] = path
                failures.append(failure)
            }
        }
        return BatchManifest(command: first.manifest.command, shard: nil, stickers: stickers, failures: failures)
    }

    /// Shard manifests must all be of one split, each shard once and none missing; manifests
    /// without a shard (whole batches, earlier merges) may only be merged with each other.
    private static func checkShards(_ manifests: [(path: String, manifest: BatchManifest)]) throws {
        let sharded = manifests.filter { $0.manifest.shard != nil }
        guard let first = sharded.first, let spec = first.manifest.shard else { return }
        if let plain = manifests.first(where: { $0.manifest.shard == nil }) {
            throw ManifestMergeError.mixedShardCounts(first: first.path, firstCount: spec.count, other: plain.path, otherCount: nil)
        }
        var seen: [Int: String] = [:]
        for (path, manifest) in sharded {
            guard let shard = manifest.shard else { continue }
            if shard.count != spec.count {
                throw ManifestMergeError.mixedShardCounts(first: first.path, firstCount: spec.count, other: path,
                                                          otherCount: shard.count)
            }
            if let earlier = seen[shard.index] {
                throw ManifestMergeError.shardGivenTwice(index: shard.index, count: shard.count, first: earlier, second: path)
            }
            seen[shard.index] = path
        }
        let missing = (1...spec.count).filter { seen[$0] == nil }
        if !missing.isEmpty { throw ManifestMergeError.missingShards(missing, count: spec.count) }
    }
}

/// Why shard manifests cannot be merged; every case names the manifests involved.
public enum ManifestMergeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing to merge.
    case noManifests
    /// A file that is not a batch manifest of a version this tool reads.
    case unreadable(path: String, reason: String)
    /// Manifests of `convert` and `assemble` together.
    case mixedCommands(first: String, firstCommand: String, other: String, otherCommand: String)
    /// Shards of different splits; `otherCount` nil: a manifest with no shard among shard manifests.
    case mixedShardCounts(first: String, firstCount: Int, other: String, otherCount: Int?)
    /// One shard's manifest given twice.
    case shardGivenTwice(index: Int, count: Int, first: String, second: String)
    /// Shards of the split that were not given.
    case missingShards([Int], count: Int)
    /// Two manifests wrote the same output file.
    case outputClaimedTwice(file: String, first: String, second: String)
    /// Two manifests processed the same input (a conflicting entry).
    case inputClaimedTwice(input: String, first: String, second: String)

    /// Whether the manifests could not be read at all (exit 2) rather than conflict (exit 1).
    public var isUnreadable: Bool {
        if case .unreadable = self { return true }
        return false
    }

    /// A message naming the problem, the manifests and what to do.
    public var description: String {
        switch self {
        case .noManifests: return "no manifests to merge"
        case .unreadable(let path, let reason): return "\(path): not a stickerforge batch manifest: \(reason)"
        case .mixedCommands(let a, let ca, let b, let cb):
            return "\(a) was written by \(ca) and \(b) by \(cb); merge the manifests of one batch"
        case .mixedShardCounts(let a, let ca, let b, let cb):
            return "\(a) is a shard of \(ca) but \(b) is " + (cb.map { "a shard of \($0)" } ?? "not a shard")
                + "; merge the shards of one split"
        case .shardGivenTwice(let index, let count, let a, let b):
            return "shard \(index)/\(count) is given twice: \(a) and \(b)"
        case .missingShards(let missing, let count):
            return "shard" + (missing.count == 1 ? " " : "s ") + missing.map { "\($0)/\(count)" }.joined(separator: ", ")
                + " missing; give every shard's manifest"
        case .outputClaimedTwice(let file, let a, let b):
            return "output \(file) is claimed by both \(a) and \(b); two inputs were written under one name"
        case .inputClaimedTwice(let input, let a, let b):
            return "input \(input) appears in both \(a) and \(b); the shards disagree about who converts it"
        }
    }
}
