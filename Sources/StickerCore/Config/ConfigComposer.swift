import Foundation
import Yams

/// Runs `Yams.compose` on a thread of its own with a large stack. Yams's composer recurses once per
/// nesting level, and `check` reads configurations from Swift concurrency's threads, whose stacks
/// are small; `ConfigPreScan` keeps the nesting within `ConfigLimits.maxDepth`, and this stack is the
/// margin should the pre-scan ever undercount.
package enum ConfigComposer {
    /// The root node of `text`'s first document, nil for an empty one.
    /// - Throws: Yams's `YamlError` for text that is not YAML.
    package static func compose(_ text: String, stackBytes: Int) throws -> Node? {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            outcome.result = Result { try Yams.compose(yaml: text) }
            done.signal()
        }
        thread.stackSize = stackBytes
        thread.start()
        done.wait()
        return try outcome.result.get()
    }

    /// The composer thread's result, handed over by the semaphore: the thread writes it before
    /// signalling and the caller reads it only after waiting, so the two never touch it at once.
    private final class Outcome: @unchecked Sendable {
        var result: Result<Node?, Error> = .success(nil)
    }
}
