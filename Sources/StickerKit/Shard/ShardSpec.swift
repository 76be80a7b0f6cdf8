import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// One shard of a batch, `INDEX/COUNT` with INDEX from 1 to COUNT (as Jest and Playwright count), so
/// a CI matrix, a Kubernetes indexed Job or GNU parallel can split a batch with no coordinator.
///
/// An input belongs to shard `1 + (H mod COUNT)`, where H is the first 8 bytes, big-endian, of the
/// SHA-256 of the input's path relative to the common root of all inputs (UTF-8, `/`-separated).
/// The assignment depends only on that path and COUNT, never on the machine, the process (Swift's
/// `Hasher` is seeded per run) or the order of the inputs, so every shard agrees on it.
public struct ShardSpec: Equatable, Hashable, Sendable, Codable {
    /// 1-based shard number.
    public var index: Int
    /// How many shards the batch is split into.
    public var count: Int

    /// Shard `index` of `count`; nil unless 1 <= index <= count.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index; self.count = count
    }

    /// Parses `INDEX/COUNT`; nil when it is not that form or out of range.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// The shard (1-based) that `relativePath` belongs to among `count`.
    public static func shard(of relativePath: String, count: Int) -> Int {
        let digest = SHA256.hash(Array(relativePath.utf8))
        let value = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int(value % UInt64(max(1, count))) + 1
    }

    /// Whether the input at `relativePath` is this shard's.
    public func contains(_ relativePath: String) -> Bool {
        Self.shard(of: relativePath, count: count) == index
    }

    /// The indices of `inputs` that are this shard's, with each input's path relative to the
    /// deepest folder holding all of them (the `relativePaths` of `BatchInputs`).
    public func select(_ inputs: BatchInputs) -> [Int] {
        inputs.relativePaths.indices.filter { contains(inputs.relativePaths[$0]) }
    }
}

/// A batch's inputs with the paths the shard assignment and the manifest use: relative to the
/// deepest folder that holds every input's parent, so the same tree checked out anywhere gives the
/// same paths.
public struct BatchInputs: Equatable, Sendable {
    /// The inputs as given.
    public var paths: [String]
    /// The common root, absolute.
    public var root: String
    /// Each input relative to `root`, in input order.
    public var relativePaths: [String]

    /// The inputs `paths`, relative ones taken from `workingDirectory` (absolute).
    public init(_ paths: [String], workingDirectory: String) {
        let absolute = paths.map { RelativePath.absolute($0, workingDirectory: workingDirectory) }
        let root = RelativePath.commonAncestor(absolute.map(RelativePath.parent))
        self.paths = paths
        self.root = root
        relativePaths = absolute.map { RelativePath.relative($0, to: root) ?? $0 }
    }
}
