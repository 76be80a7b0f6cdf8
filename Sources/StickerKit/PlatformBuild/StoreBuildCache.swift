import Foundation
import ImageCodec
import StickerCore
import StickerEncoding

/// What the previous `build --platform` of one store left in `OUT/<store>`: each sticker's and
/// pack image's key (its input bytes and every setting that changes it), the file it wrote and
/// what was built, read from the folder's build records (`OUT/<store>/.stickerforge-build.json`,
/// and those of `static/` and `animated/` for a split pack).
///
/// A unit whose key is unchanged and whose file is still there with the recorded SHA-256 is taken
/// as it is instead of being decoded, fitted and encoded again: the same key builds the same bytes,
/// so a warm build writes what a cold one writes. Anything missing, altered or unreadable means
/// building again, which is always safe.
public struct StoreBuildCache: Sendable {
    /// A recorded unit and the folder its file paths are relative to.
    private struct Unit: Sendable {
        var record: BuildRecord.CachedUnit
        var folder: String
    }
    private var units: [String: Unit] = [:]

    /// Version of the key text: raise it when a change to the store builders changes their output
    /// for the same inputs and settings.
    static let keyVersion = "stickerforge-store/1"

    /// No previous build.
    public init() {}

    /// The records in the store folder `folder` (none when it or they are absent or unreadable).
    public init(folder: String) {
        for sub in [nil] + StorePack.Part.allCases.map(\.folder) {
            let dir = sub.map { FileIO.join(folder, $0) } ?? folder
            guard let record = try? BuildRecord.load(fromFolder: dir) else { continue }
            for (name, unit) in record.units { units[name] = Unit(record: unit, folder: dir) }
        }
    }

    /// Whether nothing was recorded.
    public var isEmpty: Bool { units.isEmpty }

    /// The sticker recorded as `sticker:<name>` when its key is `key` and its file is intact.
    func sticker(named name: String, key: String) -> StoreSticker? {
        guard let (unit, bytes) = intact("sticker:\(name)", key: key), var sticker = unit.record.storeSticker else { return nil }
        sticker.bytes = bytes
        sticker.cacheKey = key
        sticker.reused = true
        return sticker
    }

    /// The pack image recorded as `image:<role>` when its key is `key` and its file is intact.
    func image(role: String, key: String) -> StorePackImage? {
        guard let (unit, bytes) = intact("image:\(role)", key: key), var image = unit.record.storeImage else { return nil }
        image.bytes = bytes
        image.cacheKey = key
        return image
    }

    /// The unit and its one file's bytes, when the key matches and the file has the recorded digest.
    private func intact(_ name: String, key: String) -> (Unit, [UInt8])? {
        guard !key.isEmpty, let unit = units[name], unit.record.key == key, unit.record.files.count == 1,
              let (path, digest) = unit.record.files.first,
              // A store's files sit flat in its folder: a record naming anything else is not followed.
              !path.isEmpty, !path.contains("/"), path != "..", path != ".",
              let bytes = try? FileIO.read(FileIO.join(unit.folder, path)), Digest.hex(bytes) == digest else { return nil }
        return (unit, bytes)
    }

    /// The key of a unit: `header` (the settings, as text) and the bytes of each named input, each
    /// part length-prefixed so no two different inputs hash alike; empty when an input cannot be
    /// read (the build then reports the file and nothing is reused).
    static func key(_ header: String, inputs: [(name: String, bytes: [UInt8]?)]) -> String {
        var parts = [Array("\(keyVersion)|\(header)".utf8)]
        for input in inputs {
            guard let bytes = input.bytes else { return "" }
            parts += [Array(input.name.utf8), bytes]
        }
        return Digest.hex(parts: parts)
    }

    /// The record of a built pack's stickers and images under their files' names in its folder.
    static func record(stickers: [StoreSticker], images: [StorePackImage]) -> BuildRecord {
        var record = BuildRecord(units: [:])
        for sticker in stickers where !sticker.cacheKey.isEmpty {
            var kept = sticker
            kept.bytes = []
            record.units["sticker:\(sticker.name)"] = BuildRecord.CachedUnit(
                key: sticker.cacheKey, files: [sticker.file: Digest.hex(sticker.bytes)], storeSticker: kept)
        }
        for image in images where !image.cacheKey.isEmpty {
            var kept = image
            kept.bytes = []
            record.units["image:\(image.role)"] = BuildRecord.CachedUnit(
                key: image.cacheKey, files: [image.file: Digest.hex(image.bytes)], storeImage: kept)
        }
        return record
    }
}
