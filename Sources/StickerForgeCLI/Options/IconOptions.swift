import ArgumentParser
import ImageCodec
import StickerKit

extension IconFit: ExpressibleByArgument {}

/// `build --icon-background` and `--icon-fit`; each wins over `icon_background` / `icon_fit` in
/// `stickerforge.yml` (docs/config.md).
struct IconOptions: ParsableArguments {
    /// A colour argument written `#RRGGBB`.
    struct Colour: ExpressibleByArgument {
        var rgba: RGBA
        init?(argument: String) {
            guard let rgba = IconStyle.colour(hex: argument) else { return nil }
            self.rgba = rgba
        }
    }

    @Option(name: .customLong("icon-background"),
            help: ArgumentHelp("Colour behind the generated icons' artwork and bars (default: the source's opaque border colour, else white).",
                               valueName: "#RRGGBB"))
    var background: Colour?

    @Option(name: .customLong("icon-fit"), help: "How the icon source fills each slot: letterbox (default) or cover.")
    var fit: IconFit?

    /// The icon style: flags, else the pack's configuration, else the defaults.
    func style(config: PackConfig) -> IconStyle {
        IconStyle(background: background?.rgba ?? config.iconBackground, fit: fit ?? config.iconFit ?? .letterbox)
    }
}
