import ArgumentParser
import StickerKit
import ImageCodec

/// The root command: `stickerforge <subcommand>`.
public struct StickerForgeCommand: ParsableCommand {
    public static let version = "0.1.0"
    public static let configuration = CommandConfiguration(
        commandName: "stickerforge",
        abstract: "Check, assemble and build iMessage sticker packs.",
        version: version,
        subcommands: [])
    public init() {}
}
