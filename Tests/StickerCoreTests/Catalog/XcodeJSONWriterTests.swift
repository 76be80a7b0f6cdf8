import Foundation
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class XcodeJSONWriterTests: XCTestCase {
    // The four examples of docs/xcstickers-format.md, byte for byte (trailing newline included).
    static let packExample = """
    {
      "info" : {
        "author" : "xcode",
        "version" : 1
      },
      "properties" : {
        "grid-size" : "regular"
      },
      "stickers" : [
        {
          "filename" : "Wave.sticker"
        },
        {
          "filename" : "Dance.stickersequence"
        }
      ]
    }

    """
    static let stickerExample = """
    {
      "info" : {
        "author" : "xcode",
        "version" : 1
      },
      "properties" : {
        "accessibility-label" : "Waving hand",
        "filename" : "Wave.png"
      }
    }

    """
    static let sequenceExample = """
    {
      "frames" : [
        {
          "filename" : "dance_001.png"
        },
        {
          "filename" : "dance_002.png"
        }
      ],
      "info" : {
        "author" : "xcode",
        "version" : 1
      },
      "properties" : {
        "accessibility-label" : "Dancing",
        "duration" : 15,
        "duration-type" : "fps",
        "repetitions" : 0
      }
    }

    """
    static let iconSetExample = """
    {
      "images" : [
        {
          "filename" : "icon-60x45@2x.png",
          "idiom" : "iphone",
          "scale" : "2x",
          "size" : "60x45"
        },
        {
          "filename" : "icon-27x20@3x.png",
          "idiom" : "universal",
          "platform" : "ios",
          "scale" : "3x",
          "size" : "27x20"
        }
      ],
      "info" : {
        "author" : "xcode",
        "version" : 1
      }
    }

    """

    private var generated: [String] {
        let iphone = IconSlot.all[2], universal = IconSlot.all[9]
        return [
            XcodeJSONWriter.render(XcodeContents.pack(gridSize: .regular, stickerFolders: ["Wave.sticker", "Dance.stickersequence"])),
            XcodeJSONWriter.render(XcodeContents.sticker(filename: "Wave.png", accessibilityLabel: "Waving hand")),
            XcodeJSONWriter.render(XcodeContents.sequence(frames: ["dance_001.png", "dance_002.png"], durationType: "fps",
                                                          duration: 15, repetitions: 0, accessibilityLabel: "Dancing")),
            XcodeJSONWriter.render(XcodeContents.iconSet(slots: [(iphone, "icon-60x45@2x.png"), (universal, "icon-27x20@3x.png")])),
        ]
    }

    func testContentsMatchTheSpecExamplesByteForByte() {
        let expected = [Self.packExample, Self.stickerExample, Self.sequenceExample, Self.iconSetExample]
        for (made, golden) in zip(generated, expected) { XCTAssertEqual(made, golden) }
    }

    func testContentsMatchTheExamplesInTheSpecFileItself() throws {
        let spec = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("../shared/spec/xcstickers-format.md").standardizedFileURL
        guard FileManager.default.fileExists(atPath: spec.path) else {
            throw XCTSkip("spec not found at \(spec.path): the inline copies are tested above")
        }
        let text = try String(contentsOf: spec, encoding: .utf8)
        let blocks = text.components(separatedBy: "```json\n").dropFirst().map { String($0.components(separatedBy: "```")[0]) }
        XCTAssertEqual(blocks.count, 4)
        for (made, golden) in zip(generated, blocks) { XCTAssertEqual(made, golden) }
    }

    func testEscapesSortsByBytesAndWritesFractionsAndEmptyArrays() {
        let value = XcodeJSON.object(["b": .number(1.5), "a\"": .string("x\\y\n/é"), "B": .array([]), "c": .bool(true)])
        XCTAssertEqual(XcodeJSONWriter.render(value), """
        {
          "B" : [

          ],
          "a\\"" : "x\\\\y\\n/é",
          "b" : 1.5,
          "c" : true
        }

        """)
    }
}
