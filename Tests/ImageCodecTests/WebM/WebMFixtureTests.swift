import ImageCodec
import XCTest

/// Decodes the committed WebM fixtures (Tests/ImageCodecTests/Fixtures/WebM/gen-webm-fixtures.sh: ffmpeg 5.1 with libvpx 1.12)
/// and compares them with ffmpeg's libvpx decode of the same files (`<name>.ref.png`, every frame
/// stacked top to bottom, straight RGBA) and with ffprobe's packet timestamps (`<name>.timing.txt`).
///
/// Tolerances (issue 11): colour within 40 dB PSNR of ffmpeg a frame, alpha within 8 levels. Both
/// use the same libvpx, so the difference is only the Y'CbCr to RGB step (swscale's rounding).
final class WebMFixtureTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/WebM")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    /// Decodes `name`.webm and checks its frames against the reference; returns the image.
    @discardableResult
    private func decodeAndCompare(_ name: String, width: Int, height: Int, frames: Int, alpha: Bool,
                                  file: StaticString = #filePath, line: UInt = #line) throws -> DecodedImage {
        let input = try Self.bytes("\(name).webm")
        let image = try ImageDecoder().decode(input)
        XCTAssertEqual(image.width, width, file: file, line: line)
        XCTAssertEqual(image.height, height, file: file, line: line)
        XCTAssertEqual(image.frames.count, frames, file: file, line: line)
        XCTAssertEqual(image.facts.format, .webm, file: file, line: line)
        XCTAssertEqual(image.facts.frameCount, frames, file: file, line: line)
        XCTAssertEqual(image.facts.transparency, alpha ? .alphaChannel : TransparencyKind.none, file: file, line: line)
        XCTAssertEqual(image.facts.fileSize, input.count, file: file, line: line)
        XCTAssertNil(image.facts.declaredLoopCount, file: file, line: line)
        XCTAssertEqual(image.loopCount, 0, file: file, line: line)

        let reference = try ImageDecoder().decode(try Self.bytes("\(name).ref.png")).frames[0].image
        XCTAssertEqual(reference.width, width, file: file, line: line)
        XCTAssertEqual(reference.height, height * frames, file: file, line: line)
        guard reference.height == height * frames, image.frames.count == frames else { return image }
        var alphaWorst = 0, sawTransparency = false
        for (index, frame) in image.frames.enumerated() {
            let want = reference.cropped(to: PixelRegion(x: 0, y: index * height, width: width, height: height))
            let got = frame.image
            var squared = 0.0
            for i in 0..<width * height {
                for c in 0..<3 {
                    let d = Double(Int(got.pixels[i * 4 + c]) - Int(want.pixels[i * 4 + c]))
                    squared += d * d
                }
                alphaWorst = max(alphaWorst, abs(Int(got.pixels[i * 4 + 3]) - Int(want.pixels[i * 4 + 3])))
                sawTransparency = sawTransparency || got.pixels[i * 4 + 3] < 128
            }
            let mse = squared / Double(width * height * 3)
            let psnr = mse == 0 ? Double.infinity : 10 * log10(255 * 255 / mse)
            XCTAssertGreaterThanOrEqual(psnr, 40, "\(name) frame \(index + 1) PSNR", file: file, line: line)
        }
        XCTAssertLessThanOrEqual(alphaWorst, 8, "\(name): largest alpha difference", file: file, line: line)
        XCTAssertEqual(sawTransparency, alpha, "\(name): transparent pixels", file: file, line: line)
        try checkTiming(name, image, file: file, line: line)
        return image
    }

    /// Each delay is the gap to the next frame's timestamp as ffprobe reports it; the last one is
    /// ffprobe's packet duration when it states one, else the gap before it (WebMFrameTiming).
    private func checkTiming(_ name: String, _ image: DecodedImage, file: StaticString, line: UInt) throws {
        let rows = String(decoding: try Self.bytes("\(name).timing.txt"), as: UTF8.self)
            .split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let stamps = rows.compactMap { Int($0[0]) }
        XCTAssertEqual(stamps.count, image.frames.count, file: file, line: line)
        guard stamps.count == image.frames.count, stamps.count > 1 else { return }
        var expected = zip(stamps, stamps.dropFirst()).map { $1 - $0 }
        expected.append(Int(rows.last![1]) ?? expected.last!)
        XCTAssertEqual(image.frames.map { $0.delay }, expected.map { FrameDelay.milliseconds($0).reduced() },
                       "\(name) delays", file: file, line: line)
    }

    func testVP9WithAlpha() throws {
        let image = try decodeAndCompare("vp9-alpha", width: 48, height: 48, frames: 7, alpha: true)
        XCTAssertEqual(image.frames.map { $0.delay.milliseconds }, [90, 110, 130, 150, 170, 190, 190])
        XCTAssertEqual(image.facts.colorModel, .ycbcr)
        XCTAssertEqual(image.facts.bitDepth, 8)
    }

    func testVP9Opaque() throws {
        try decodeAndCompare("vp9-opaque", width: 48, height: 48, frames: 6, alpha: false)
    }

    func testVP8WithAlpha() throws {
        try decodeAndCompare("vp8-alpha", width: 48, height: 48, frames: 6, alpha: true)
    }

    func testVP8OpaqueOddSize() throws {
        try decodeAndCompare("vp8-opaque-odd", width: 50, height: 38, frames: 6, alpha: false)
    }

    func testVP9FourFourFourWithDefaultDuration() throws {
        let image = try decodeAndCompare("vp9-444", width: 48, height: 48, frames: 4, alpha: false)
        XCTAssertEqual(image.frames.map(\.delay), Array(repeating: FrameDelay(numerator: 1, denominator: 10), count: 4))
    }

    func testVP9BT709FullRange() throws {
        try decodeAndCompare("vp9-bt709-full", width: 48, height: 48, frames: 4, alpha: false)
    }

    func testVP9TenBit() throws {
        let image = try decodeAndCompare("vp9-10bit", width: 48, height: 48, frames: 3, alpha: false)
        XCTAssertEqual(image.facts.bitDepth, 10)
    }

    func testVP9IdentityMatrix() throws {
        let image = try decodeAndCompare("vp9-gbr", width: 48, height: 48, frames: 3, alpha: false)
        XCTAssertEqual(image.facts.colorModel, .rgb)
    }

    /// Converting to APNG keeps the decoded frames exactly: pixels (the encoder may clear the colour
    /// of fully transparent pixels, which no viewer shows) and delays.
    func testConversionToAPNGIsExact() throws {
        let image = try ImageDecoder().decode(try Self.bytes("vp9-alpha.webm"))
        let apng = try PNGEncoder().encodeAnimation(image.frames.map { AnimationFrame(image: $0.image, delay: $0.delay) },
                                                    loopCount: image.loopCount)
        let back = try ImageDecoder().decode(apng)
        XCTAssertEqual(back.facts.format, .apng)
        XCTAssertEqual(back.frames.count, image.frames.count)
        XCTAssertEqual(back.loopCount, 0)
        for (a, b) in zip(image.frames, back.frames) {
            XCTAssertTrue(a.image.isVisuallyIdentical(to: b.image))
            XCTAssertTrue(a.delay.isSameDuration(as: b.delay), "\(a.delay) vs \(b.delay)")
        }
    }
}
