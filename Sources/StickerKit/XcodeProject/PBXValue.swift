import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// A value in an old-style (OpenStep) property list as `project.pbxproj` uses it.
indirect enum PBXValue: Equatable, Sendable {
    /// A string, quoted only when it must be.
    case string(String)
    /// A reference to another object: its id, with the object's name as a comment.
    case reference(String, comment: String?)
    /// `( a, b, )`.
    case array([PBXValue])
    /// `{ key = value; }`, keys written sorted.
    case dictionary([String: PBXValue])
}

/// Strings as Xcode writes them in a pbxproj: bare when every character is in `[A-Za-z0-9_$/:.]`
/// (and the text cannot start a comment), otherwise quoted with `"` and `\` escaped. The old-style
/// format would read a bare `-` too, but Xcode quotes it (`"wrapper.app-extension"`,
/// `"dwarf-with-dsym"` in every Xcode-made project read), so this does as Xcode does.
enum OpenStepText {
    private static let bare = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$/:.".unicodeScalars)

    /// `s` ready to write: bare or quoted.
    static func quoted(_ s: String) -> String {
        if !s.isEmpty, !s.contains("//"), s.unicodeScalars.allSatisfy({ bare.contains($0) }) { return s }
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                // CoreFoundation's reader takes \U and four hex digits for any other control character.
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A `/* comment */`'s text; a `*/` inside would end the comment early, so it is broken up.
    static func comment(_ s: String) -> String {
        s.replacingOccurrences(of: "*/", with: "* /").replacingOccurrences(of: "\n", with: " ")
    }
}
