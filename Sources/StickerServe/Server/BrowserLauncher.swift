import Foundation

/// Opens a page in the user's browser (`serve --open`): `open` on macOS, `xdg-open` elsewhere. A
/// missing opener is not an error: the address is printed anyway.
public enum BrowserLauncher {
    /// Opens `url`; returns whether an opener was started.
    @discardableResult
    public static func open(_ url: String) -> Bool {
        #if os(macOS)
        let opener = "/usr/bin/open"
        #else
        guard let opener = ["/usr/bin/xdg-open", "/usr/local/bin/xdg-open"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return false }
        #endif
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        return true
    }
}
