import Foundation
import StickerCore

/// Progress of a batch: reported once per finished item, from whichever task finished it.
public struct BatchProgress: Equatable, Sendable {
    /// Items finished so far (successes and failures).
    public var completed: Int
    /// Items in the batch.
    public var total: Int
    /// The label of the item that just finished.
    public var item: String
    /// A progress report.
    public init(completed: Int, total: Int, item: String) {
        self.completed = completed; self.total = total; self.item = item
    }
}

/// Runs independent jobs across the cores with bounded concurrency.
///
/// Every item gets its own `Result`, so one failure never stops the others, and results come back
/// in input order whatever order the jobs finish in, which keeps every output deterministic.
public struct BatchRunner: Sendable {
    /// Most jobs running at once (at least 1).
    public var maxConcurrency: Int

    /// A runner; by default one job per active processor.
    public init(maxConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.maxConcurrency = max(1, maxConcurrency)
    }

    /// Runs `work` on every item and returns one result per item, in input order.
    /// - Parameters:
    ///   - label: names an item in progress reports.
    ///   - progress: called after each item finishes, with the running count.
    public func run<Item: Sendable, Output: Sendable>(
        _ items: [Item],
        label: @escaping @Sendable (Item) -> String = { "\($0)" },
        progress: (@Sendable (BatchProgress) -> Void)? = nil,
        work: @escaping @Sendable (Item) async throws -> Output
    ) async -> [Result<Output, Error>] {
        await BoundedConcurrency.map(items, limit: maxConcurrency, { item -> Result<Output, Error> in
            do { return .success(try await work(item)) } catch { return .failure(error) }
        }, completed: { done, index in
            progress?(BatchProgress(completed: done, total: items.count, item: label(items[index])))
        })
    }
}
