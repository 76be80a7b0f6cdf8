import Foundation
@testable import ImageCodec
import TestSupport
import XCTest

/// Every Lottie and TGS fixture written as .tgs (as it is, sped up, trimmed) and read back by two
/// readers that are not ours: python-lottie's TgsValidator and rlottie-python
/// (Tests/Oracles/verify-tgs.py). Skipped when python3 or either package is missing.
final class TGSOracleTests: XCTestCase {
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Oracles/verify-tgs.py").path

    private func python() throws -> String {
        guard try PythonOracle.interpreter() != nil else { throw XCTSkip("python3 is not installed") }
        guard let python = try PythonOracle.interpreter(importing: "lottie.exporters.tgs_validator, rlottie_python") else {
            throw XCTSkip("python-lottie or rlottie-python is missing: pip install lottie rlottie-python")
        }
        return python
    }

    /// The fixtures, and with `STICKERFORGE_TGS_CORPUS` set to a folder every file in it our
    /// decoder accepts as Lottie or TGS (the fuzz corpus: Tests/Fuzz/Corpus/lottie).
    private func sources() throws -> [(name: String, bytes: [UInt8])] {
        let names = try FileManager.default.contentsOfDirectory(atPath: LottieFixture.folder.path)
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".tgs") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 16)
        var sources = try names.map { ($0, try LottieFixture.bytes($0)) }
        if let corpus = ProcessInfo.processInfo.environment["STICKERFORGE_TGS_CORPUS"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: corpus).sorted() {
                sources.append(("corpus-" + name, [UInt8](try Data(contentsOf: URL(fileURLWithPath: corpus + "/" + name)))))
            }
        }
        return sources
    }

    func testEveryFixtureWrittenAsTGSPassesPythonLottieAndRlottie() throws {
        let python = try python()
        let folder = NSTemporaryDirectory() + "tgs-oracle-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var written = 0, refused = 0
        for (name, bytes) in try sources() {
            let format = FormatSniffer.sniff(bytes)
            let fixture = !name.hasPrefix("corpus-")
            guard format == .lottie || format == .tgs, (try? LottieDecoder().validated(bytes, format: format)) != nil,
                  (try? LottieDecoder().decode(bytes, format: format, fitting: 16)) != nil else {
                XCTAssertFalse(fixture, "\(name) does not decode")
                refused += 1
                continue
            }
            for (label, speed, cap) in [("", 1.0, nil), ("-fast", 1.5, 3000.0), ("-cut", 1, 500)] as [(String, Double, Double?)] {
                let output = try TGSWriter().write(bytes, format: format, speed: speed, maxDurationMs: cap)
                // Our own decoder agrees: every frame the writer counted renders.
                let summary = try LottieDecoder().visitFrames(output.bytes, format: .tgs, fitting: 32) { _ in }
                XCTAssertEqual([summary.delays.count, output.frames > 0 ? 1 : 0], [output.frames, 1], name + label)
                try Data(output.bytes).write(to: URL(fileURLWithPath: "\(folder)/\(name)\(label).tgs"))
                written += 1
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Self.script, folder]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        print("TGS oracle: \(written) written, \(refused) sources refused by the decoder")
        XCTAssertEqual(process.terminationStatus, 0, output)
        XCTAssertEqual(output.split(separator: "\n").last.map(String.init), "\(written) passed, 0 failed", output)
    }
}
