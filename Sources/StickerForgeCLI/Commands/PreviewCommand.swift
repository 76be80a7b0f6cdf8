import ArgumentParser
import Foundation
import ImageCodec
import StickerKit

/// `stickerforge preview CATALOG --output sheet.png`: a contact sheet of the pack on dark, light,
/// checkerboard, bubble-blue and photo-like backgrounds, for reviews and pull requests.
struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Write a PNG contact sheet of every sticker on the backgrounds Messages puts them on.")

    @OptionGroup var pack: PackOptions

    @Option(help: "The PNG to write.")
    var output: String

    @Option(help: "Which frame of animations to show (0 = the first; past the end, the last).")
    var frame = 0

    @Option(help: "Pixels per point: 1, 2 or 3 (default 2, as a 2x screen shows them).")
    var scale = 2

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        if frame < 0 { throw ValidationError("--frame must be 0 or more") }
        if !(1...3).contains(scale) { throw ValidationError("--scale must be 1, 2 or 3") }
    }

    func run() async throws {
        let console = Console.standard()
        let (stickerPack, configuration) = try pack.load(console: console)
        try pack.outputCheck(for: stickerPack, console: console).file(output, option: "--output", kind: .png)
        let checker = PackChecker(configuration: configuration, toolVersion: StickerForgeCommand.version)
        let progress = ProgressDisplay(label: "decoding", console: console, quiet: outputOptions.quiet)
        // Each worker keeps only the sticker's display-size art, so the pack is never decoded at once.
        let renderer = PreviewSheetRenderer(frame: frame, scale: scale)
        let gridSize = stickerPack.gridSize
        let arts = await checker.mapSubjects(of: stickerPack, { subject in
            (subject.name, subject.image == nil, Result { try renderer.art(for: subject, gridSize: gridSize) },
             PreviewSheetRenderer.label(name: subject.name, width: subject.image?.width, height: subject.image?.height,
                                        bytes: subject.files.reduce(0) { $0 + $1.byteCount }))
        }, progress: { progress.update(completed: $0, total: $1, current: $2) })
        progress.finish()
        do {
            let sheet = renderer.render(arts: try arts.map { try $0.2.get() }, labels: arts.map(\.3), gridSize: gridSize)
            try FileIO.writeAtomically(try PNGEncoder(options: PNGEncodeOptions(effort: .fast, draft: true)).encode(sheet), to: output)
            console.out("\(output): \(sheet.width)x\(sheet.height) px, \(arts.count) stickers on "
                        + "\(PreviewBackground.allCases.map { $0.label.lowercased() }.joined(separator: ", "))\n")
        } catch {
            throw console.fail(error, exit: ExitStatus.findings)
        }
        let broken = arts.filter { $0.1 }.map { $0.0 }
        if !broken.isEmpty {
            console.err("could not show (crossed out): \(broken.map(ProgressDisplay.printable).joined(separator: ", "))")
            throw ExitStatus.findings
        }
    }
}
