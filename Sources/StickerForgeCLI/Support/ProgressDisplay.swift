import Foundation

/// Shows progress of a long run: a redrawn bar with counts and the current file on a terminal,
/// plain lines in CI logs (at most one per item), nothing with `--quiet`.
final class ProgressDisplay: @unchecked Sendable {
    enum Mode { case bar, lines, silent }

    private let mode: Mode
    private let label: String
    private let lock = NSLock()
    private var lastDraw = Date.distantPast
    private var drewBar = false

    /// A display for `label` ("checking", "converting"); the mode follows the console and `quiet`.
    init(label: String, console: Console, quiet: Bool) {
        self.label = label
        if quiet { mode = .silent } else if console.stderrIsTerminal { mode = .bar } else { mode = .lines }
    }

    /// Reports that `completed` of `total` items are done, the last being `current`.
    func update(completed: Int, total: Int, current: String) {
        lock.lock(); defer { lock.unlock() }
        switch mode {
        case .silent: return
        case .lines:
            write("[\(completed)/\(total)] \(label) \(Self.printable(current))\n")
        case .bar:
            let now = Date()
            guard completed == total || now.timeIntervalSince(lastDraw) > 0.05 else { return }
            lastDraw = now
            let width = 24
            let filled = total == 0 ? width : width * completed / total
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            let name = Self.printable(current).prefix(40)
            write("\r\u{1B}[2K\(label) [\(bar)] \(completed)/\(total) \(name)")
            drewBar = true
        }
    }

    /// Clears the bar so that the results print on a clean line.
    func finish() {
        lock.lock(); defer { lock.unlock() }
        if mode == .bar && drewBar { write("\r\u{1B}[2K") }
    }

    private func write(_ s: String) { FileHandle.standardError.write(Data(s.utf8)) }

    /// A name with control characters replaced, so a hostile file name cannot drive the terminal.
    static func printable(_ s: String) -> String {
        String(s.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
    }
}
