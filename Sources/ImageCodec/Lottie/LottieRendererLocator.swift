import Foundation

/// Finds the `stickerforge-lottie` helper executable that renders Lottie in a process of its own.
///
/// In order: the `STICKERFORGE_LOTTIE_RENDERER` environment variable (a path; for unusual
/// installs), the folder of the running executable after resolving symbolic links (SwiftPM puts
/// `stickerforge`, `stickerforge-lottie` and the test bundle in the same build products folder, and
/// an install copies both side by side), then `../libexec/stickerforge/` beside that folder.
public enum LottieRendererLocator {
    /// The helper's file name.
    public static let executableName = "stickerforge-lottie"
    /// The environment variable that overrides the search.
    public static let environmentVariable = "STICKERFORGE_LOTTIE_RENDERER"

    /// The helper's path.
    /// - Throws: `CodecError.library` saying where it looked and how to fix it.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let path = environment[environmentVariable], !path.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw CodecError.library(name: "rlottie", message: "\(environmentVariable) names \(path), which is not an executable file")
            }
            return path
        }
        let candidates = searchFolders().flatMap { [$0 + "/" + executableName, $0 + "/../libexec/stickerforge/" + executableName] }
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) { return found }
        throw CodecError.library(
            name: "rlottie",
            message: "the Lottie renderer \(executableName) was not found (looked in \(searchFolders().joined(separator: ", "))); "
                + "install it beside stickerforge, or set \(environmentVariable) to its path")
    }

    /// The running executable's folder, symbolic links resolved.
    private static func searchFolders() -> [String] {
        guard let url = Bundle.main.executableURL else { return [] }
        let resolved = url.resolvingSymlinksInPath().deletingLastPathComponent().path
        let direct = url.deletingLastPathComponent().path
        return resolved == direct ? [resolved] : [resolved, direct]
    }
}
