import Foundation
import XCTest

/// Builds small catalogs in a fresh temporary folder. The reader never decodes images, so image
/// files hold placeholder bytes (a PNG signature).
struct CatalogFixture {
    /// The temporary folder; every relative path below is inside it.
    let base: String

    init() throws {
        base = FileManager().temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: base, withIntermediateDirectories: true)
    }

    func path(_ relative: String) -> String { base + "/" + relative }

    func write(_ relative: String, _ text: String) throws {
        try writeData(relative, Data(text.utf8))
    }

    func image(_ relative: String) throws {
        try writeData(relative, Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    func folder(_ relative: String) throws {
        try FileManager().createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    func symlink(_ relative: String, to target: String) throws {
        try FileManager().createSymbolicLink(atPath: path(relative), withDestinationPath: target)
    }

    func remove() { try? FileManager().removeItem(atPath: base) }

    private func writeData(_ relative: String, _ data: Data) throws {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager().createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    // MARK: Contents.json as Xcode writes it

    static let info = "\"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }"

    static func pack(grid: String = "regular", stickers: [String]) -> String {
        let list = stickers.map { "    {\n      \"filename\" : \"\($0)\"\n    }" }.joined(separator: ",\n")
        return "{\n  \(info),\n  \"properties\" : {\n    \"grid-size\" : \"\(grid)\"\n  },\n"
            + "  \"stickers\" : [\n\(list)\n  ]\n}\n"
    }

    static func still(_ filename: String, label: String? = nil) -> String {
        let labelLine = label.map { "    \"accessibility-label\" : \"\($0)\",\n" } ?? ""
        return "{\n  \(info),\n  \"properties\" : {\n\(labelLine)    \"filename\" : \"\(filename)\"\n  }\n}\n"
    }

    static func sequence(_ frames: [String], duration: String = "15", type: String = "fps", repetitions: Int = 0,
                         label: String? = nil) -> String {
        let list = frames.map { "    {\n      \"filename\" : \"\($0)\"\n    }" }.joined(separator: ",\n")
        let labelLine = label.map { "    \"accessibility-label\" : \"\($0)\",\n" } ?? ""
        return "{\n  \"frames\" : [\n\(list)\n  ],\n  \(info),\n  \"properties\" : {\n\(labelLine)"
            + "    \"duration\" : \(duration),\n    \"duration-type\" : \"\(type)\",\n"
            + "    \"repetitions\" : \(repetitions)\n  }\n}\n"
    }

    /// Icon entries as `(idiom, platform, size, scale, filename)`.
    static func iconSet(_ entries: [(String, String?, String, String, String?)]) -> String {
        let images = entries.map { idiom, platform, size, scale, filename -> String in
            var lines: [String] = []
            if let filename { lines.append("\"filename\" : \"\(filename)\"") }
            lines.append("\"idiom\" : \"\(idiom)\"")
            if let platform { lines.append("\"platform\" : \"\(platform)\"") }
            lines.append("\"scale\" : \"\(scale)\"")
            lines.append("\"size\" : \"\(size)\"")
            return "    {\n      " + lines.joined(separator: ",\n      ") + "\n    }"
        }.joined(separator: ",\n")
        return "{\n  \"images\" : [\n\(images)\n  ],\n  \(info)\n}\n"
    }

    /// A catalog with one still, one sequence and an icon set: the shape of Xcode's template.
    func standardCatalog(_ catalog: String = "Stickers.xcstickers") throws {
        let pack = "\(catalog)/Sticker Pack.stickerpack"
        try write("\(catalog)/Contents.json", "{\n  \(Self.info)\n}\n")
        try write("\(pack)/Contents.json", Self.pack(grid: "large", stickers: ["Wave.sticker", "Dance.stickersequence"]))
        try write("\(pack)/Wave.sticker/Contents.json", Self.still("Wave.png", label: "Waving hand"))
        try image("\(pack)/Wave.sticker/Wave.png")
        try write("\(pack)/Dance.stickersequence/Contents.json",
                  Self.sequence(["dance_001.png", "dance_002.png"], duration: "1.5", type: "fixed", repetitions: 2,
                                label: "Dancing"))
        try image("\(pack)/Dance.stickersequence/dance_001.png")
        try image("\(pack)/Dance.stickersequence/dance_002.png")
        let icons = "\(catalog)/iMessage App Icon.stickersiconset"
        try write("\(icons)/Contents.json", Self.iconSet([
            ("iphone", nil, "60x45", "2x", "icon-60x45@2x.png"),
            ("universal", "ios", "27x20", "3x", "icon-27x20@3x.png"),
            ("ios-marketing", nil, "1024x1024", "1x", nil),
        ]))
        try image("\(icons)/icon-60x45@2x.png")
        try image("\(icons)/icon-27x20@3x.png")
    }
}
