import Foundation
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// `--labels-from-names` (`missing_accessibility_label`): gives a sticker without a VoiceOver
/// label one made from its name ("party_hat" -> "Party hat"), in its Contents.json (Xcode
/// catalog) or under `labels:` in `stickerforge.yml` (plain folder).
///
/// With `--config`, a plain folder's labels go into the copy of that file when it lies inside the
/// catalog. A `--config` file outside the catalog is never edited: the labels go into the repaired
/// catalog's own `stickerforge.yml`, which starts as a copy of the `--config` file when the catalog
/// has none, and the record says so.
struct LabelWriter {
    /// The copy's root.
    let root: String
    /// How the catalog is laid out.
    let kind: CatalogKind
    /// The configuration file a plain folder's labels go to, relative to `root`.
    private(set) var configFile = PackConfig.fileName
    /// The `--config` file when it lies outside the catalog (as given).
    private(set) var outsideConfig: String?

    /// A writer into `root`, the copy of the catalog at `sourceRoot`, which is read with `config`
    /// (the `--config` file's settings; nil for the catalog's own `stickerforge.yml`).
    init(root: String, kind: CatalogKind, sourceRoot: String, config: PackConfig?) {
        self.root = root; self.kind = kind
        guard let file = config?.file else { return }
        if let inside = RelativePath.relative(Self.resolved(file), to: Self.resolved(sourceRoot)), !inside.isEmpty {
            configFile = inside
        } else {
            outsideConfig = file
        }
    }

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
        var details = "label \"\(label)\" made from the name"
        if kind == .xcstickers, let folder = sticker.folder {
            var contents = try ContentsEditor(path: FileIO.join(root, FileIO.join(folder, "Contents.json")))
            contents.properties["accessibility-label"] = .string(label)
            try contents.save()
        } else {
            let path = FileIO.join(root, configFile)
            var text = ""
            if FileIO.kind(of: path).exists {
                text = String(decoding: try FileIO.read(path), as: UTF8.self)
            } else if let outsideConfig {
                text = String(decoding: try FileIO.read(outsideConfig), as: UTF8.self)
                details += " (the repaired catalog's \(PackConfig.fileName) starts as a copy of \(outsideConfig))"
            }
            var editor = ConfigTextEditor(text)
            let edit = "label \"\(label)\" for \(sticker.name) not added"
            do { try editor.addLabel(label, for: sticker.name) } catch {
                throw ConfigEditRefusal(file: configFile, edit: edit, reason: error.reason)
            }
            let change = ConfigEditGuard.Change.addLabel(sticker: sticker.name, label: label)
            if let reason = ConfigEditGuard(file: configFile).verify(source: text, edited: editor.text, change: change) {
                throw ConfigEditRefusal(file: configFile, edit: edit, reason: reason + "; add it by hand")
            }
            try FileIO.writeAtomically(Array(editor.text.utf8), to: path)
            if let outsideConfig {
                details += " and written to the repaired catalog's \(PackConfig.fileName); \(outsideConfig) (--config) lies outside "
                    + "the catalog and is never edited: add the label there to keep using it"
            }
        }
        return FixRecord(rule: "missing_accessibility_label", action: "label_from_name",
                         details: details + "; check that it describes the sticker")
    }

    /// `path` absolute, standardised, with symbolic links resolved (relative to the working directory).
    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
