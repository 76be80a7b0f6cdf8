import StickerCore

/// The sizes the page draws with, in CSS pixels taken as iPhone points: Messages' sticker drawer
/// (columns and cells for each grid size) and the size a sticker shows at in a conversation, or a
/// store's chat and sticker size with `--platform` (docs/serve.md gives each number and its source).
public struct ChatLayout: Equatable, Sendable {
    /// The width of the drawer and the conversation, in points: an iPhone of the @3x size the grid
    /// cells were drawn for, 414 pt wide (1242 px at @3x), which holds 4, 3 and 2 cells across.
    public static let screenWidth = 414

    /// Columns of the drawer.
    public var columns: Int
    /// Side of one drawer cell, in points.
    public var cell: Int
    /// The box a sticker is shown in on a bubble or a photo, in pixels of the sticker file (shown
    /// at a third of that in points, as Messages shows @3x artwork); larger files shrink into it.
    public var stickerBox: PixelSize
    /// The chat's colours.
    public var colors: ChatColors
    /// The received bubble in the light appearance, as CSS.
    public var receivedLight: String
    /// The received bubble in the dark appearance.
    public var receivedDark: String
    /// The store's name on the page.
    public var storeName: String
    /// Whether this is Messages' grid (else a store's chat, `--platform`).
    public var isMessagesGrid: Bool

    /// The layout of `platform` for a pack of `gridSize`.
    public init(gridSize: GridSize, platform: PlatformRules = .imessage) {
        storeName = platform.name
        colors = platform.chatColors
        if platform.layout == .messagesGrid {
            isMessagesGrid = true
            cell = gridSize.points
            columns = Self.screenWidth / cell
            stickerBox = PixelSize(width: gridSize.maxPixels, height: gridSize.maxPixels)
            (receivedLight, receivedDark) = ("#E9E9EB", "#262628")
        } else {
            isMessagesGrid = false
            // A store's tray: four across, each cell a quarter of the screen less the gaps.
            columns = 4
            cell = (Self.screenWidth - 5 * 8) / 4
            let rules = platform.still ?? platform.animated
            stickerBox = rules?.pixels.maximum ?? PixelSize(width: 512, height: 512)
            (receivedLight, receivedDark) = ("#FFFFFF", "#262D31")
        }
    }

    /// The gap between drawer cells, in points: what the screen's width leaves, shared evenly.
    public var gap: Double {
        Double(Self.screenWidth - columns * cell) / Double(columns + 1)
    }

    /// The size a `width` x `height` px sticker shows at in the conversation, in points: a third of
    /// its pixels (@3x), shrunk to fit `stickerBox` when larger. A smaller file shows smaller.
    public func displaySize(width: Int, height: Int) -> (width: Double, height: Double) {
        fit(width: width, height: height, box: (Double(stickerBox.width), Double(stickerBox.height)))
    }

    /// The size the sticker shows at in a drawer cell: as in the conversation, shrunk to the cell.
    public func cellSize(width: Int, height: Int) -> (width: Double, height: Double) {
        let shown = displaySize(width: width, height: height)
        let side = Double(cell)
        let scale = min(1, side / max(shown.width, 1), side / max(shown.height, 1))
        return (shown.width * scale, shown.height * scale)
    }

    private func fit(width: Int, height: Int, box: (Double, Double)) -> (width: Double, height: Double) {
        let w = Double(max(width, 1)), h = Double(max(height, 1))
        let shrink = min(1, box.0 / w, box.1 / h)
        return ((w * shrink / 3 * 100).rounded() / 100, (h * shrink / 3 * 100).rounded() / 100)
    }
}
