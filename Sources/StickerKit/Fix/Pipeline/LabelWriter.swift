import Foundation

/// `--labels-from-names` (`missing_accessibility_label`): gives a sticker without a VoiceOver
/// label one made from its name ("party_hat" -> "Party hat"), in its Contents.json (Xcode
/// catalog) or under `labels:` in `stickerforge.yml` (plain folder).
struct LabelWriter {
    /// The copy's root.
    let root: String
    /// How the catalog is laid out.
    let kind: CatalogKind

    /// The label made from `name`: separators become spaces, the first letter upper case.
    static func label(from name: String) -> String {
        let spaced = name.map { "_-.".contains($0) ? " " : String($0) }.joined()
            .split(separator: " ").joined(separator: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    /// Writes the label; nil when the name gives no text.
    func label(_ sticker: StickerSource) throws -> FixRecord? {
        let label = Self.label(from: sticker.name)
        guard !label.isEmpty else { return nil }
        if kind == .xcstickers, let folder = sticker.folder {
            var contents = try ContentsEditor(path: FileIO.join(root, FileIO.join(folder, "Contents.json")))
            contents.properties["accessibility-label"] = .string(label)
            try contents.save()
        } else {
            let path = FileIO.join(root, PackConfig.fileName)
            let text = FileIO.kind(of: path).exists ? String(decoding: try FileIO.read(path), as: UTF8.self) : ""
            var editor = ConfigTextEditor(text)
            editor.addLabel(label, for: sticker.name)
            try FileIO.writeAtomically(Array(editor.text.utf8), to: path)
        }
        return FixRecord(rule: "missing_accessibility_label", action: "label_from_name",
                         details: "label \"\(label)\" made from the name; check that it describes the sticker")
    }
}
