import ArgumentParser
import Foundation
import ImageCodec
import StickerKit

extension DeflateEffort: ExpressibleByArgument {}

/// How an assembled animation is timed: one of `--fps`, `--delay`, `--delays`, plus `--loops`.
struct TimingOptions: ParsableArguments {
    @Option(help: "Frames per second (may be fractional, e.g. 12.5).")
    var fps: Double?

    @Option(help: "The same delay for every frame, in milliseconds.")
    var delay: Int?

    @Option(help: ArgumentHelp("A delay per frame in milliseconds, comma-separated (the last repeats).",
                               valueName: "MS,MS,..."))
    var delays: String?

    @Option(help: "Plays: 0 = forever (the default when nothing else says).")
    var loops: Int?

    func validate() throws {
        if [fps != nil, delay != nil, delays != nil].filter({ $0 }).count > 1 {
            throw ValidationError("give at most one of --fps, --delay and --delays")
        }
        if let fps, !(fps > 0 && fps <= 1000) { throw ValidationError("--fps must be above 0 and at most 1000") }
        if let delay, !(0...65_535).contains(delay) { throw ValidationError("--delay must be 0 to 65535 ms") }
        if let loops, loops < 0 { throw ValidationError("--loops must be 0 (forever) or more") }
        _ = try parsedDelays()
    }

    /// The per-frame list of `--delays`, validated.
    func parsedDelays() throws -> [Int]? {
        guard let delays else { return nil }
        let parts = delays.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var values: [Int] = []
        for (i, part) in parts.enumerated() {
            guard let ms = Int(part), (0...65_535).contains(ms) else {
                throw ValidationError("--delays: item \(i + 1) '\(part)' is not a delay of 0 to 65535 ms")
            }
            values.append(ms)
        }
        return values
    }

    /// The timing the flags ask for, or nil to let the folder's `stickerforge.yml` (or 15 fps) decide.
    var timing: SequenceTiming? {
        if let fps { return .fps(fps) }
        if let delay { return .perFrame([delay]) }
        // validate() has already checked the list.
        if let list = try? parsedDelays() { return .perFrame(list) }
        return nil
    }
}
