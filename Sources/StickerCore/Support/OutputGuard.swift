import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a command may not write where it was asked to.
public enum OutputRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// The output is a source, holds one, or lies inside one.
    case overlapsSource(option: String, output: String, source: String, role: String, relation: Relation)
    /// The output exists and is not something this command writes (it is never overwritten).
    case notOurs(option: String, output: String, reason: String)

    /// How an output and a source overlap.
    public enum Relation: String, Sendable {
        case same = "is"
        case inside = "lies inside"
        case contains = "holds"
    }

    public var description: String {
        switch self {
        case let .overlapsSource(option, output, source, role, relation):
            return "\(option) \(output) \(relation.rawValue) \(role) \(source); StickerForge never writes into or over "
                + "what it reads: choose an output outside \(role == "the catalog" ? "the catalog" : source)"
        case let .notOurs(option, output, reason):
            return "\(option) \(output) \(reason); it is never overwritten: remove it or choose another path"
        }
    }
}

/// The one place that decides where a command may write: every output is refused before anything is
/// read or written when it is, holds, or lies inside a source (the catalog, an input file or folder, the
/// `--config` file, an icon or tray image), with symbolic links resolved; and an existing file is
/// replaced only when it is the kind of file the command writes.
public struct OutputGuard: Sendable {
    /// A path the command reads, and what it is to the user ("the catalog", "the --config file").
    public struct Source: Sendable {
        public var path: String
        public var role: String
        public init(_ path: String, role: String) { self.path = path; self.role = role }
    }

    /// What an existing file at a file output must be for the command to replace it.
    public enum FileKind: Sendable {
        /// A PNG or APNG (by its signature).
        case png
        /// A file of any of the formats `convert` writes: PNG, WebP or WebM.
        case image
        /// A JSON document (a manifest).
        case json
        /// An HTML page.
        case html
        /// Anything (report files, which the user names for a format).
        case any
    }

    /// The sources of the command.
    public let sources: [Source]

    public init(sources: [Source]) { self.sources = sources }

    /// Refuses `output` (given to `option`, "--output") when it overlaps a source.
    public func checkOverlap(_ output: String, option: String) throws {
        let out = Self.resolved(output)
        for source in sources {
            let src = Self.resolved(source.path)
            let relation: OutputRefusal.Relation?
            if out == src { relation = .same }
            else if out.hasPrefix(src.hasSuffix("/") ? src : src + "/") { relation = .inside }
            else if src.hasPrefix(out.hasSuffix("/") ? out : out + "/") { relation = .contains }
            else { relation = nil }
            if let relation {
                throw OutputRefusal.overlapsSource(option: option, output: output, source: source.path,
                                                   role: source.role, relation: relation)
            }
        }
    }

    /// Refuses a file output that overlaps a source, is a folder, or exists as a file of another kind.
    public func checkFile(_ output: String, option: String, kind: FileKind) throws {
        try checkOverlap(output, option: option)
        let existing = FileIO.kind(of: output)
        guard existing.exists else { return }
        if existing.isDirectory { throw OutputRefusal.notOurs(option: option, output: output, reason: "is a folder") }
        guard let reason = Self.mismatch(output, kind: kind) else { return }
        throw OutputRefusal.notOurs(option: option, output: output, reason: reason)
    }

    /// Why the existing file at `path` is not of `kind`, nil when it is (or is empty).
    static func mismatch(_ path: String, kind: FileKind) -> String? {
        if case .any = kind { return nil }
        let head: [UInt8]
        do { head = try Self.head(path) } catch { return "exists and cannot be read (\(error))" }
        if head.isEmpty { return nil }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
        let isPNG = head.starts(with: png)
        let isWebP = head.count >= 12 && head.starts(with: Array("RIFF".utf8)) && Array(head[8..<12]) == Array("WEBP".utf8)
        let isWebM = head.starts(with: [0x1A, 0x45, 0xDF, 0xA3])
        let text = String(decoding: head, as: UTF8.self).drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }
        switch kind {
        case .png: return isPNG ? nil : "exists and is not a PNG file"
        case .image: return isPNG || isWebP || isWebM ? nil : "exists and is not a PNG, WebP or WebM file"
        case .json: return text.hasPrefix("{") ? nil : "exists and is not a JSON file"
        case .html: return text.lowercased().hasPrefix("<!doctype html") || text.hasPrefix("<html") ? nil : "exists and is not an HTML page"
        case .any: return nil
        }
    }

    private static func head(_ path: String) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw FileIOError.readFailed(path: path, reason: "open failed") }
        defer { try? handle.close() }   // closing a read handle cannot lose data
        return [UInt8](try handle.read(upToCount: 64) ?? Data())
    }

    /// `path` absolute and standardised, with symbolic links resolved in the part that exists.
    public static func resolved(_ path: String) -> String {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        var missing: [String] = []
        while !FileIO.kind(of: url.path).exists && url.path != "/" {
            missing.insert(url.lastPathComponent, at: 0)
            url.deleteLastPathComponent()
        }
        var real = url.path
        if let pointer = realpath(url.path, nil) {
            real = String(cString: pointer)
            free(pointer)
        }
        for part in missing { real = real.hasSuffix("/") ? real + part : real + "/" + part }
        return real
    }
}

extension OutputGuard {
    /// The sources of a command that reads `pack`: the catalog as given (`catalog`) and as read, and
    /// the icon and tray images its configuration names, plus `extra` (`--config`, `--icon`).
    public init(pack: StickerPack, catalog: String, extra: [Source] = []) {
        var sources = [Source(catalog, role: "the catalog"), Source(pack.root, role: "the catalog")]
        if let icon = pack.config.icon { sources.append(Source(FileIO.join(pack.root, icon), role: "the icon source")) }
        if let tray = pack.config.tray { sources.append(Source(FileIO.join(pack.root, tray), role: "the tray image")) }
        self.init(sources: sources + extra)
    }
}
