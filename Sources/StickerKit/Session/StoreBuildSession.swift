import Foundation
import StickerCore
import StickerReports
import StickerFixes
import StickerRules

/// `build --platform`: one folder per store under the output (docs/platforms.md, "build --platform").
///
/// For each store asked for, in order and once each: the pack is built from its table, written into
/// a staged folder, checked there exactly as `check --platform <store> OUT/<store>` checks it (its
/// manifest and reports written beside the stickers), and only then put in place; the build's
/// findings are the check's findings on what ships. A store whose table builds an Xcode catalog
/// (iMessage) is built by the caller's catalog build into `OUT/<store>`. A mixed pack for a store that
/// takes packs all still or all animated is two packs, `OUT/<store>/static` and `OUT/<store>/animated`,
/// each written and checked as a store folder and published together as `OUT/<store>` (unless
/// `stillsAsAnimations`). Last, `OUT/comparison.html`
/// shows every source beside each store's file; one of an earlier build is removed first, since it
/// would describe stores that are about to change.
public struct StoreBuildSession: Sendable {
    /// One store's folder, written and checked.
    public struct StoreResult: Sendable {
        /// What was built.
        public var store: StorePack
        /// `OUT/<store>`, or `OUT/<store>/static` and `OUT/<store>/animated` for a split pack.
        public var folder: String
        /// The renderer of the written folder's check (uncoloured; the caller sets `useColor`).
        public var renderer: ReportRenderer
        /// What the publication swept and noted about the folder's previous build.
        public var publishMessages: [String]
        /// Whether the check fails the gate (errors, or warnings under `strict`).
        public var failsGate: Bool
    }

    /// What the session reports while it runs.
    public enum Event: Sendable {
        /// `completed` of `total` stickers of `store` are built, the last being `item`.
        case progress(store: PlatformRules, completed: Int, total: Int, item: String)
        /// `store`'s stickers are built (or its build failed).
        case finished(store: PlatformRules)
        /// The write waits for another run holding the output (`OutputLock`).
        case waiting(String)
        /// `store`'s folder is in place (for a split pack, once for each half, both in place).
        case built(StoreResult)
        /// `OUT/comparison.html` is written.
        case wroteComparison(path: String)
    }

    /// The name of the comparison page in the output folder.
    public static let comparisonFile = "comparison.html"

    /// The pack read.
    public var source: StickerPack
    /// The stores, in the order asked; repeats are built once.
    public var stores: [PlatformRules]
    /// The output folder (`OUT`); each store goes into `OUT/<store id>`.
    public var output: String
    /// How an animation over a store's duration cap is shortened.
    public var retime: RetimeMode
    /// `--loops`: every animation's loop count (0 = forever) instead of each store's; nil keeps the stores'.
    public var loops: Int?
    /// Whether warnings fail the gate.
    public var strict: Bool
    /// For a store that takes one kind per pack, keep a mixed pack whole with its stills made
    /// animations instead of splitting it (`PlatformPackBuilder.stillsAsAnimations`).
    public var stillsAsAnimations = false
    /// The absolute working directory, for the reports' paths.
    public var workingDirectory: String
    /// Version written into the reports.
    public var toolVersion: String

    /// A session building `source` for `stores` into `output`.
    public init(source: StickerPack, stores: [PlatformRules], output: String, retime: RetimeMode, loops: Int? = nil,
                strict: Bool, workingDirectory: String, toolVersion: String) {
        var unique: [PlatformRules] = []
        for store in stores where !unique.contains(store) { unique.append(store) }
        self.source = source; self.stores = unique; self.output = output; self.retime = retime; self.loops = loops
        self.strict = strict; self.workingDirectory = workingDirectory; self.toolVersion = toolVersion
    }

    /// Builds every store.
    /// - Parameters:
    ///   - catalog: builds the Xcode catalog into the folder given, for a store whose table asks for
    ///     one; returns whether its check fails the gate.
    ///   - events: called as the session goes, in order.
    /// - Returns: whether any store's check fails the gate.
    /// - Throws: the first error of a build, a write or a check; folders published before it stay.
    public func run(catalog: (String) async throws -> Bool, events: @escaping @Sendable (Event) -> Void) async throws -> Bool {
        try removeStaleComparison()
        var failed = false
        var built: [PlatformComparison.BuiltStore] = []
        for rules in stores {
            let folder = FileIO.join(output, rules.id)
            if rules.buildsStickerCatalog {
                if try await catalog(folder) { failed = true }
                continue
            }
            for result in try await buildStore(rules, into: folder, events: events) {
                events(.built(result))
                if result.failsGate { failed = true }
                built.append(.init(pack: result.store, folder: URL(fileURLWithPath: result.folder), findings: result.renderer.report.findings))
            }
        }
        if !built.isEmpty { events(.wroteComparison(path: try writeComparison(built))) }
        return failed
    }

    /// One store: built, written staged, checked there, then published. A split pack's halves are
    /// written and checked in `static/` and `animated/` of the one staged folder, which replaces
    /// `OUT/<store>` whole: a re-run that splits or stops splitting never leaves old files beside new.
    private func buildStore(_ rules: PlatformRules, into folder: String,
                            events: @escaping @Sendable (Event) -> Void) async throws -> [StoreResult] {
        let packs: [StorePack]
        let publication: FolderPublication
        do {
            var builder = PlatformPackBuilder(rules: rules, retime: retime, loops: loops)
            builder.stillsAsAnimations = stillsAsAnimations
            // An unchanged source is taken from the folder's previous build (its keys and digests).
            builder.previous = StoreBuildCache(folder: folder)
            packs = try builder.packs(source) {
                events(.progress(store: rules, completed: $0, total: $1, item: $2))
            }
            events(.finished(store: rules))
            publication = try StorePack.publication(for: folder) { events(.waiting($0)) }
            if packs.contains(where: { $0.part != nil }) { try StorePack.writeRecord(into: publication.staged, shown: folder) }
            for pack in packs {
                try pack.writeFiles(into: Self.folder(of: pack, in: publication.staged), shown: Self.folder(of: pack, in: folder))
            }
        } catch {
            events(.finished(store: rules))
            throw error
        }
        // The store folder appears only with its manifest and reports in it: they are written into
        // the staged folder, which is then put in place in one step.
        var checked: [(StorePack, ReportRenderer)] = []
        for pack in packs {
            checked.append((pack, try await StoreFolderCheck(store: pack, staged: Self.folder(of: pack, in: publication.staged),
                                                            shown: Self.folder(of: pack, in: folder), workingDirectory: workingDirectory,
                                                            toolVersion: toolVersion).run()))
        }
        let outcome = try publication.publish()
        return checked.enumerated().map { index, item in
            StoreResult(store: item.0, folder: Self.folder(of: item.0, in: folder), renderer: item.1,
                        publishMessages: index == checked.count - 1 ? outcome.messages : [],
                        failsGate: item.1.report.failsGate(strict: strict))
        }
    }

    /// Where `pack` goes in the store's folder `folder`: the folder itself, or its part's subfolder.
    private static func folder(of pack: StorePack, in folder: String) -> String {
        pack.part.map { FileIO.join(folder, $0.folder) } ?? folder
    }

    /// `OUT/comparison.html` and the vector previews it shows.
    private func writeComparison(_ stores: [PlatformComparison.BuiltStore]) throws -> String {
        let page = URL(fileURLWithPath: output)
        let (comparison, previews) = PlatformComparison(title: source.name, sourceRoot: URL(fileURLWithPath: source.root),
                                                        stores: stores, pageDirectory: page,
                                                        order: source.stickers.map(\.name)).withVectorPreviews()
        for (url, bytes) in previews {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileIO.writeAtomically(bytes, to: url.path)
        }
        let path = FileIO.join(output, Self.comparisonFile)
        try FileIO.writeAtomically(Array(PlatformComparisonPage().render(comparison).utf8), to: path)
        return path
    }

    /// Deletes `OUT/comparison.html` of an earlier build (only an HTML page: anything else there is refused).
    private func removeStaleComparison() throws {
        let path = FileIO.join(output, Self.comparisonFile)
        guard FileIO.kind(of: path).exists else { return }
        try OutputGuard(sources: []).checkFile(path, option: "--output", kind: .html)
        do { try FileManager.default.removeItem(atPath: path) } catch {
            throw SessionError.cannotRemove(path: path, reason: FileIO.reasonText(error))
        }
    }
}
