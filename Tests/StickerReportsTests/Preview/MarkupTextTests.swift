import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class MarkupTextTests: XCTestCase {
    func testTextEscapesMarkupCharacters() {
        XCTAssertEqual(MarkupText.html("a & b < c > d \" e ' f"), "a &amp; b &lt; c &gt; d &quot; e &#39; f")
        XCTAssertEqual(MarkupText.html("&amp;"), "&amp;amp;")
        XCTAssertEqual(MarkupText.html("<script>alert(\"x\")</script>"),
                       "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;")
    }

    func testTextKeepsTabNewlineAndNonASCII() {
        XCTAssertEqual(MarkupText.html("a\tb\nc"), "a\tb\nc")
        XCTAssertEqual(MarkupText.html("é 猫 😺 \u{A0}\u{200B}"), "é 猫 😺 \u{A0}\u{200B}")
        XCTAssertEqual(MarkupText.html(""), "")
    }

    func testTextReplacesC0DeleteAndC1Controls() {
        XCTAssertEqual(MarkupText.html("a\u{0}b\u{1}c\u{8}d\u{B}e\u{C}f\rg\u{1B}h\u{1F}i"),
                       "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f\u{FFFD}g\u{FFFD}h\u{FFFD}i")
        XCTAssertEqual(MarkupText.html("x\u{7F}y"), "x\u{FFFD}y")
        XCTAssertEqual(MarkupText.html("\u{80}\u{85}\u{9F}"), "\u{FFFD}\u{FFFD}\u{FFFD}")
        // The first scalars past the control ranges stay.
        XCTAssertEqual(MarkupText.html(" \u{7E}\u{A0}"), " ~\u{A0}")
        // CR LF: the carriage return goes, the newline stays (Swift treats "\r\n" as one Character).
        XCTAssertEqual(MarkupText.html("a\r\nb"), "a\u{FFFD}\nb")
    }

    func testTokenKeepsOnlyLettersDigitsUnderscoreAndHyphen() {
        XCTAssertEqual(MarkupText.token("edge_halo"), "edge_halo")
        XCTAssertEqual(MarkupText.token("Az09-_"), "Az09-_")
        XCTAssertEqual(MarkupText.token("a b\"c'd&e<f>g"), "a_b_c_d_e_f_g")
        XCTAssertEqual(MarkupText.token("é猫😺"), "___")
        XCTAssertEqual(MarkupText.token("a\u{0}\u{85}\tb"), "a___b")
        XCTAssertEqual(MarkupText.token(""), "")
    }

    func testXMLContentAndAttributes() {
        let text = "a&b<c>d\"e'f\tg\nh\ri\u{1}j\u{FFFE}k\u{7F}\u{85}😺"
        XCTAssertEqual(MarkupText.xmlContent(text), "a&amp;b&lt;c&gt;d\"e'f\tg\nh&#13;i\u{FFFD}j\u{FFFD}k\u{7F}\u{85}😺")
        XCTAssertEqual(MarkupText.xmlAttribute(text),
                       "a&amp;b&lt;c&gt;d&quot;e&apos;f&#9;g&#10;h&#13;i\u{FFFD}j\u{FFFD}k\u{7F}\u{85}😺")
        // The HTML dialect differs where HTML does: its own apostrophe, C1 controls and CR replaced.
        XCTAssertEqual(MarkupText.html(text), "a&amp;b&lt;c&gt;d&quot;e&#39;f\tg\nh\u{FFFD}i\u{FFFD}j\u{FFFE}k\u{FFFD}\u{FFFD}😺")
    }
}
