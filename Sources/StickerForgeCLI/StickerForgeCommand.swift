import ArgumentParser

/// The root command: `stickerforge <subcommand>`. Each subcommand parses, calls one library entry
/// point, writes its outputs and returns an exit code.
public struct StickerForgeCommand: AsyncParsableCommand {
    /// The tool's version, printed by `--version` and written into reports.
    public static let version = "0.1.0"
    public static let configuration = CommandConfiguration(
        commandName: "stickerforge",
        abstract: "Check, assemble and build iMessage sticker packs.",
        discussion: """
            Reads a sticker catalog (an Xcode .xcstickers catalog or a plain folder of images and frame \
            folders), checks every sticker against Apple's rules, assembles exact APNG animations and \
            writes an Xcode-ready catalog with a manifest and reports.
            """,
        version: version,
        subcommands: [
            CheckCommand.self, FixCommand.self, BuildCommand.self, WatchCommand.self, ServeCommand.self, PreviewCommand.self, AssembleCommand.self, ConvertCommand.self, ManifestCommand.self, FramesCommand.self, InspectCommand.self, BenchDecodeCommand.self,
        ])
    public init() {}
}
