import Dispatch

/// Runs independent work items on all cores while keeping results in input order, so the output
/// never depends on scheduling.
package enum Parallel {
    /// `body(0..<count)` evaluated concurrently; the first error by index is rethrown.
    package static func map<T>(_ count: Int, _ body: (Int) throws -> T) throws -> [T] {
        var results = [Result<T, Error>?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { slots in
            // Each iteration writes only its own slot; concurrentPerform returns after all finish.
            DispatchQueue.concurrentPerform(iterations: count) { i in
                slots[i] = Result { try body(i) }
            }
        }
        var values: [T] = []
        values.reserveCapacity(count)
        for (index, slot) in results.enumerated() {
            guard let slot else {
                throw CodecError.invalidInput("internal: parallel work item \(index) did not run")
            }
            values.append(try slot.get())
        }
        return values
    }
}
