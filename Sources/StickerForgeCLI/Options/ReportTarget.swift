import ArgumentParser
import StickerKit

/// `--report FORMAT:PATH`: one report file to write besides standard output.
struct ReportTarget: ExpressibleByArgument, Equatable {
    /// Which format.
    var format: ReportFileFormat
    /// Where to write it.
    var path: String

    /// A target from its parts.
    init(format: ReportFileFormat, path: String) {
        self.format = format
        self.path = path
    }

    init?(argument: String) {
        guard let colon = argument.firstIndex(of: ":") else { return nil }
        let name = String(argument[..<colon]), path = String(argument[argument.index(after: colon)...])
        guard let format = ReportFileFormat(rawValue: name), !path.isEmpty else { return nil }
        self.format = format
        self.path = path
    }

    static var defaultValueDescription: String { "FORMAT:PATH" }
}
