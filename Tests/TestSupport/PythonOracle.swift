import Foundation

/// The Python interpreter the oracle tests call (python-lottie, rlottie-python, Pillow, zipfile):
/// Debian's, where `pip install` puts the packages those tests name.
public enum PythonOracle {
    /// The path of python3 when it is installed and can import every module of `modules`
    /// (comma-separated, as in an `import` statement; nil: python3 alone); nil otherwise, for the
    /// caller to skip with its own message.
    public static func interpreter(importing modules: String? = nil) throws -> String? {
        guard let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return nil }
        guard let modules else { return python }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import \(modules)"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        try probe.run()
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? python : nil
    }
}
