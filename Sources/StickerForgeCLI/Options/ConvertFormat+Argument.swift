import ArgumentParser
import StickerKit

/// `convert --to`: an unknown format name is a usage error listing the four.
extension ConvertFormat: ExpressibleByArgument {}
