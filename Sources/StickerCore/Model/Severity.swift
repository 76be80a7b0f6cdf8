/// How much a finding matters. `off` disables a rule; it never appears on a finding.
public enum Severity: String, Sendable, Codable, CaseIterable, Comparable {
    case off, info, warning, error

    private var rank: Int {
        switch self { case .off: return 0; case .info: return 1; case .warning: return 2; case .error: return 3 }
    }
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A pack's grid size, which sets the largest pixel size Messages shows as is.
public enum GridSize: String, Sendable, Codable, CaseIterable {
    case small, regular, large

    /// Largest side in pixels at @3x (300, 408, 618).
    public var maxPixels: Int {
        switch self { case .small: return 300; case .regular: return 408; case .large: return 618 }
    }
    /// Side in points (100, 136, 206).
    public var points: Int { maxPixels / 3 }
}
