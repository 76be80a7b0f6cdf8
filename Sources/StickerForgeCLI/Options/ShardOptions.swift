import ArgumentParser
import Foundation
import StickerKit

extension ShardSpec: ExpressibleByArgument {
    /// `INDEX/COUNT`, 1 <= INDEX <= COUNT.
    public init?(argument: String) { self.init(parsing: argument) }
    public var defaultValueDescription: String { "INDEX/COUNT" }
}

/// `--shard INDEX/COUNT` and `--manifest FILE` of `convert` and `assemble --output-dir`
/// (docs/manifest.md, "Batches and shards").
struct ShardOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Process only this shard of the inputs, 1 to COUNT (stable: by a hash of each input's "
                                   + "path relative to the inputs' common folder); writes the shard's manifest.",
                               valueName: "INDEX/COUNT"))
    var shard: ShardSpec?

    @Option(help: ArgumentHelp("Write the batch manifest here (default with --shard: OUTPUT-DIR/manifest-INDEX-of-COUNT.json).",
                               valueName: "FILE"))
    var manifest: String?

    /// The inputs this run processes: all of them, or this shard's, by index.
    func selection(_ inputs: BatchInputs) -> [Int] {
        shard.map { $0.select(inputs) } ?? Array(inputs.paths.indices)
    }

    /// Where the manifest goes; nil when none is asked for.
    func manifestPath(outputDir: String) -> String? {
        if let manifest { return manifest }
        return shard.map { FileIO.join(outputDir, "manifest-\($0.index)-of-\($0.count).json") }
    }

    /// Writes `manifest` when one is asked for; false (after saying why) when it cannot be written.
    func write(_ stickers: [ManifestSticker], failures: [BatchFailure], command: String, outputDir: String,
               console: Console) -> Bool {
        guard let path = manifestPath(outputDir: outputDir) else { return true }
        let manifest = BatchManifest(command: command, shard: shard, stickers: stickers, failures: failures)
        do {
            try FileIO.writeAtomically(manifest.encoded(), to: path)
            return true
        } catch {
            console.say(CommandFailure.manifestUnwritable(reason: error))
            return false
        }
    }
}
