import Foundation
import StickerCore
import Yams

/// The timing keys of a `stickerforge.yml` that sits beside a folder of frames.
///
/// Only four keys are read here (the catalog reader owns the full file and ignores nothing it
/// does not know; this reader ignores every other key on purpose):
/// - `fps`: frames per second (number);
/// - `delays`: per-frame delays in milliseconds (a list; the last repeats for later frames);
/// - `duration`: seconds for one whole cycle;
/// - `loops`: plays, `0` = forever (the manifest's meaning, not Xcode's `repetitions`).
/// At most one of `fps`, `delays` and `duration` may be given.
public struct FolderTimingConfig: Equatable, Sendable, Decodable {
    /// `fps`.
    public var fps: Double?
    /// `delays`, milliseconds.
    public var delays: [Int]?
    /// `duration`, seconds per cycle.
    public var duration: Double?
    /// `loops`, plays; 0 = forever.
    public var loops: Int?

    /// The file name looked for beside the frames.
    public static let fileName = "stickerforge.yml"

    /// A configuration.
    public init(fps: Double? = nil, delays: [Int]? = nil, duration: Double? = nil, loops: Int? = nil) {
        self.fps = fps; self.delays = delays; self.duration = duration; self.loops = loops
    }

    /// The timing the keys describe, or nil when none of them is given.
    /// - Throws: `AssemblyError.invalidTimingConfig` when several are given or a value is out of range.
    public func timing(file: String) throws -> SequenceTiming? {
        let given = [fps != nil ? "fps" : nil, delays != nil ? "delays" : nil, duration != nil ? "duration" : nil]
            .compactMap { $0 }
        if given.count > 1 {
            throw AssemblyError.invalidTimingConfig(
                file: file, reason: "\(given.joined(separator: ", ")) are all given; keep only one timing key")
        }
        if let fps {
            guard fps > 0, fps.isFinite else { throw AssemblyError.invalidTimingConfig(file: file, reason: "fps must be positive, got \(fps)") }
            return .fps(fps)
        }
        if let delays {
            guard !delays.isEmpty, delays.allSatisfy({ $0 >= 0 }) else {
                throw AssemblyError.invalidTimingConfig(file: file, reason: "delays must be a non-empty list of milliseconds >= 0")
            }
            return .perFrame(delays)
        }
        if let duration {
            guard duration > 0, duration.isFinite else {
                throw AssemblyError.invalidTimingConfig(file: file, reason: "duration must be positive seconds, got \(duration)")
            }
            return .fixed(seconds: duration)
        }
        return nil
    }

    /// Reads `stickerforge.yml` in `folder`; nil when there is no such file.
    /// - Throws: `AssemblyError.invalidTimingConfig` for unparsable YAML or wrongly typed keys.
    public static func load(fromFolder folder: String) throws -> FolderTimingConfig? {
        let path = FileIO.join(folder, fileName)
        guard FileIO.kind(of: path).exists else { return nil }
        let text = String(decoding: try FileIO.read(path), as: UTF8.self)
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return FolderTimingConfig() }
        do {
            let config = try YAMLDecoder().decode(FolderTimingConfig.self, from: text)
            if let loops = config.loops, loops < 0 {
                throw AssemblyError.invalidTimingConfig(file: path, reason: "loops must be 0 (forever) or more, got \(loops)")
            }
            return config
        } catch let error as AssemblyError {
            throw error
        } catch {
            throw AssemblyError.invalidTimingConfig(file: path, reason: "\(error)")
        }
    }
}
