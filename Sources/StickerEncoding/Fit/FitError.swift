import Foundation
import StickerCore

/// Why a sticker could not be fitted. Each case carries the best figures reached.
public enum FitError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Lossless is over the limit and lossy fitting was not allowed.
    case overLimitLossless(bytes: Int, limit: Int)
    /// No lossy candidate got under the limit (the smallest reached is given).
    case nothingFits(smallestBytes: Int, limit: Int, steps: [String])
    /// Candidates fit, but the best measured below the quality floor.
    case belowQualityFloor(quality: Double, minQuality: Double, bytes: Int, limit: Int, steps: [String])
    /// The input cannot be fitted at all.
    case invalidInput(String)
    /// Encoding failed.
    case codec(String)

    public var description: String {
        switch self {
        case let .overLimitLossless(bytes, limit):
            return "lossless output is \(bytes) bytes, over the limit of \(limit) bytes; allow lossy fitting (--lossy) to trade quality"
        case let .nothingFits(smallest, limit, steps):
            return "no lossy candidate fits \(limit) bytes; the smallest was \(smallest) bytes (\(steps.joined(separator: ", ")))"
        case let .belowQualityFloor(quality, floor, bytes, limit, steps):
            return "the best candidate under \(limit) bytes is \(bytes) bytes at quality "
                + "\(Self.figure(quality, below: floor)), below the floor of \(Self.figure(floor)) (\(steps.joined(separator: ", "))); "
                + "lower --min-quality or raise the limit"
        case .invalidInput(let m): return "cannot fit: \(m)"
        case .codec(let m): return "encoding failed while fitting: \(m)"
        }
    }

    package static func figure(_ q: Double) -> String { String(format: "%.4f", q) }

    /// `q`, known to be under `floor`, rounded down to 4 decimals, so it never reads as the floor
    /// itself ("quality 0.9000, below the floor of 0.9000" was 0.89996 rounded up).
    package static func figure(_ q: Double, below floor: Double) -> String {
        let down = (q * 10_000).rounded(.down) / 10_000
        return String(format: "%.4f", q < floor ? down : q)
    }

    /// Seconds for messages: "2.5", "0.03", "8".
    static func seconds(_ s: Double) -> String { NumberText.decimal(s, places: 2) }
}
