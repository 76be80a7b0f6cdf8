import Foundation
import StickerCore

/// Where the fitter reads the time for its budget: the system's monotonic clock, or any other
/// source of seconds (tests inject one that advances as they say, so no test depends on speed).
public struct FitClock: Sendable {
    /// Seconds since some fixed origin; only differences are used.
    public let now: @Sendable () -> Double

    /// A clock reading `now`.
    public init(now: @escaping @Sendable () -> Double) { self.now = now }

    /// The system's monotonic clock.
    public static let system = FitClock { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
