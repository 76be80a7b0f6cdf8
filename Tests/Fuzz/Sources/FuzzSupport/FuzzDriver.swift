/// libFuzzer's documented driver entry point (FuzzerInterface.h): runs the fuzzing loop with the
/// command-line arguments and the test callback.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// Hands control to libFuzzer. SwiftPM links every executable with `main` defined as
/// `<Module>_main`, so libFuzzer's own `main` never runs; each harness defines that symbol and
/// calls this instead.
public func runFuzzer(argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                      _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments, callback)
}
