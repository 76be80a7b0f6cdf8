@testable import ImageCodec
import XCTest

/// A renderer that crashes, hangs or sends garbage costs one file, as a `CodecError` naming
/// rlottie and the reason; the tool never crashes or waits past the time limit.
final class LottieContainmentTests: XCTestCase {
    private func decode(fault: LottieRenderProcess.TestFault?, seconds: Double = 20) throws -> DecodedImage {
        var decoder = LottieDecoder(limits: DecodeLimits(maxSecondsPerSticker: seconds))
        decoder.testFault = fault
        return try decoder.decode(LottieFixture.bytes("wide.json"), format: .lottie)
    }

    private func assertFails(_ fault: LottieRenderProcess.TestFault, seconds: Double = 20, _ fragment: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try decode(fault: fault, seconds: seconds), file: file, line: line) { error in
            guard case CodecError.library(name: "rlottie", let message) = error else {
                return XCTFail("\(error)", file: file, line: line)
            }
            XCTAssertTrue(message.contains(fragment), message, file: file, line: line)
            XCTAssertFalse((error as? CodecError)?.isLimit ?? true, "checks report it as corrupt_image", file: file, line: line)
        }
    }

    func testACrashingRendererIsReportedNotFatal() {
        assertFails(.abort, "the renderer crashed (signal 6")
    }

    func testAHangingRendererIsKilledAtTheTimeLimit() {
        let start = Date()
        assertFails(.hang, seconds: 0.5, "took longer than 0.5 s and was stopped")
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }

    /// A real rlottie crash, not a simulated one: 100,000 nested groups overflow its recursive parser's
    /// stack (SIGSEGV). The validator refuses such nesting first (96 levels); here the JSON goes to
    /// the helper directly, to show the containment holds when rlottie itself crashes.
    func testARealRlottieStackOverflowIsContained() throws {
        let depth = 100_000
        let json = Array(("{\"v\":\"5\",\"fr\":30,\"ip\":0,\"op\":2,\"w\":8,\"h\":8,\"layers\":[{\"ty\":4,\"ks\":{},\"ip\":0,\"op\":2,\"shapes\":["
            + String(repeating: "{\"ty\":\"gr\",\"it\":[", count: depth) + String(repeating: "]}", count: depth) + "]}]}").utf8)
        XCTAssertThrowsError(try LottieValidator().validate(json)) { XCTAssertTrue("\($0)".contains("nesting deeper than 96"), "\($0)") }
        let process = LottieRenderProcess(executable: try LottieRendererLocator.locate(), timeout: 20,
                                          maxInputBytes: json.count, testFault: nil)
        XCTAssertThrowsError(try process.render(json, width: 8, height: 8, frames: 2)) { error in
            // SIGSEGV normally; under AddressSanitizer (Scripts/sanitize.sh) ASan reports the overflow
            // and ends the helper itself (abort or exit status 1).
            let text = "\(error)"
            XCTAssertTrue(text.contains("the renderer crashed (signal 11, SIGSEGV)") || text.contains("the renderer crashed (signal 6")
                          || text.contains("the renderer failed (exit status"), text)
        }
    }

    func testGarbageAndShortOutputAreRefused() {
        assertFails(.garbage, "not a frame stream")
        assertFails(.short, "sent 5 of 6 frames")
    }

    func testRlottieRefusingTheJSONIsReported() {
        // Valid to the validator (its layers are not checked), but rlottie's parser returns nothing
        // for a `layers` value it cannot read; a clear refusal either way, never a crash.
        let json = LottieFixture.json(layers: "[{\"ty\":\"not a layer type\",\"ks\":7}]")
        do {
            let image = try LottieDecoder().decode(json, format: .lottie)
            XCTAssertEqual(image.frames.count, 4)
        } catch let CodecError.library(name, message) {
            XCTAssertEqual(name, "rlottie"); XCTAssertFalse(message.isEmpty)
        } catch { XCTFail("\(error)") }
    }

    func testAMissingHelperSaysWhereItLookedAndWhatToDo() {
        XCTAssertThrowsError(try LottieRendererLocator.locate(environment: ["STICKERFORGE_LOTTIE_RENDERER": "/nonexistent/x"])) {
            XCTAssertTrue("\($0)".contains("STICKERFORGE_LOTTIE_RENDERER names /nonexistent/x"), "\($0)")
        }
        XCTAssertNoThrow(try LottieRendererLocator.locate(environment: [:]), "found beside the test bundle")
    }

    func testTheRendererHelperIsReapedAfterEveryOutcome() throws {
        _ = try decode(fault: nil)
        assertFails(.abort, "crashed")
        // No zombie or orphan: nothing is left for this process to wait for.
        var status: Int32 = 0
        XCTAssertEqual(waitpid(-1, &status, WNOHANG), -1)
        XCTAssertEqual(errno, ECHILD)
    }
}
