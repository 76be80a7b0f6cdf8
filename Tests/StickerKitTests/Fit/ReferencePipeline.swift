import Foundation
import ImageCodec
import XCTest

/// pngquant (one palette for all frames: they are quantised as one vertical strip, no dithering),
/// then apngasm (default 7-Zip deflate) splitting the strip back into frames, then apngopt (the
/// APNG optimiser, default 7-Zip) when it is installed: the pipeline the field uses today.
struct ReferencePipeline {
    let folder: String
    let name: String
    let frames: [AnimationFrame]

    struct Outcome { let colours: Int; let bytes: Int; let quality: Double; let seconds: Double; let optimised: Bool }

    static let optimiser = "/usr/bin/apngopt"

    /// The reference output with the most colours whose size is at most `limit`, measured.
    func best(atMost limit: Int) throws -> Outcome? {
        let w = frames[0].image.width, h = frames[0].image.height
        var strip = PixelBuffer(width: w, height: h * frames.count)
        for (i, f) in frames.enumerated() {
            strip.pixels.replaceSubrange(i * w * h * 4..<(i + 1) * w * h * 4, with: f.image.pixels)
        }
        let stripPath = folder + "/\(name)-strip.png"
        try Data(try PNGEncoder(options: PNGEncodeOptions(effort: .fast)).encode(strip)).write(to: URL(fileURLWithPath: stripPath))
        var lo = 2, hi = 256, best: (Int, [UInt8])?
        while lo <= hi {
            let mid = (lo + hi) / 2
            let bytes = try run(colours: mid, strip: stripPath)
            if bytes.count <= limit { best = (mid, bytes); lo = mid + 1 } else { hi = mid - 1 }
        }
        guard let (colours, _) = best else { return nil }
        // One more run at the chosen palette, timed: what one pass of the pipeline costs.
        let start = Date()
        let bytes = try run(colours: colours, strip: stripPath)
        let seconds = Date().timeIntervalSince(start)
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/\(name)-ref.png"))
        let decoded = try ImageDecoder().decode(bytes)
        XCTAssertEqual(decoded.loopDurationMilliseconds, 2000, accuracy: 1)
        var shown: [PixelBuffer] = [], t = 0.0, k = 0, end = decoded.frames[0].delay.milliseconds
        for f in frames {
            while t >= end - 1e-6 && k + 1 < decoded.frames.count { k += 1; end += decoded.frames[k].delay.milliseconds }
            shown.append(decoded.frames[k].image)
            t += f.delay.milliseconds
        }
        let q = try CompositedSSIM().score(reference: frames.map { $0.image.normalizedTransparent() }, candidate: shown,
                                           weights: frames.map { $0.delay.milliseconds })
        return Outcome(colours: colours, bytes: bytes.count, quality: q, seconds: seconds,
                       optimised: FileManager.default.isExecutableFile(atPath: Self.optimiser))
    }

    private func run(colours: Int, strip: String) throws -> [UInt8] {
        let quantised = folder + "/\(name)-strip-q.png", out = folder + "/\(name)-ref-try.png"
        try shell("/usr/bin/pngquant", ["--nofs", "--force", "--output", quantised, "\(colours)", strip])
        try shell("/usr/bin/apngasm", [out, quantised, "1", "12", "-vs\(frames.count)"])
        guard FileManager.default.isExecutableFile(atPath: Self.optimiser) else {
            return Array(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        // apngopt 1.4 writes NAME_opt.png beside its input, whatever else it is told.
        let optimised = folder + "/\(name)-ref-try_opt.png"
        try? FileManager.default.removeItem(atPath: optimised)
        // It also fails (exit 1) on an absolute path: give the name, run in the folder.
        try shell(Self.optimiser, ["\(name)-ref-try.png"])
        return Array(try Data(contentsOf: URL(fileURLWithPath: optimised)))
    }

    private func shell(_ tool: String, _ args: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        p.currentDirectoryURL = URL(fileURLWithPath: folder)
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        if p.terminationStatus != 0 { throw CocoaError(.fileWriteUnknown, userInfo: ["tool": tool, "args": args]) }
    }
}
