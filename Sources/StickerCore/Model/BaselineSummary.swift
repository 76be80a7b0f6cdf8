

/// What `summary.baseline` says when a baseline was applied.
public struct BaselineSummary: Equatable, Sendable, Codable {
    /// The baseline file as given.
    public var path: String
    /// Findings found again and left out of the report because the baseline holds them.
    public var baselined: Int
    /// Baseline entries not found any more (fixed or renamed): the baseline can shrink by these.
    public var gone: [BaselineEntry]

    /// A baseline summary.
    public init(path: String, baselined: Int, gone: [BaselineEntry]) {
        self.path = path; self.baselined = baselined; self.gone = gone
    }
}
