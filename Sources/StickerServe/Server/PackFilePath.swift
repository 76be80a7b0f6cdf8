import Foundation

/// Turns the percent-encoded path of a request for one of the pack's files into the file, or says
/// why it is refused. Each segment is decoded on its own, so an encoded `/` (`%2F`) cannot join two;
/// `.`, `..`, empty segments (an absolute path after the prefix), hidden names, control characters
/// and backslashes are refused before the file system is asked; then the real path (symbolic links
/// resolved) must lie inside the pack's real root and be a regular file. Nothing here lists a folder.
public struct PackFilePath: Sendable {
    /// Why a path was refused.
    public enum Refusal: Error, Equatable, Sendable {
        /// A segment is not valid percent-encoded UTF-8, or decodes to a separator or a control character.
        case badEncoding
        /// A `.` or `..` segment.
        case traversal
        /// An empty segment: `//`, or a path that starts at the file system's root.
        case absolute
        /// A name starting with a dot.
        case hidden
        /// The real path leads out of the pack (a symbolic link).
        case outside
        /// No such file, or not a regular file (a folder is never listed).
        case notFound

        /// The HTTP status that answers it: 403 for what asks for more than the pack, else 404.
        public var status: Int {
            switch self {
            case .badEncoding, .traversal, .absolute, .outside: return 403
            case .hidden, .notFound: return 404
            }
        }
    }

    /// The pack's root with every symbolic link resolved.
    public let root: String

    /// A resolver for the pack at `root`.
    public init(root: String) {
        self.root = Self.realPath(root) ?? URL(fileURLWithPath: root).standardizedFileURL.path
    }

    /// The relative path that `encoded` (what follows `/files/` in the request, still
    /// percent-encoded) names, checked segment by segment; the file system is not asked.
    public static func relative(_ encoded: String) -> Result<String, Refusal> {
        guard !encoded.isEmpty else { return .failure(.notFound) }
        var segments: [String] = []
        for raw in encoded.split(separator: "/", omittingEmptySubsequences: false) {
            guard !raw.isEmpty else { return .failure(.absolute) }
            guard let decoded = String(raw).removingPercentEncoding else { return .failure(.badEncoding) }
            if decoded == "." || decoded == ".." { return .failure(.traversal) }
            if decoded.unicodeScalars.contains(where: { $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }) {
                return .failure(.badEncoding)
            }
            if decoded.hasPrefix(".") { return .failure(.hidden) }
            segments.append(decoded)
        }
        return .success(segments.joined(separator: "/"))
    }

    /// The absolute path of the file `encoded` names inside the pack.
    public func resolve(_ encoded: String) -> Result<String, Refusal> {
        switch Self.relative(encoded) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let relative):
            guard let real = Self.realPath(root + "/" + relative) else { return .failure(.notFound) }
            guard real.hasPrefix(root + "/") else { return .failure(.outside) }
            var st = stat()
            guard stat(real, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return .failure(.notFound) }
            return .success(real)
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
