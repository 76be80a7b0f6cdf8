import StickerCore
import StickerEncoding
import StickerRules

/// What a reporter needs besides the report: facts about the run that are not findings.
public struct ReportContext: Sendable {
    /// Descriptions of the rules that ran (SARIF `tool.driver.rules`), in catalogue order.
    public var rules: [RuleDescription]
    /// Whether the text report may use ANSI colour; the CLI passes `isatty(stdout)`.
    public var useColor: Bool
    /// The catalog root as it should be shown and joined to file paths, relative to the
    /// repository when possible ("Stickers/Party.xcstickers"); nil means `report.pack.path`.
    public var catalogRoot: String?
    /// Where the complete report can be found (a file path or a URL), named by reporters that
    /// have to leave findings out, such as the GitHub annotations past the per-step cap.
    public var fullReportHint: String?
    /// The absolute directory relative paths are relative to (the CLI's working directory), for
    /// reporters that must print absolute paths (Xcode); nil = `/`.
    public var workingDirectory: String?

    /// A context; every field has a default that suits a plain local run.
    public init(rules: [RuleDescription] = [], useColor: Bool = false,
                catalogRoot: String? = nil, fullReportHint: String? = nil, workingDirectory: String? = nil) {
        self.rules = rules; self.useColor = useColor
        self.catalogRoot = catalogRoot; self.fullReportHint = fullReportHint; self.workingDirectory = workingDirectory
    }

    /// The catalog as an absolute path without `.` or `..` components: `report.pack.path` when it is
    /// absolute, else the display path joined to `workingDirectory`.
    func absoluteCatalogPath(for report: CheckReport) -> String {
        let given = report.pack.path.hasPrefix("/") ? report.pack.path : catalogPath(for: report)
        let joined = given.hasPrefix("/") ? given : (workingDirectory ?? "/") + "/" + given
        var parts: [Substring] = []
        for part in joined.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The catalog display path in force for `report`, without a trailing slash or leading "./".
    func catalogPath(for report: CheckReport) -> String {
        var path = catalogRoot ?? report.pack.path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }

    /// `file` (relative to the catalog) as a path relative to where the catalog path is relative
    /// to: the repository, for GitHub annotations.
    func repositoryPath(of file: String, in report: CheckReport) -> String {
        let root = catalogPath(for: report)
        if root.isEmpty || root == "." { return file }
        if root == "/" { return "/" + file }
        return root + "/" + file
    }
}
