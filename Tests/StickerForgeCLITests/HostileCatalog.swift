import Foundation
import ImageCodec
import TestSupport

/// Builds the hostile sample catalog in a temporary folder at test time (symbolic links, a FIFO and
/// names no repository should carry are made here rather than committed):
///
///     <base>/secret.txt                     outside the catalog; must never appear in any report
///     <base>/Hostile.xcstickers/Sticker Pack.stickerpack/
///         Good.sticker                       a valid 408x408 sticker
///         Traversal.sticker                  filename "../../../secret.txt"
///         Absolute.sticker                   filename "<base>/secret.txt"
///         LinkOut.sticker                    Out.png -> ../../../secret.txt (a symbolic link)
///         Loop.sticker                       Loop.png -> Loop.png
///         Pipe.sticker                       Pipe.png is a FIFO
///         Device.sticker                     Zero.png -> /dev/zero
///         Canvas.sticker, Frames.sticker, Huge.sticker, Big.sticker   decode bombs
///         😀 Party.sticker                   file "こんにちは <b>&amp; \"q\".png"
///         Evil.sticker                        file "a\n::error::injected\u{1B}[31m.png"
///         "../../Escape.sticker" listed in the pack's Contents.json
struct HostileCatalog {
    /// The temporary folder holding the catalog and the outside secret.
    let base: String
    /// The `.xcstickers` folder.
    var catalog: String { base + "/Hostile.xcstickers" }
    /// Text of the file outside the catalog.
    static let secret = "TOP-SECRET-5f1c"
    /// Names of the stickers that must be refused for their paths, and why (substring of the message).
    static let refusedPaths: [String: String] = [
        "Traversal": "leaves its folder through '..'",
        "Absolute": "is an absolute path",
        "LinkOut": "resolves outside the catalog root",
        "Loop": String(cString: strerror(ELOOP)),
        "Pipe": "is a FIFO (named pipe), not a regular file",
        "Device": "resolves outside the catalog root",
    ]
    /// Bomb stickers and the exact `decode_limit_exceeded` message each must get.
    static let bombs: [String: String] = [
        "Canvas": "Canvas.png declares canvas 100000x100000 px, over the limit of 8192 px a side",
        "Frames": "Frames.gif declares 10001 frames, over the limit of 10000 frames",
        "Huge": "Huge.jpg declares canvas 60000x50000 px, over the limit of 8192 px a side",
        "Big": "Big.png declares a file of 67108865 bytes, over the limit of 67108864 bytes read into memory",
    ]
    static let partyFile = "こんにちは <b>&amp; \"q\".png"
    static let evilFile = "a\n::error::injected\u{1B}[31m.png"

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-cli-\(UUID().uuidString)").path
        let pack = catalog + "/Sticker Pack.stickerpack"
        try Self.write(base + "/secret.txt", Array(Self.secret.utf8))
        try Self.write(catalog + "/Contents.json", Array(Self.info.utf8))
        let stickers = ["Good", "Traversal", "Absolute", "LinkOut", "Loop", "Pipe", "Device", "Canvas", "Frames", "Huge",
                        "Big", "😀 Party", "Evil"].map { $0 + ".sticker" } + ["../../Escape.sticker"]
        let list = stickers.map { "{\"filename\":\(Self.json($0))}" }.joined(separator: ",")
        try Self.write(pack + "/Contents.json", Array("{\(Self.info.dropFirst().dropLast()),\"stickers\":[\(list)]}".utf8))
        func sticker(_ name: String, file: String, bytes: [UInt8]?) throws {
            let folder = pack + "/" + name + ".sticker"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let contents = "{\(Self.info.dropFirst().dropLast()),\"properties\":{\"filename\":\(Self.json(file)),"
                + "\"accessibility-label\":\(Self.json(name))}}"
            try Self.write(folder + "/Contents.json", Array(contents.utf8))
            if let bytes { try Self.write(folder + "/" + file, bytes) }
        }
        // 408x408 opaque: warnings only, so a pack of it alone builds (exit 0).
        let good = PNGChunkWriter.stillPNG(PixelBuffer(width: 408, height: 408, fill: RGBA(200, 30, 30, 255)))
        try sticker("Good", file: "Good.png", bytes: good)
        try sticker("Traversal", file: "../../../secret.txt", bytes: nil)
        try sticker("Absolute", file: base + "/secret.txt", bytes: nil)
        try sticker("LinkOut", file: "Out.png", bytes: nil)
        try FileManager.default.createSymbolicLink(atPath: pack + "/LinkOut.sticker/Out.png",
                                                   withDestinationPath: "../../../secret.txt")
        try sticker("Loop", file: "Loop.png", bytes: nil)
        try FileManager.default.createSymbolicLink(atPath: pack + "/Loop.sticker/Loop.png", withDestinationPath: "Loop.png")
        try sticker("Pipe", file: "Pipe.png", bytes: nil)
        guard mkfifo(pack + "/Pipe.sticker/Pipe.png", 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        try sticker("Device", file: "Zero.png", bytes: nil)
        try FileManager.default.createSymbolicLink(atPath: pack + "/Device.sticker/Zero.png", withDestinationPath: "/dev/zero")
        try sticker("Canvas", file: "Canvas.png", bytes: PNGChunkWriter.file([
            PNGChunkSpec("IHDR", PNGChunkWriter.ihdr(width: 100_000, height: 100_000)),
            PNGChunkSpec("IDAT", PNGChunkWriter.deflate([0, 0, 0, 0, 0])), PNGChunkSpec("IEND", [])]))
        let frame = GIFFixtureFrame(width: 1, height: 1, indices: [1], delayCentiseconds: 2)
        try sticker("Frames", file: "Frames.gif", bytes: GIFFixtureEncoder(
            width: 1, height: 1, globalPalette: [RGBA(0, 0, 0), RGBA(255, 0, 0)], loopCount: 0,
            frames: Array(repeating: frame, count: 10_001)).encode())
        try sticker("Huge", file: "Huge.jpg", bytes: Self.jpegHeader(width: 60_000, height: 50_000))
        try sticker("Big", file: "Big.png", bytes: PNGChunkWriter.signature)
        let big = try FileHandle(forWritingTo: URL(fileURLWithPath: pack + "/Big.sticker/Big.png"))
        try big.truncate(atOffset: UInt64((64 << 20) + 1))  // sparse: no disk space, never read
        try big.close()
        try sticker("😀 Party", file: Self.partyFile, bytes: good)
        try sticker("Evil", file: Self.evilFile, bytes: good)
    }

    /// Removes the temporary folder.
    func remove() { try? FileManager.default.removeItem(atPath: base) }

    private static let info = "{\"info\":{\"author\":\"xcode\",\"version\":1}}"

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    private static func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func write(_ path: String, _ bytes: [UInt8]) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// A baseline JPEG header (SOI, DQT, SOF0, SOS) declaring a huge greyscale image.
    static func jpegHeader(width: UInt16, height: UInt16) -> [UInt8] {
        let sof: [UInt8] = [0xFF, 0xC0, 0x00, 0x0B, 0x08] + PNGChunkWriter.be16(height) + PNGChunkWriter.be16(width)
            + [0x01, 0x01, 0x11, 0x00]
        let dqt: [UInt8] = [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        return [0xFF, 0xD8] + dqt + sof + [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x00, 0xFF, 0xD9]
    }
}
