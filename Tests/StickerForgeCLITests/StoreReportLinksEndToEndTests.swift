import Foundation
import ImageCodec
import TestSupport
import XCTest

/// A store build's `report.html` links the store files beside it instead of embedding them (issue
/// 42: an 8-sticker mixed pack's reports were 12-30 MB): every link a relative, percent-encoded URL
/// naming a file that exists, no sticker file inlined, the page small; only the TGS, which a
/// browser cannot show, is rendered and embedded.
final class StoreReportLinksEndToEndTests: CLIEndToEndTestCase {
    /// A transparent 512 px canvas with an opaque box of `shade`, its right edge `phase` px further in.
    private func art(shade: UInt8, phase: Int = 0) -> PixelBuffer {
        var buffer = PixelBuffer(width: 512, height: 512)
        for y in 16..<496 { for x in 16..<(496 - phase) { buffer[x, y] = RGBA(shade, 60, 120, 255) } }
        return buffer
    }

    private func frames(_ shade: UInt8) -> [AnimationFrame] {
        (0..<4).map { AnimationFrame(image: art(shade: shade, phase: 24 * $0), delay: .milliseconds(250)) }
    }

    /// Eight stickers of the kinds a mixed pack holds: PNG and WebP stills (one named with a space
    /// and a non-ASCII letter), an APNG, a GIF, an animated WebP, a WebM and a Lottie JSON.
    private func mixedPack() throws -> [String] {
        _ = try temp.makeFolder("pack")
        _ = try temp.write(try PNGEncoder().encode(art(shade: 40)), to: "pack/Zoë poster.png")
        _ = try temp.write(try PNGEncoder().encode(art(shade: 80)), to: "pack/sun.png")
        _ = try temp.write(try WebPEncoder().encode(art(shade: 120)), to: "pack/heart.webp")
        _ = try temp.write(try PNGEncoder().encodeAnimation(frames(160), loopCount: 0), to: "pack/wave.png")
        _ = try temp.write(try CLIPaths.bytes(CLIPaths.sample("StarterPack/sparkle.gif")), to: "pack/sparkle.gif")
        _ = try temp.write(try WebPEncoder().encodeAnimation(frames(200), loopCount: 0), to: "pack/anim.webp")
        _ = try temp.write(try WebMEncoder().encode(frames(220)), to: "pack/clip.webm")
        let lottie = #"{"v":"5.5.2","fr":30,"ip":0,"op":30,"w":512,"h":512,"layers":[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"#
            + #""ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]},"#
            + #""p":{"a":1,"k":[{"t":0,"s":[160,256,0],"i":{"x":[0.5],"y":[0.5]},"o":{"x":[0.5],"y":[0.5]}},{"t":30,"s":[352,256,0]}]}},"#
            + #""shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[200,200]}},{"ty":"fl","c":{"a":0,"k":[0.9,0.3,0.1,1]},"o":{"a":0,"k":100}}]}]}"#
        _ = try temp.write(Array(lottie.utf8), to: "pack/ball.json")
        let names = ["Zoë poster", "sun", "heart", "wave", "sparkle", "anim", "clip", "ball"]
        var yaml = "name: Mixed\npublisher: Zoë Example\nemojis:\n"
        for name in names { yaml += "  \(name): [\"😀\"]\n" }
        _ = try temp.write(Array(yaml.utf8), to: "pack/stickerforge.yml")
        return names
    }

    /// The URLs the page loads: `src="..."` and CSS `url("...")`, data URIs left out.
    private func links(_ html: String) -> [String] {
        var out: [String] = []
        for marker in ["src=\"", "url(\""] {
            for part in html.components(separatedBy: marker).dropFirst() {
                let url = String(part.prefix { $0 != "\"" })
                if !url.hasPrefix("data:") { out.append(url) }
            }
        }
        return out
    }

    func testStoreReportsLinkTheFilesBesideThemAndStaySmall() throws {
        let names = try mixedPack()
        let build = try run(["build", "pack", "--output", "out", "--quiet", "--platform", "telegram", "--platform", "whatsapp"])
        XCTAssertEqual(build.status, 0, build.stdout + build.stderr)
        var linked = 0
        for folder in ["telegram", "whatsapp/static", "whatsapp/animated"] {
            let page = temp.path("out/\(folder)/report.html")
            let bytes = try CLIPaths.bytes(page)
            XCTAssertLessThan(bytes.count, 5_000_000, folder)
            let html = String(decoding: bytes, as: UTF8.self)
            // No sticker file is inlined: of images only the TGS's rendered preview is (a PNG).
            for mime in ["image/webp", "video/webm", "image/gif"] { XCTAssertFalse(html.contains("data:\(mime)"), "\(folder): \(mime)") }
            XCTAssertEqual(html.components(separatedBy: "{background-image:url(\"data:image/png;base64,").count - 1,
                           folder == "telegram" ? 1 : 0, folder)
            for link in links(html) {
                // Relative, percent-encoded, and naming a file of the folder.
                XCTAssertFalse(link.contains(" ") || link.contains("ë") || link.hasPrefix("/") || link.contains(":"), link)
                let decoded = try XCTUnwrap(link.removingPercentEncoding, link)
                XCTAssertTrue(FileManager.default.fileExists(atPath: temp.path("out/\(folder)/\(decoded)")), "\(folder): \(link)")
                linked += 1
            }
        }
        // Telegram's PNG stills and WebP, and its WebM videos (in a <video> per backdrop).
        let telegram = String(decoding: try CLIPaths.bytes(temp.path("out/telegram/report.html")), as: UTF8.self)
        XCTAssertTrue(telegram.contains("{background-image:url(\"Zo%C3%AB%20poster.png\")}"), "the still, percent-encoded")
        XCTAssertTrue(telegram.contains("src=\"clip.webm\" width=\"136\" height=\"136\" autoplay loop muted playsinline"),
                      "the video, linked")
        let whatsapp = String(decoding: try CLIPaths.bytes(temp.path("out/whatsapp/animated/report.html")), as: UTF8.self)
        XCTAssertTrue(whatsapp.contains("background-image:url(\"anim.webp\")"), "WhatsApp's animated WebP, linked")
        XCTAssertGreaterThanOrEqual(linked, names.count * 2)
        // The comparison page links too, and every one of its links resolves.
        let comparison = String(decoding: try CLIPaths.bytes(temp.path("out/comparison.html")), as: UTF8.self)
        XCTAssertFalse(comparison.contains("base64,"))
        for link in links(comparison) {
            let decoded = try XCTUnwrap(link.removingPercentEncoding, link)
            XCTAssertTrue(FileManager.default.fileExists(atPath: temp.path("out/\(decoded)")), link)
        }
    }
}
