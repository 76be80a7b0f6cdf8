import Foundation
import ImageCodec
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// A small catalog on disk in the fake codec's format, and helpers to build it.
struct PackFixture {
    let folder: TemporaryFolder
    let pack: StickerPack
    var out: String { folder.path + "/build" }

    /// Wave: padded PNG (re-encoding shrinks it); Tiny: PNG whose re-encoding is no smaller (kept);
    /// Gif: animated GIF without a loop block (kept as is); Dance: 3-frame sequence at 10 fps;
    /// Big: a still over the test limit; Broken: not an image.
    init() throws {
        folder = try TemporaryFolder()
        let root = folder.path + "/cat"
        try folder.write("cat/Wave.sticker/Wave.png", FakeStickerCodec.still(width: 4, height: 4, fill: RGBA(10, 20, 30), padding: 5000))
        try folder.write("cat/Tiny.sticker/tiny.png", FakeStickerCodec.still(width: 2, height: 2, fill: RGBA(1, 1, 1, 128)))
        try folder.write("cat/Gif.sticker/g.gif", FakeStickerCodec.file(
            .gif, frames: [(PixelBuffer(width: 3, height: 3, fill: RGBA(255, 0, 0)), .centiseconds(7)),
                           (PixelBuffer(width: 3, height: 3), .centiseconds(47))], loop: nil))
        for n in 1...3 {
            try folder.write("cat/Dance/f\(n).png", FakeStickerCodec.still(width: 5, height: 5, fill: RGBA(UInt8(n), 0, 0)))
        }
        try folder.write("cat/Big.sticker/big.png", FakeStickerCodec.still(width: 20, height: 20, fill: RGBA(7, 7, 7)))
        try folder.write("cat/Broken.sticker/broken.png", Array("garbage".utf8))
        try folder.write("icon.png", FakeStickerCodec.still(width: 40, height: 30, fill: RGBA(0, 200, 0)))
        pack = StickerPack(name: "Party", root: root, kind: .xcstickers, gridSize: .regular, stickers: [
            StickerSource(name: "Wave", folder: "Wave.sticker", content: .file("Wave.sticker/Wave.png"), accessibilityLabel: "Waving hand"),
            StickerSource(name: "Tiny", folder: "Tiny.sticker", content: .file("Tiny.sticker/tiny.png"), accessibilityLabel: nil),
            StickerSource(name: "Gif", folder: "Gif.sticker", content: .file("Gif.sticker/g.gif"), accessibilityLabel: nil),
            StickerSource(name: "Dance", folder: "Dance", content: .sequence(frames: ["Dance/f1.png", "Dance/f2.png", "Dance/f3.png"],
                                                                              timing: .fps(10), repetitions: 0), accessibilityLabel: "Dancing"),
            StickerSource(name: "Big", folder: "Big.sticker", content: .file("Big.sticker/big.png"), accessibilityLabel: nil),
            StickerSource(name: "Broken", folder: "Broken.sticker", content: .file("Broken.sticker/broken.png"), accessibilityLabel: nil),
        ], iconSet: nil, problems: [])
    }

    func options(_ out: String? = nil, icon: Bool = false, keepSequences: Bool = false) -> PackBuildOptions {
        PackBuildOptions(outputDirectory: out ?? self.out, effort: .fast, keepSequences: keepSequences,
                         iconSource: icon ? folder.path + "/icon.png" : nil, maxBytes: 1000, maxConcurrency: 2)
    }

    func builder(_ out: String? = nil, icon: Bool = false, keepSequences: Bool = false) -> PackBuilder {
        PackBuilder(options: options(out, icon: icon, keepSequences: keepSequences), codec: FakeStickerCodec())
    }

    /// Prepares and writes; returns the plan.
    @discardableResult
    func build(_ out: String? = nil, icon: Bool = false, keepSequences: Bool = false) async throws -> BuildPlan {
        let b = builder(out, icon: icon, keepSequences: keepSequences)
        let plan = try await b.prepare(pack)
        try b.write(plan, to: out ?? self.out)
        return plan
    }

    /// Every file under `relative` with its bytes.
    func snapshot(_ relative: String = "build") throws -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        for file in try folder.files(under: relative) { out[file] = try folder.read(relative + "/" + file) }
        return out
    }
}

/// `sha256sum`, independent of the code under test.
func externalSHA256(_ path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = [path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
}
