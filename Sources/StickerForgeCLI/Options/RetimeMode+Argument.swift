import ArgumentParser
import StickerKit

/// `build --retime`: an unknown mode is a usage error listing auto, speed and trim.
extension RetimeMode: ExpressibleByArgument {}
