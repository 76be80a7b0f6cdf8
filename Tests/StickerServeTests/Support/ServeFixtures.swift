import Foundation
import ImageCodec
import StickerCore
import StickerRules
import StickerTestSupport

/// Folder packs for the serve tests: PNG stickers of distinct colours, so no duplicate finding fires.
enum ServeFixtures {
    static let colours = [RGBA(200, 30, 30), RGBA(230, 200, 40), RGBA(120, 10, 60), RGBA(20, 160, 90), RGBA(40, 60, 200)]

    /// A `side` px square PNG sticker with colour `index`.
    static func png(_ side: Int, colour index: Int = 0) throws -> [UInt8] {
        try PNGEncoder(options: PNGEncodeOptions(effort: .fast))
            .encode(ExampleImage.canvas(side, side, inset: max(side / 20, 2), content: colours[index % colours.count]))
    }

    /// A folder pack of `names` (PNG files of `side` px) in a fresh temporary folder.
    static func pack(_ names: [String], side: Int = 408) throws -> TempFolder {
        let folder = try TempFolder("serve")
        for (i, name) in names.enumerated() { try folder.write(try png(side, colour: i), to: "\(name).png") }
        return folder
    }
}
