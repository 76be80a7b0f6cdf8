import Foundation
@testable import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerCore

/// Every .tgs a store build writes is decoded again and judged by Telegram's rules before it ships
/// (issue 42); one that fails is built as WebM video instead, and the note says why.
final class TGSVerifierTests: XCTestCase {
    /// A 24 fps, 200x200 face filled with a linear gradient (`t` 1) and ringed by a radial
    /// gradient stroke (`t` 2): the shape of JoyPixels' party face that issue 42 broke.
    static let gradientFace = """
        {"v":"5.7.4","fr":24,"ip":0,"op":48,"w":200,"h":200,"layers":[{"ddd":0,"ind":1,"ty":4,"nm":"face","sr":1,"ao":0,\
        "ks":{"o":{"a":0,"k":100},"r":{"a":1,"k":[{"i":{"x":[0.5],"y":[1]},"o":{"x":[0.5],"y":[0]},"t":0,"s":[0]},{"t":24,"s":[20]}]},\
        "p":{"a":0,"k":[100,100,0]},"a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]}},"shapes":[{"ty":"gr","it":[\
        {"ty":"el","d":1,"s":{"a":0,"k":[160,160]},"p":{"a":0,"k":[0,0]}},\
        {"ty":"gf","o":{"a":0,"k":100},"r":1,"g":{"p":2,"k":{"a":0,"k":[0,1,0.8,0,1,1,0.4,0]}},"s":{"a":0,"k":[-80,0]},"e":{"a":0,"k":[80,0]},"t":1},\
        {"ty":"gs","o":{"a":0,"k":100},"w":{"a":0,"k":8},"lc":2,"lj":2,"ml":4,"g":{"p":2,"k":{"a":0,"k":[0,0.2,0.2,1,1,1,0,1]}},\
        "s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[80,0]},"t":2,"h":{"a":0,"k":0},"a":{"a":0,"k":0}},\
        {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}],\
        "ip":0,"op":48,"st":0,"bm":0}]}
        """

    private let verifier = TGSVerifier(rules: .telegram)

    private func gzipped(_ json: String) throws -> [UInt8] { try TGSWriter.gzip(Array(json.utf8)) }

    private func build(_ json: String, name: String) throws -> StoreSticker {
        let folder = NSTemporaryDirectory() + "tgs-verify-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/\(name).json"))
        let sticker = StickerSource(name: name, folder: nil, content: .file("\(name).json"), accessibilityLabel: nil)
        return try StoreStickerBuilder(rules: .telegram).build(sticker, root: folder, stem: name, emojis: ["🥳"])
    }

    func testTheGradientFaceShipsAsAVerifiedTGS() throws {
        let built = try build(Self.gradientFace, name: "party")
        XCTAssertEqual([built.file, built.format.rawValue], ["party.tgs", "tgs"])
        XCTAssertEqual([built.width, built.height, built.frames], [512, 512, 120])
        XCTAssertEqual(built.notes, [])
        XCTAssertEqual(verifier.problems(built.bytes), [])
    }

    func testWhatTheVerifierRejects() throws {
        // The file issue 42's build shipped: a gradient of type 2.5, which rlottie cannot parse.
        let broken = Self.gradientFace.replacingOccurrences(of: #""t":1}"#, with: #""t":2.5}"#)
            .replacingOccurrences(of: #""fr":24"#, with: #""fr":60"#).replacingOccurrences(of: #""w":200,"h":200"#, with: #""w":512,"h":512"#)
        let problems = verifier.problems(try gzipped(broken))
        XCTAssertEqual(problems.count, 1)
        guard case .undecodable(let reason)? = problems.first else { return XCTFail("\(problems)") }
        XCTAssertTrue(reason.contains("rlottie"), reason)
        // Gzipped but not normalised: Telegram's canvas, rate and length are each named.
        XCTAssertEqual(verifier.problems(try gzipped(#"{"v":"5.5.2","fr":30,"ip":0,"op":120,"w":100,"h":100,"layers":[]}"#)),
                       [.canvas(width: 100, height: 100, side: 512), .frameRate(30, required: 60),
                        .duration(milliseconds: 4000, limit: 3000)])
        let empty = verifier.problems(try gzipped(#"{"v":"5.5.2","fr":60,"ip":0,"op":0,"w":512,"h":512,"layers":[]}"#))
        XCTAssertEqual(empty, [.undecodable("Lottie: out frame `op` 0.0 is not at least one whole frame after in frame `ip` 0.0")])
        XCTAssertEqual(verifier.problems(Array(repeating: 0, count: 70_000)).first, .bytes(70_000, limit: 65_536))
    }

    func testATGSTheVerifierRejectsIsBuiltAsWebM() throws {
        // A screen blend mode: the written .tgs decodes, but Telegram's renderer does not draw it.
        let screened = """
            {"v":"5.7.4","fr":60,"ip":0,"op":6,"w":512,"h":512,"layers":[{"ddd":0,"ind":1,"ty":4,"nm":"glow","sr":1,"ao":0,"bm":2,\
            "ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":1,"k":[{"i":{"x":1,"y":1},"o":{"x":0,"y":0},"t":0,"s":[200,256,0]},{"t":6,"s":[312,256,0]}]},\
            "a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]}},"shapes":[{"ty":"el","d":1,"s":{"a":0,"k":[200,200]},"p":{"a":0,"k":[0,0]}},\
            {"ty":"fl","c":{"a":0,"k":[1,0.6,0,1]},"o":{"a":0,"k":100},"r":1}],"ip":0,"op":6,"st":0}]}
            """
        let built = try build(screened, name: "glow")
        XCTAssertEqual([built.file, built.format.rawValue], ["glow.webm", "webm"])
        XCTAssertEqual([built.width, built.height], [512, 512])
        XCTAssertEqual(built.notes, ["no .tgs: the written file, decoded again, cannot ship: it uses blend mode 2 (screen) on layer 'glow', "
                                     + "which the renderer does not draw faithfully; built as video instead"])
        XCTAssertEqual(FormatSniffer.sniff(built.bytes), .webm)
    }
}
