@testable import ImageCodec
import CCodecShims
import CStraightAlpha
import XCTest

/// One helper serves a batch: clean files reuse it, a failing one costs only itself (the next file
/// gets a new helper and renders), and no helper outlives its pool.
final class LottieRendererPoolTests: XCTestCase {
    private func decoder(_ pool: LottieRendererPool, fault: LottieRenderProcess.TestFault? = nil, seconds: Double = 20) -> LottieDecoder {
        var decoder = LottieDecoder(limits: DecodeLimits(maxSecondsPerSticker: seconds), renderers: pool)
        decoder.testFault = fault
        return decoder
    }

    private func assertNoChildLeft(file: StaticString = #filePath, line: UInt = #line) {
        var status: Int32 = 0
        XCTAssertEqual(waitpid(-1, &status, WNOHANG), -1, file: file, line: line)
        XCTAssertEqual(errno, ECHILD, file: file, line: line)
    }

    func testABatchReusesOneHelperAndRendersTheSamePixels() throws {
        // Files of one size in a row (the helper keeps its view of the frame memory, whose slots
        // still hold the last file's frames, and does not clear a slot: rlottie clears its surface
        // itself) and of other sizes (it maps the memory again).
        let names = ["wide.json", "wide.json", "fill-effect.json", "matte-luma.json", "stretched-precomp.json",
                     "shapes.json", "fractional.json", "wide.json"]
        let files = try names.map { try LottieFixture.bytes($0) }
        let alone = try files.map { try LottieDecoder().decode($0, format: .lottie) }
        let pool = LottieRendererPool()
        let batch = try files.map { try decoder(pool).decode($0, format: .lottie) }
        XCTAssertEqual(batch, alone, "the same frames whether a helper is fresh or reused")
        XCTAssertEqual(pool.idleCount, 1, "one helper rendered all eight files")
    }

    func testAFailingFileCostsOnlyItselfAndTheNextFileRenders() throws {
        let pool = LottieRendererPool()
        let json = try LottieFixture.bytes("wide.json")
        let expected = try LottieDecoder().decode(json, format: .lottie)
        XCTAssertEqual(try decoder(pool).decode(json, format: .lottie), expected)
        for (fault, fragment) in [(LottieRenderProcess.TestFault.abort, "the renderer crashed (signal 6"),
                                  (.hang, "took longer than 0.5 s and was stopped"),
                                  (.garbage, "not a frame stream"), (.short, "sent 5 of 6 frames")] {
            XCTAssertThrowsError(try decoder(pool, fault: fault, seconds: 0.5).decode(json, format: .lottie)) {
                XCTAssertTrue("\($0)".contains(fragment), "\(fault): \($0)")
            }
            XCTAssertEqual(pool.idleCount, 0, "\(fault): a helper that failed is never reused")
            XCTAssertEqual(try decoder(pool).decode(json, format: .lottie), expected, "\(fault): the next file renders")
            XCTAssertEqual(pool.idleCount, 1)
        }
    }

    /// A helper takes `maxJobsPerHelper` small files, but only `jobsPerHelper` once it has been sent
    /// `jsonBytesPerHelper` of JSON (rlottie keeps every model it parses); then a new one starts.
    func testAHelperIsReplacedAfterItsShare() throws {
        let json = try LottieFixture.bytes("shapes.json")
        let document = try LottieValidator().validate(json)
        func renders(_ json: [UInt8], in pool: LottieRendererPool) throws -> Int32 {
            let process = LottieRenderProcess(executable: try LottieRendererLocator.locate(), timeout: 20,
                                              maxInputBytes: 1 << 20, pool: pool)
            let (_, images) = try process.render(json, width: 16, height: 16, frames: document.frameCount)
            XCTAssertEqual(images.count, document.frameCount)
            return pool.idleProcessIDs.first ?? -1   // -1: the helper ended after this file
        }
        let small = LottieRendererPool()
        let first = try renders(json, in: small)
        for job in 2..<LottieRendererPool.maxJobsPerHelper {
            XCTAssertEqual(try renders(json, in: small), first, "small file \(job): the same helper")
        }
        XCTAssertEqual(try renders(json, in: small), -1, "the helper ended after its \(LottieRendererPool.maxJobsPerHelper)th file")
        XCTAssertNotEqual(try renders(json, in: small), first, "a new helper took the next file")

        // The same document padded with whitespace: 32 of them carry over 8 MiB.
        let large = LottieRendererPool()
        let padded = json + [UInt8](repeating: 0x20, count: LottieRendererPool.jsonBytesPerHelper / LottieRendererPool.jobsPerHelper)
        let helper = try renders(padded, in: large)
        for job in 2..<LottieRendererPool.jobsPerHelper { XCTAssertEqual(try renders(padded, in: large), helper, "large file \(job)") }
        XCTAssertEqual(try renders(padded, in: large), -1, "the helper ended after \(LottieRendererPool.jobsPerHelper) large files")
        XCTAssertEqual(large.idleCount, 0)
    }

    func testNoHelperOutlivesItsPool() throws {
        do {
            let pool = LottieRendererPool()
            _ = try decoder(pool).decode(LottieFixture.bytes("wide.json"), format: .lottie)
            XCTAssertEqual(pool.idleCount, 1)
        }
        assertNoChildLeft()
    }

    /// The conversion the helper runs on each frame un-premultiplies exactly (rounded to nearest,
    /// capped at 255, alpha 0 to transparent black), for every alpha and channel value, through
    /// every loop, into another buffer and in place (as the helper runs it, over its slot).
    func testUnpremultiplyingIsExactForEveryValue() {
        var source: [UInt32] = []
        for a in UInt32(0)...255 { for c in UInt32(0)...255 { source.append(a << 24 | c << 16 | (255 - c) << 8 | c / 2) } }
        // Runs of zero words (what rlottie leaves where it drew nothing; left unwritten in place),
        // then groups of four that mix opaque, clear and partial pixels, and an odd tail.
        source += [UInt32](repeating: 0, count: 200)
        var seed: UInt32 = 1
        for _ in 0..<4099 {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            let a: UInt32 = [0, 255, seed >> 24][Int(seed >> 8) % 3]
            source.append(a << 24 | (seed & 0xFFFFFF))
        }
        func straight(_ c: UInt32, _ a: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min((c * 255 + a / 2) / a, 255)) }
        // What this machine runs (its widest loop), and each vector loop it can run: the portable one
        // other machines run, AVX2's eight lanes and AVX-512's sixteen.
        var dispatched = [UInt8](repeating: 7, count: source.count * 4)
        sf_premultiplied_argb_to_straight_rgba(source, &dispatched, source.count)
        var outputs = [("dispatched", dispatched)]
        for (name, loop, lanes) in [("portable", SF_STRAIGHT_PORTABLE, 8), ("AVX2", SF_STRAIGHT_AVX2, 8), ("AVX-512", SF_STRAIGHT_AVX512, 16)] {
            guard sf_straight_rgba_loop_available(Int32(loop)) == 1 else { print("\(name): not on this machine"); continue }
            var out = [UInt8](repeating: 7, count: source.count * 4)
            XCTAssertEqual(sf_straight_rgba_using(Int32(loop), source, &out, source.count), source.count / lanes * lanes,
                           "\(name): all but the tail through the vector loop")
            outputs.append((name, out))
            // In place: the words themselves become the bytes (clear runs of zero words left unwritten).
            var inPlace = source
            inPlace.withUnsafeMutableBufferPointer { words in
                let bytes = UnsafeMutableRawPointer(words.baseAddress!).assumingMemoryBound(to: UInt8.self)
                XCTAssertEqual(sf_straight_rgba_using(Int32(loop), words.baseAddress!, bytes, words.count), source.count / lanes * lanes)
            }
            outputs.append(("\(name) in place", inPlace.withUnsafeBytes { Array($0) }))
        }
        XCTAssertEqual(sf_straight_rgba_loop_available(Int32(SF_STRAIGHT_PORTABLE)), 1)
        for (name, out) in outputs {
            for (i, v) in source.enumerated() {
                let a = v >> 24, want = [straight(v >> 16 & 255, a), straight(v >> 8 & 255, a), straight(v & 255, a), UInt8(a)]
                guard Array(out[i * 4..<i * 4 + 4]) == want else {
                    return XCTFail("\(name), pixel \(String(v, radix: 16)): \(out[i * 4..<i * 4 + 4]) want \(want)")
                }
            }
        }
    }

    /// Pre-faulting a frame's memory leaves it as it was and writable; odd lengths and unaligned starts included.
    func testPrefaultingKeepsTheBytes() {
        var bytes = (0..<(3 << 20) + 77).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let before = bytes
        bytes.withUnsafeMutableBytes { sf_prefault_for_writing($0.baseAddress! + 13, $0.count - 20) }
        XCTAssertEqual(bytes, before)
        var fresh = [UInt8](unsafeUninitializedCapacity: 1 << 20) { buffer, count in
            sf_prefault_for_writing(buffer.baseAddress!, buffer.count)
            for i in 0..<buffer.count { buffer[i] = UInt8(truncatingIfNeeded: i) }
            count = buffer.count
        }
        fresh[12345] = 1
        XCTAssertEqual(fresh[4096], 0); XCTAssertEqual(fresh[4097], 1); XCTAssertEqual(fresh[12345], 1)
    }
}
