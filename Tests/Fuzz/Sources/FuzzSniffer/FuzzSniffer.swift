import FuzzSupport
import ImageCodec

/// libFuzzer entry point: the format sniffer must classify any bytes without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSniffer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let format = FormatSniffer.sniff(bytes)
    // The array and pointer forms must agree.
    let again = bytes.withUnsafeBufferPointer { FormatSniffer.sniff($0) }
    if format != again { fatalError("sniff disagrees: \(format) vs \(again)") }
    return 0
}

/// The executable's entry point (SwiftPM defines `main` as this symbol): libFuzzer's driver.
@_cdecl("FuzzSniffer_main")
public func fuzzSnifferMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc: argc, argv: argv, fuzzSniffer)
}
