/// How `file_too_large`, `dimensions_too_large` and `dimensions_too_small` word a table's limits: the
/// wording is part of the table, so no rule asks which store it judges.
public struct LimitWording: Equatable, Sendable {
    /// Whether a message names the store and the kind of sticker with the limit ("WhatsApp's limit
    /// for a still sticker (WebP) is 102,400 bytes", "larger than WhatsApp takes for a still sticker:
    /// exactly 512x512 px") rather than stating the limit alone ("limit 500,000 bytes", "larger than
    /// the maximum of 618x618 px"): the rules were written for Messages, and its messages never named it.
    public var namesStore: Bool
    /// What `file_too_large` advises.
    public var fileTooLargeHint: String
    /// What `dimensions_too_large` advises; nil: scale to the table's maximum, keeping the aspect ratio.
    public var dimensionsTooLargeHint: String?
    /// What `dimensions_too_small` advises; nil: export at the table's sizes.
    public var dimensionsTooSmallHint: String?

    /// A wording.
    public init(namesStore: Bool, fileTooLargeHint: String, dimensionsTooLargeHint: String? = nil,
                dimensionsTooSmallHint: String? = nil) {
        self.namesStore = namesStore; self.fileTooLargeHint = fileTooLargeHint
        self.dimensionsTooLargeHint = dimensionsTooLargeHint; self.dimensionsTooSmallHint = dimensionsTooSmallHint
    }

    /// A store's: its name and the sticker's kind with each limit, hints from the table's sizes.
    public static let store = LimitWording(
        namesStore: true, fileTooLargeHint: "Lower the quality, the colours or the number of frames until the file is under the limit.")
}
