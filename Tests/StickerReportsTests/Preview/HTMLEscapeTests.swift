import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class HTMLEscapeTests: XCTestCase {
    func testTextEscapesMarkupCharacters() {
        XCTAssertEqual(HTMLEscape.text("a & b < c > d \" e ' f"), "a &amp; b &lt; c &gt; d &quot; e &#39; f")
        XCTAssertEqual(HTMLEscape.text("&amp;"), "&amp;amp;")
        XCTAssertEqual(HTMLEscape.text("<script>alert(\"x\")</script>"),
                       "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;")
    }

    func testTextKeepsTabNewlineAndNonASCII() {
        XCTAssertEqual(HTMLEscape.text("a\tb\nc"), "a\tb\nc")
        XCTAssertEqual(HTMLEscape.text("é 猫 😺 \u{A0}\u{200B}"), "é 猫 😺 \u{A0}\u{200B}")
        XCTAssertEqual(HTMLEscape.text(""), "")
    }

    func testTextReplacesC0DeleteAndC1Controls() {
        XCTAssertEqual(HTMLEscape.text("a\u{0}b\u{1}c\u{8}d\u{B}e\u{C}f\rg\u{1B}h\u{1F}i"),
                       "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f\u{FFFD}g\u{FFFD}h\u{FFFD}i")
        XCTAssertEqual(HTMLEscape.text("x\u{7F}y"), "x\u{FFFD}y")
        XCTAssertEqual(HTMLEscape.text("\u{80}\u{85}\u{9F}"), "\u{FFFD}\u{FFFD}\u{FFFD}")
        // The first scalars past the control ranges stay.
        XCTAssertEqual(HTMLEscape.text(" \u{7E}\u{A0}"), " ~\u{A0}")
        // CR LF: the carriage return goes, the newline stays (Swift treats "\r\n" as one Character).
        XCTAssertEqual(HTMLEscape.text("a\r\nb"), "a\u{FFFD}\nb")
    }

    func testTokenKeepsOnlyLettersDigitsUnderscoreAndHyphen() {
        XCTAssertEqual(HTMLEscape.token("edge_halo"), "edge_halo")
        XCTAssertEqual(HTMLEscape.token("Az09-_"), "Az09-_")
        XCTAssertEqual(HTMLEscape.token("a b\"c'd&e<f>g"), "a_b_c_d_e_f_g")
        XCTAssertEqual(HTMLEscape.token("é猫😺"), "___")
        XCTAssertEqual(HTMLEscape.token("a\u{0}\u{85}\tb"), "a___b")
        XCTAssertEqual(HTMLEscape.token(""), "")
    }
}
