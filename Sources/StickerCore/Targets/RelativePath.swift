import Foundation

/// Plain path arithmetic on `/`-separated strings: standardising against a working directory,
/// expressing one path relative to another, and the deepest folder several paths share. No file
/// system access and no process state: the working directory is always passed in.
public enum RelativePath {
    /// `path` as an absolute path without `.` or `..` parts or a trailing slash, relative paths
    /// taken from `workingDirectory`. Symbolic links are not resolved.
    public static func absolute(_ path: String, workingDirectory: String) -> String {
        let joined = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` (absolute) relative to `base` (absolute) when it lies inside it (`""` when they are
    /// equal), nil otherwise.
    public static func relative(_ path: String, to base: String) -> String? {
        if path == base { return "" }
        let prefix = base == "/" ? "/" : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// How to show `path` (absolute): relative to `workingDirectory` when inside it (`.` for the
    /// directory itself), else absolute.
    public static func display(_ path: String, workingDirectory: String) -> String {
        guard let rel = relative(path, to: workingDirectory) else { return path }
        return rel.isEmpty ? "." : rel
    }

    /// The deepest folder that holds every one of `paths` (absolute), `/` at worst.
    public static func commonAncestor(_ paths: [String]) -> String {
        guard let first = paths.first else { return "/" }
        var common = first.split(separator: "/")
        for path in paths.dropFirst() {
            let parts = path.split(separator: "/")
            common = Array(common.prefix(zip(common, parts).prefix { $0 == $1 }.count))
        }
        return "/" + common.joined(separator: "/")
    }

    /// The folder holding `path` (absolute).
    public static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// The last component of `path`.
    public static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `relative` joined under `base`, either of which may be empty or `.`.
    public static func join(_ base: String, _ relative: String) -> String {
        if base.isEmpty || base == "." { return relative }
        if relative.isEmpty || relative == "." { return base }
        return base.hasSuffix("/") ? base + relative : base + "/" + relative
    }
}
