import Dispatch
import Foundation

/// Turns Ctrl-C (SIGINT) and SIGTERM into a call, so that a long-running command stops cleanly
/// (closes its server, ends its streams) instead of being killed mid-write. Restores the default
/// handling when cancelled.
final class InterruptSignal: @unchecked Sendable {
    private let sources: [DispatchSourceSignal]

    /// Calls `handler` (once per signal) on SIGINT or SIGTERM.
    init(_ handler: @escaping @Sendable () -> Void) {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }

    /// Stops listening and restores the signals' default action.
    func cancel() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
