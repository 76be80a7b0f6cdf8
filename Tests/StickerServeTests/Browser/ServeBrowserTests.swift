import Foundation
import ImageCodec
import XCTest
import StickerCore
import StickerKit
import StickerTestSupport
import TestSupport
@testable import StickerServe

/// `serve` in a real browser: headless Chromium driven by Tests/Oracles/serve-browser.py (the
/// DevTools driver of verify-report.py). Skipped when chromium, or python3 with Pillow, is missing. Screenshots go
/// to $SF_SERVE_SHOTS when it is set (docs/serve.md shows one).
final class ServeBrowserTests: XCTestCase {
    private final class URLBox: @unchecked Sendable {
        private let lock = NSLock()
        private var url: String?
        func set(_ u: String) { lock.lock(); url = u; lock.unlock() }
        var value: String? { lock.lock(); defer { lock.unlock() }; return url }
    }

    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Oracles/serve-browser.py").path

    private func start(_ catalog: String, grid: GridSize? = nil) async throws -> (Task<Void, Error>, String) {
        var overrides = PackOverrides()
        overrides.gridSize = grid
        var settings = ServeSettings(catalog: catalog, overrides: overrides, toolVersion: "0.0.0-test")
        settings.port = 0
        settings.intervalMilliseconds = 50
        settings.quietMilliseconds = 150
        let box = URLBox()
        let task = Task { try await ServeSession(settings: settings).run { if case .listening(let u) = $0 { box.set(u) } } }
        let end = Date().addingTimeInterval(30)
        while box.value == nil, Date() < end { try await Task.sleep(nanoseconds: 20_000_000) }
        return (task, try XCTUnwrap(box.value, "the server did not start"))
    }

    private func animation(side: Int) throws -> [UInt8] {
        let frames = (0..<4).map { AnimationFrame(image: StickerArt.frame(width: side, height: side, phase: $0),
                                                  delay: FrameDelay(numerator: 1, denominator: 10)) }
        return try PNGEncoder(options: PNGEncodeOptions(effort: .fast)).encodeAnimation(frames, loopCount: 0)
    }

    func testThePageInChromium() async throws {
        guard let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { throw XCTSkip("chromium is not installed (apt-get install chromium)") }
        // The driver reuses verify-report.py's, which needs Pillow.
        guard let python = try PythonOracle.interpreter(importing: "PIL") else {
            throw XCTSkip("python3 with Pillow is not installed (apt-get install python3-pil)")
        }

        // One pack per grid size: a sticker at the grid's size, one at half of it, one larger.
        let grids: [(GridSize, [Int], [[Double]])] = [
            (.small, [300, 150, 618], [[100, 100], [50, 50], [100, 100]]),
            (.regular, [408, 204, 618], [[136, 136], [68, 68], [136, 136]]),
            (.large, [618, 309, 700], [[206, 206], [103, 103], [206, 206]]),
        ]
        var folders: [TempFolder] = []
        var tasks: [Task<Void, Error>] = []
        defer { for t in tasks { t.cancel() }; for f in folders { f.remove() } }
        var gridSpecs: [[String: Any]] = []
        for (grid, sides, sizes) in grids {
            let folder = try TempFolder("serve-\(grid.rawValue)")
            folders.append(folder)
            for (i, side) in sides.enumerated() { try folder.write(try ServeFixtures.png(side, colour: i), to: "G\(i).png") }
            let (task, url) = try await start(folder.path, grid: grid)
            tasks.append(task)
            gridSpecs.append(["name": grid.rawValue, "url": url, "cell": grid.points, "columns": ChatLayout.screenWidth / grid.points,
                              "sizes": Dictionary(uniqueKeysWithValues: sizes.enumerated().map { ("s-G\($0.offset)", $0.element) })])
        }

        let main = try TempFolder("serve-main")
        folders.append(main)
        for (i, name) in ["Apple", "Banana", "Cherry", "Date"].enumerated() { try main.write(try ServeFixtures.png(408, colour: i), to: "\(name).png") }
        try main.write(try animation(side: 300), to: "Spin.png")
        let spare = try TempFolder("serve-spare")
        folders.append(spare)
        try spare.write(try ServeFixtures.png(640, colour: 4), to: "Banana.png")
        let (mainTask, mainURL) = try await start(main.path)
        tasks.append(mainTask)

        let shots = ProcessInfo.processInfo.environment["SF_SERVE_SHOTS"] ?? ""
        let spec: [String: Any] = [
            "chromium": chromium, "shots": shots, "grids": gridSpecs,
            "main": ["url": mainURL, "animated": "s-Spin", "drag": "s-Apple",
                     "dark": ["rgb(0, 0, 0)", "rgb(38, 38, 40)"],
                     "edit": ["file": main.path + "/Banana.png", "with": spare.path + "/Banana.png", "id": "s-Banana",
                              "expect": "dimensions_too_large"],
                     "broken": ["file": main.path + "/Cherry.png", "id": "s-Cherry"]] as [String: Any],
        ]
        let specPath = main.path + "/../serve-browser-\(UUID().uuidString).json"
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))
        defer { try? FileManager.default.removeItem(atPath: specPath) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Self.script, specPath]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.standardError
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let json = lines.prefix { !$0.hasSuffix(" failed") }.joined(separator: "\n")
        guard
              let results = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: [String: Any]] else {
            return XCTFail("the driver printed no results:\n\(text)")
        }
        print(json.replacingOccurrences(of: "\n", with: " "))
        for check in ["drawer_small", "drawer_regular", "drawer_large", "dark", "animation", "drag", "edit", "broken", "keyboard"] {
            XCTAssertEqual(results[check]?["ok"] as? Bool, true, "\(check): \(results[check] ?? [:])")
        }
        XCTAssertEqual(process.terminationStatus, 0, text)
    }
}
