import ArgumentParser
import Foundation
import StickerKit

/// The catalog to read and the settings that override its `stickerforge.yml`. Settings are read
/// through to `PackSettings` (`pack.strict`, `pack.config`, ...).
@dynamicMemberLookup
struct PackOptions: ParsableArguments {
    @Argument(help: "An .xcstickers catalog, a .stickerpack, an .xcassets holding one, or a plain folder of images.")
    var catalog: String

    @OptionGroup var settings: PackSettings

    /// A setting, read through.
    subscript<Value>(dynamicMember keyPath: KeyPath<PackSettings, Value>) -> Value { settings[keyPath: keyPath] }

    /// Reads the catalog and builds the configuration: defaults, then the pack's settings, then flags.
    /// - Throws: exit 2 (`Console.fail`) after printing why, when the catalog or config cannot be read at all.
    func load(console: Console) throws -> (StickerPack, CheckConfiguration) {
        try settings.load(catalog: catalog, console: console)
    }
}
