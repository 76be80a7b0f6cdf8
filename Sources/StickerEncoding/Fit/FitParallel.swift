import Dispatch
import StickerCore

/// Runs independent fitting work on all cores, results in input order (so never scheduling-dependent).
package enum FitParallel {
    /// `body(0..<count)` evaluated concurrently; the first error by index is rethrown.
    package static func map<T>(_ count: Int, _ body: (Int) throws -> T) throws -> [T] {
        var results = [Result<T, Error>?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { slots in
            // Each iteration writes only its own slot; concurrentPerform returns after all finish.
            DispatchQueue.concurrentPerform(iterations: count) { i in slots[i] = Result { try body(i) } }
        }
        return try results.enumerated().map { index, slot in
            guard let slot else { throw FitError.invalidInput("internal: work item \(index) did not run") }
            return try slot.get()
        }
    }
}
