/// The colours a store shows stickers on, for the HTML report's previews (docs/platforms.md gives
/// each value and says where it is approximate: no store publishes its theme colours).
public struct ChatColors: Equatable, Sendable {
    /// The chat background of the light theme, as CSS (`#EFEAE2`).
    public var light: String
    /// The chat background of the dark theme.
    public var dark: String
    /// The bubble of a sent message; nil for a store without bubbles (Discord).
    public var sentBubble: String?

    /// Colours.
    public init(light: String, dark: String, sentBubble: String?) {
        self.light = light; self.dark = dark; self.sentBubble = sentBubble
    }

    /// The backgrounds a store's preview shows, labelled: light chat, dark chat, sent bubble.
    public func backdrops(store: String) -> [(label: String, css: String)] {
        [("\(store) light", light), ("\(store) dark", dark)] + (sentBubble.map { [("\(store) sent bubble", $0)] } ?? [])
    }
}
