import FuzzSupport
import StickerKit

/// libFuzzer entry point: stickerforge.yml text of any shape is parsed into a configuration plus
/// problems, never a trap. Invalid UTF-8 is decoded with replacement, as a reader that got past
/// the UTF-8 check would see it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPackConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let text = String(decoding: bytes, as: UTF8.self)
    let result = PackConfig.parse(text, file: "stickerforge.yml")
    _ = result.problems.map { String(describing: $0) }
    return 0
}

/// The executable's entry point (SwiftPM defines `main` as this symbol): libFuzzer's driver.
@_cdecl("FuzzPackConfig_main")
public func fuzzPackConfigMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc: argc, argv: argv, fuzzPackConfig)
}
