import ImageCodec

/// How the store shows a pack, which the HTML report imitates.
public enum StickerLayout: Equatable, Sendable {
    /// Messages' app drawer: a grid of small, regular or large cells (`GridSize`), stickers at
    /// @1x/@2x/@3x over Messages' backgrounds; a vector sticker is rendered into the grid cell.
    case messagesGrid
    /// Stickers on the store's chat backgrounds and sent bubble (`ChatColors`).
    case chat
}

/// Which sticker files `build` converts rather than ships as they are. `file_too_large` judges only
/// the files that ship as they are: what ships of the others is the converted file.
public enum ConvertedFiles: Equatable, Sendable {
    /// Every file in a format the sticker's kind does not take (a store build converts what it decodes).
    case formatsNotTaken
    /// Only the foreign formats StickerForge decodes (`ImageFormat.isConvertibleForeign`): the
    /// catalog build ships every other file as it is, and `unsupported_format` stops the ones Messages refuses.
    case convertibleForeign
}

/// A timing that the configurable thresholds (`CheckThresholds`) judge as advice, at the rule's own
/// severity, where a table sets no limit of its own (`AnimationLimits.advice`).
public enum TimingAdvice: Hashable, Sendable, CaseIterable {
    /// `frame_rate_high` above `thresholds.maxFPS`.
    case frameRate
    /// `loop_too_long` above `thresholds.maxLoopMilliseconds` a loop.
    case loopLength
    /// `short_frame_delay` at or below `thresholds.shortDelayMilliseconds`, which viewers stretch.
    case shortDelay
}
