import ArgumentParser
import StickerKit

/// `--platform NAME`: a store's table by its id; an unknown name is a usage error listing the stores.
extension PlatformRules: ExpressibleByArgument {
    public init?(argument: String) {
        guard let rules = PlatformRules.named(argument.lowercased()) else { return nil }
        self = rules
    }

    public var defaultValueDescription: String { id }

    public static var allValueStrings: [String] { all.map(\.id) }
}
