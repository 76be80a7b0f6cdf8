import ArgumentParser
import Dispatch
import Foundation
import StickerKit
import StickerServe

/// `stickerforge serve CATALOG`: the pack in the browser as Messages shows it, re-checked on every
/// save as `watch` does and pushed to every open page without a reload.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Show the pack in the browser as Messages shows it, updated on every save.",
        discussion: """
            Listens on 127.0.0.1 and prints the page's address; stop with Ctrl-C. Each save is checked as \
            `watch` checks it (only the changed stickers are decoded again) and the page follows without a \
            reload. Nothing is written unless --fix-output is given and the page's button is pressed.
            """)

    @OptionGroup var pack: PackOptions

    @Option(help: "The port to listen on (0: any free port).")
    var port: Int = 8040

    @Option(help: "The address to listen on. Anything but loopback lets other machines see the pack.")
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The store to show and check the pack for: imessage, whatsapp, telegram, signal, discord or line.",
                               valueName: "STORE"))
    var platform: PlatformRules = .imessage

    @Flag(help: "Open the page in the default browser.")
    var open = false

    @Option(name: .customLong("fix-output"), help: "Where the page's button writes the fixed copy of the pack (as `fix --output`); without it the page writes nothing.")
    var fixOutput: String?

    @Option(help: "How often to look for changes, in milliseconds.")
    var interval = 200

    @Option(name: .customLong("quiet-period"), help: "Check a change only once the files have been unchanged this long, in milliseconds (editors save in steps).")
    var quietPeriod = 300

    func validate() throws {
        if !(0...65_535).contains(port) { throw ValidationError("--port must be 0 to 65535") }
        if !(20...10_000).contains(interval) { throw ValidationError("--interval must be 20 to 10000 ms") }
        if !(0...60_000).contains(quietPeriod) { throw ValidationError("--quiet-period must be 0 to 60000 ms") }
    }

    func run() async throws {
        let console = Console.standard()
        _ = try pack.load(console: console)   // an unreadable catalog stops here with its reason, as in watch
        var settings = ServeSettings(catalog: pack.catalog, overrides: pack.settings.overrides, toolVersion: StickerForgeCommand.version)
        settings.platform = platform
        settings.host = host
        settings.port = UInt16(port)
        settings.intervalMilliseconds = interval
        settings.quietMilliseconds = quietPeriod
        settings.fixOutput = fixOutput
        if !ServeSettings.isLoopback(host) {
            console.err("warning: listening on \(host), not loopback: other machines on the network can see the pack")
        }
        let open = self.open
        let task = Task {
            try await ServeSession(settings: settings).run { event in
                switch event {
                case .listening(let url):
                    console.out("serving \(pack.catalog) at \(url) (Ctrl-C to stop)\n")
                    if open { BrowserLauncher.open(url) }
                case let .checked(version, reloaded, summary, ms):
                    let what = version == 1 ? "checked" : "re-checked; decoded again: "
                        + (reloaded.isEmpty ? "none" : reloaded.map(ProgressDisplay.printable).joined(separator: ", "))
                    console.err("[\(String(format: "%.0f", ms)) ms] \(what); \(summary)")
                case .problem(let problem):
                    console.err(ProgressDisplay.printable(problem))
                case .stopped:
                    console.err("stopped")
                }
            }
        }
        let interrupt = InterruptSignal { task.cancel() }
        defer { interrupt.cancel() }
        do { try await task.value } catch { throw console.fail(error) }
    }
}
