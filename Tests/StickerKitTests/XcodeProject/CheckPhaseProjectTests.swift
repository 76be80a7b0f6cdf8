import Foundation
import TestSupport
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// `build --xcode-project --check-phase`: a Run Script phase first on the extension target that runs
/// `stickerforge check --format xcode` on the catalog; read back with the test support's own plist
/// reader, and the script itself run with and without a `stickerforge` on PATH.
final class CheckPhaseProjectTests: XCTestCase {
    static var settings: XcodeProjectSettings {
        var settings = XcodeProjectSettings(appName: "Tiny", bundleID: "com.example.tiny")
        settings.checkPhase = true
        return settings
    }

    func testThePhaseIsFirstOnTheExtensionAndResolves() throws {
        let p = try ParsedProject(settings: Self.settings)
        XCTAssertEqual(p.objects.count, 26)
        let ext = try p.target(named: "Tiny StickerPackExtension")
        let phases = try (ext["buildPhases"]?.array ?? []).map { try p.object($0.string) }
        XCTAssertEqual(phases.map { $0["isa"]?.string }, ["PBXShellScriptBuildPhase", "PBXResourcesBuildPhase"])
        let phase = phases[0]
        XCTAssertEqual(phase["name"], .string("stickerforge check"))
        XCTAssertEqual(phase["shellPath"], .string("/bin/sh"))
        XCTAssertEqual(phase["alwaysOutOfDate"], .string("1"))
        XCTAssertEqual(phase["inputPaths"], .array([.string("$(SRCROOT)/Stickers.xcstickers")]))
        XCTAssertEqual(phase["shellScript"], .string(StickerPackProject.checkPhaseScript), "the reader gets the script back exactly")
        let app = try p.target(named: "Tiny")
        XCTAssertEqual(try (app["buildPhases"]?.array ?? []).map { try p.object($0.string)["isa"]?.string },
                       ["PBXResourcesBuildPhase", "PBXCopyFilesBuildPhase"], "the app target has no check phase")
        let text = XcodeProjectFiles.text(Self.settings, "Tiny.xcodeproj/project.pbxproj")
        XCTAssertTrue(text.contains("/* stickerforge check */ = {\n\t\t\tisa = PBXShellScriptBuildPhase;"), text)
    }

    func testByteDeterministicAndAbsentByDefault() {
        XCTAssertEqual(XcodeProjectFiles.files(for: Self.settings), XcodeProjectFiles.files(for: Self.settings))
        var plain = Self.settings
        plain.checkPhase = false
        let text = XcodeProjectFiles.text(plain, "Tiny.xcodeproj/project.pbxproj")
        XCTAssertFalse(text.contains("PBXShellScriptBuildPhase"))
        XCTAssertEqual(StickerPackProject(settings: plain).objects().count, 25)
    }

    /// Runs the phase's script as Xcode would (`/bin/sh`, SRCROOT set) with `path` as PATH.
    private func runScript(path: String, srcroot: String) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", StickerPackProject.checkPhaseScript]
        process.environment = ["PATH": path, "SRCROOT": srcroot]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testTheScriptRunsCheckAndFailsTheBuildOnItsExitStatus() throws {
        let folder = try TemporaryFolder()
        // A stand-in stickerforge that prints its arguments as an Xcode error line and exits 1, as check does on an error finding.
        let fake = "#!/bin/sh\necho \"$5:1:1: error: args $1 $2 $3 $4 [file_too_large]\"\nexit 1\n"
        try folder.write("bin/stickerforge", Array(fake.utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path + "/bin/stickerforge")
        let result = try runScript(path: folder.path + "/bin:/usr/bin:/bin", srcroot: "/Users/me/Out")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "/Users/me/Out/Stickers.xcstickers:1:1: error: args check --quiet --format xcode [file_too_large]\n")
    }

    func testWithoutStickerforgeTheScriptWarnsAndPasses() throws {
        for place in ["/opt/homebrew/bin", "/usr/local/bin"] where FileManager.default.fileExists(atPath: place + "/stickerforge") {
            throw XCTSkip("\(place)/stickerforge is installed on this machine; the script would find it")
        }
        let result = try runScript(path: "/usr/bin:/bin", srcroot: "/Users/me/Out")
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.hasPrefix("warning: stickerforge is not installed, so the sticker catalog was not checked. "
                                              + "Install it with Scripts/install.sh"), result.stdout)
    }
}
