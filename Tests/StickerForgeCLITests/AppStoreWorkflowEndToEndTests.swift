import Foundation
import ImageCodec
import StickerKit
import TestSupport
import XCTest
@testable import StickerForgeCLI

/// The Mac workflow through the built binary: `build --xcode-project --check-phase` with
/// `--icon-background` and `--icon-fit`, the project read by openstep-parser (when installed),
/// and `check --format xcode` / `--report xcode:PATH` lines with absolute paths.
final class AppStoreWorkflowEndToEndTests: CLIEndToEndTestCase {
    private func mini() throws {
        try temp.makeFolder("Mini")
        try temp.write(try CLIStickerImages.square(RGBA(220, 40, 60)), to: "Mini/heart.png")
        // A 4:3 icon source with a transparent background.
        var icon = PixelBuffer(width: 400, height: 300)
        for y in 50..<250 { for x in 100..<300 { icon[x, y] = RGBA(20, 120, 220) } }
        try temp.write(try PNGEncoder().encode(icon), to: "icon.png")
    }

    func testBuildWithCheckPhaseAndIconOptions() throws {
        try mini()
        let result = try run(["build", "Mini", "--output", "OUT", "--effort", "fast", "-q", "--xcode-project",
                              "--bundle-id", "com.example.mini", "--check-phase", "--icon", "icon.png",
                              "--icon-background", "#102030", "--icon-fit", "letterbox", "--rule", "missing_accessibility_label=off"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let pbxproj = String(decoding: try CLIPaths.bytes(temp.path("OUT/Mini.xcodeproj/project.pbxproj")), as: UTF8.self)
        XCTAssertTrue(pbxproj.contains("isa = PBXShellScriptBuildPhase;"))
        XCTAssertTrue(pbxproj.contains("stickerforge check --quiet --format xcode \\\"$SRCROOT/Stickers.xcstickers\\\""), pbxproj)
        let iconSet = "OUT/Stickers.xcstickers/iMessage App Icon.stickersiconset/"
        let store = try CLIPaths.bytes(temp.path(iconSet + "icon-ios-marketing-1024x1024@1x.png"))
        XCTAssertEqual(PNGChunkList(store).header?.colorType, 2)
        let image = try ImageDecoder().decode(store).frames[0].image
        XCTAssertEqual(image[0, 0], RGBA(0x10, 0x20, 0x30), "the bars take --icon-background")
        XCTAssertEqual(image[512, 512], RGBA(20, 120, 220))

        // The built catalog checks clean of icon findings, in Xcode's format.
        let check = try run(["check", "OUT/Stickers.xcstickers", "--format", "xcode", "-q"])
        XCTAssertFalse(check.stdout.contains("[icon_not_opaque]"), check.stdout)

        guard Self.python(canImport: "openstep_parser") else {
            throw XCTSkip("openstep-parser is not installed (pip install openstep-parser): the independent project check is skipped")
        }
        let verify = try Self.shell("python3", [CLIPaths.packageRoot + "/Tests/Oracles/verify-xcode-project.py", temp.path("OUT")])
        XCTAssertEqual(verify.status, 0, verify.stdout)
        XCTAssertTrue(verify.stdout.contains(" 0 unexpected differences"), verify.stdout)
        XCTAssertTrue(verify.stdout.contains("--check-phase adds the stickerforge check phase"), verify.stdout)
    }

    func testXcodeFormatPrintsAbsolutePathsAndWritesReports() throws {
        try mini()
        let result = try run(["check", "Mini", "--format", "xcode", "-q", "--report", "xcode:reports/xcode.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let root = URL(fileURLWithPath: temp.root).resolvingSymlinksInPath().path
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { line in [root, temp.root].contains { line.hasPrefix("\($0)/Mini/heart.png:1:1: note: heart: no accessibility label") } },
                      result.stdout)
        XCTAssertTrue(lines.contains { $0.hasSuffix(":1:1: warning: no Messages app icon set (iMessage App Icon.stickersiconset) (Add an icon set "
                                       + "with all 13 slots, or give an icon source image (--icon or icon: in stickerforge.yml); App Store uploads "
                                       + "need at least the marketing icons.) [icon_slot_missing]") }, result.stdout)
        for line in lines {
            XCTAssertTrue(line.hasPrefix("/"), line)
            XCTAssertNotNil(line.range(of: #":1:1: (error|warning|note): .+ \[[a-z_]+\]$"#, options: .regularExpression), line)
        }
        XCTAssertEqual(String(decoding: try CLIPaths.bytes(temp.path("reports/xcode.txt")), as: UTF8.self), result.stdout)
    }

    func testCheckPhaseGoesWithXcodeProjectAndColoursAreHex() throws {
        let phase = try run(["build", "P", "--output", "O", "--check-phase"])
        XCTAssertEqual(phase.status, 64)
        XCTAssertTrue(phase.stderr.contains("--check-phase goes with --xcode-project"), phase.stderr)
        let colour = try run(["build", "P", "--output", "O", "--icon-background", "white"])
        XCTAssertEqual(colour.status, 64)
        XCTAssertTrue(colour.stderr.contains("--icon-background"), colour.stderr)
        let fit = try run(["build", "P", "--output", "O", "--icon-fit", "stretch"])
        XCTAssertEqual(fit.status, 64)
    }

    static func python(canImport module: String) -> Bool {
        (try? shell("python3", ["-c", "import \(module)"]).status) == 0
    }

    /// Runs `tool` found on PATH; its standard output and status.
    static func shell(_ tool: String, _ arguments: [String]) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
