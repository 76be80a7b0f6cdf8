// StickerKit is the pipeline layer, and the one library a client imports: it re-exports the layers
// below it (docs/architecture.md), so `import StickerKit` gives the whole API.
@_exported import StickerCore
@_exported import StickerEncoding
@_exported import StickerFixes
@_exported import StickerReports
@_exported import StickerRules
