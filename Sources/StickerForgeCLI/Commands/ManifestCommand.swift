import ArgumentParser
import Foundation
import StickerKit

/// `stickerforge manifest merge A.json B.json ... --output manifest.json`: joins the manifests that
/// the shards of a `convert` or `assemble --output-dir` batch wrote (docs/manifest.md).
struct ManifestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manifest",
        abstract: "Work with batch manifests.",
        subcommands: [ManifestMergeCommand.self])
}

/// Exit 0 when merged, 1 when the manifests conflict (an output or input claimed twice, a shard
/// given twice or missing, mixed batches; nothing is written), 2 when one cannot be read.
struct ManifestMergeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join shard manifests into the manifest of the whole batch.",
        discussion: """
            Every shard of the split must be given once. The same output claimed by two manifests, an input \
            in two, a shard given twice or missing, or manifests of different commands or splits are errors \
            (exit 1, nothing written). The result is sorted and has no shard: merging the shards of a 4-way \
            split gives the same bytes as merging the manifest of the batch run as 1 shard.
            """)

    @Argument(help: "Shard manifests written by convert or assemble with --shard.")
    var manifests: [String]

    @Option(help: "The merged manifest to write.")
    var output: String

    func validate() throws {
        if manifests.isEmpty { throw ValidationError("give the shard manifests to merge") }
    }

    func run() async throws {
        let console = Console.standard()
        try OutputCheck(rules: OutputGuard(sources: manifests.map { .init($0, role: "a shard manifest") }), console: console)
            .file(output, option: "--output", kind: .json)
        do {
            let loaded = try manifests.map { path in
                (path: path, manifest: try BatchManifest.decode(try Self.read(path), path: path))
            }
            let merged = try ManifestMerger.merge(loaded)
            try FileIO.writeAtomically(merged.encoded(), to: output)
            console.err("merged \(manifests.count) manifests: \(merged.stickers.count) outputs, "
                        + "\(merged.failures.count) failures -> \(output)")
        } catch let error as ManifestMergeError {
            throw console.fail(error, exit: error.isUnreadable ? ExitStatus.unusable : ExitStatus.findings)
        } catch {
            throw console.fail(error)
        }
    }

    private static func read(_ path: String) throws -> [UInt8] {
        do { return try FileIO.read(path, maxBytes: 256 << 20) } catch {
            throw ManifestMergeError.unreadable(path: path, reason: "\(error)")
        }
    }
}
