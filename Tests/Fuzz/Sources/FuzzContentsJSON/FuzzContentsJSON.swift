import FuzzSupport
import Foundation
import StickerKit

/// A scratch catalog, made once per process: Demo.xcstickers with one sticker, one sequence and a
/// one-byte "image" in each. The fuzz input becomes the Contents.json of the pack, the sticker and the
/// sequence at once, so filenames, sticker lists and properties all come from the fuzzer.
let scratchCatalog: String = {
    let root = NSTemporaryDirectory() + "stickerforge-fuzz-\(getpid())/Demo.xcstickers"
    let pack = root + "/Sticker Pack.stickerpack"
    let files = FileManager.default
    for folder in [pack + "/S.sticker", pack + "/Q.stickersequence"] {
        do { try files.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            fatalError("cannot create the scratch catalog: \(error)")
        }
        _ = files.createFile(atPath: folder + "/a.png", contents: Data([0x89]))
    }
    _ = files.createFile(atPath: root + "/Contents.json",
                         contents: Data(#"{"info":{"author":"xcode","version":1}}"#.utf8))
    return root
}()

/// libFuzzer entry point: any Contents.json bytes are read into a pack plus problems, never a
/// trap, and nothing outside the scratch catalog is opened (the reader refuses such names).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContentsJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Data(UnsafeBufferPointer(start: $0, count: size)) } ?? Data()
    let pack = scratchCatalog + "/Sticker Pack.stickerpack"
    for file in [pack, pack + "/S.sticker", pack + "/Q.stickersequence"].map({ $0 + "/Contents.json" }) {
        guard FileManager.default.createFile(atPath: file, contents: bytes) else { fatalError("cannot write \(file)") }
    }
    do {
        let result = try CatalogReader().read(at: scratchCatalog, config: PackConfig())
        _ = result.problems.map { String(describing: $0) }
    } catch {
        fatalError("the scratch catalog itself became unreadable: \(error)")
    }
    return 0
}

/// The executable's entry point (SwiftPM defines `main` as this symbol): libFuzzer's driver.
@_cdecl("FuzzContentsJSON_main")
public func fuzzContentsJSONMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc: argc, argv: argv, fuzzContentsJSON)
}
