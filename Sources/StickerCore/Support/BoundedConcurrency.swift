
/// Runs work over many items in a task group with at most `limit` tasks in flight, so that a big
/// pack does not decode every sticker at once.
package enum BoundedConcurrency {
    /// `transform` applied to every item, results in item order. `completed` is called on the
    /// calling task, in completion order, with the number done so far and the finished index.
    /// Items are started in `order` (indices; item order when nil): results do not depend on it.
    package static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], limit: Int, order: [Int]? = nil,
        _ transform: @escaping @Sendable (Item) async -> Result,
        completed: (Int, Int) -> Void = { _, _ in }
    ) async -> [Result] {
        var results = [Result?](repeating: nil, count: items.count)
        await withTaskGroup(of: (Int, Result).self) { group in
            var next = 0
            let order = order ?? Array(items.indices)
            precondition(order.count == items.count, "order must name every item once")
            func start() {
                let index = order[next], item = items[index]
                group.addTask { (index, await transform(item)) }
                next += 1
            }
            while next < min(max(1, limit), items.count) { start() }
            var done = 0
            while let (index, result) = await group.next() {
                results[index] = result
                done += 1
                completed(done, index)
                if next < items.count { start() }
            }
        }
        return results.compactMap { $0 }
    }
}
