/// What a name, id or version must look like so that the project opens, builds and is accepted by
/// App Store Connect. Each rule returns nil when the value is fine, else the problem and the fix;
/// the config parser and the command-line flags share them.
public enum XcodeSettingRules {
    /// The lowest iOS deployment target current Xcode builds for.
    public static let lowestDeploymentTarget = "12.0"
    /// What the extension's bundle id adds to the app's (`<app id>.StickerPackExtension`).
    public static let extensionSuffix = "StickerPackExtension"
    /// Names of the other files in a build folder, which an app name must not take.
    public static let reservedNames = [PackLayout.catalog, PackLayout.manifest, StagingArea.buildRecordName, "report.json", "report.html"]

    /// Characters that break a project, a scheme, a build setting or a path: path separators, quotes,
    /// `$` (Xcode expands `$(...)` in target names through `PRODUCT_NAME = $(TARGET_NAME)`) and shell
    /// and file-name wildcards.
    static let forbiddenNameCharacters = Set("/\\:\"'`$<>|*?".unicodeScalars)

    /// The app name: it names the project, both targets, both products, the scheme and two folders.
    public static func appName(_ name: String) -> String? {
        let fix = "use letters, digits, spaces, hyphens, underscores and dots, e.g. \"Party Animals\""
        if name.isEmpty { return "is empty; \(fix)" }
        if let bad = name.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }) {
            return "contains the control character U+\(hex(bad.value)); \(fix)"
        }
        if let bad = name.unicodeScalars.first(where: { forbiddenNameCharacters.contains($0) }) {
            return "contains '\(bad)', which would break the project's paths, quoting or build settings; \(fix)"
        }
        if name.first?.isWhitespace == true || name.last?.isWhitespace == true {
            return "starts or ends with a space; remove it"
        }
        if name.hasPrefix(".") || name.hasPrefix("-") { return "starts with '\(name.prefix(1))' (a hidden file or an option); \(fix)" }
        if reservedNames.contains(where: { $0.lowercased() == name.lowercased() }) {
            return "is the name of another file in the build folder; choose another app name"
        }
        // The extension's product, "<name> StickerPackExtension.appex", must fit a file name (255 bytes).
        if name.utf8.count > 200 { return "is \(name.utf8.count) bytes long; keep it under 200 (a short name also fits under the icon)" }
        return nil
    }

    /// A bundle id: `[A-Za-z0-9.-]` only (CFBundleIdentifier), reverse-DNS with non-empty parts.
    public static func bundleID(_ id: String) -> String? {
        let example = "e.g. com.example.stickerpack"
        if id.isEmpty { return "is empty; give a reverse-DNS id, \(example)" }
        if let bad = id.unicodeScalars.first(where: { !isBundleIDCharacter($0) }) {
            let shown = bad.value < 0x20 || bad.value >= 0x7F ? "U+\(hex(bad.value))" : "'\(bad)'"
            return "contains \(shown); a bundle id may hold only A-Z, a-z, 0-9, '-' and '.', \(example)"
        }
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        if parts.contains(where: \.isEmpty) { return "has an empty part (a leading, trailing or doubled '.'); \(example)" }
        if parts.count < 2 { return "has one part; App Store bundle ids are reverse-DNS, \(example)" }
        if id.hasSuffix("." + extensionSuffix) {
            return "ends in .\(extensionSuffix), which is added for the extension; give the app's id, \(example)"
        }
        return nil
    }

    /// `CFBundleShortVersionString` / `CFBundleVersion`: one to three period-separated whole numbers.
    public static func version(_ text: String, example: String = "1.2.0") -> String? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let numeric = parts.allSatisfy { !$0.isEmpty && $0.count <= 9 && $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }
        guard (1...3).contains(parts.count), numeric else {
            return "must be one to three whole numbers separated by '.', e.g. \(example)"
        }
        return nil
    }

    /// A team id: ten upper-case letters and digits, as Apple's developer account shows it.
    public static func teamID(_ text: String) -> String? {
        let ok = text.count == 10 && text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        return ok ? nil : "must be the 10-character team id of the Apple developer account (A-Z, 0-9), e.g. ABCDE12345"
    }

    /// `IPHONEOS_DEPLOYMENT_TARGET`: a version not below what current Xcode builds for.
    public static func deploymentTarget(_ text: String) -> String? {
        if let problem = version(text, example: lowestDeploymentTarget) { return problem }
        func padded(_ v: String) -> [Int] { (v.split(separator: ".").compactMap { Int($0) } + [0, 0, 0]).prefix(3).map { $0 } }
        if padded(text).lexicographicallyPrecedes(padded(lowestDeploymentTarget)) {
            return "is below \(lowestDeploymentTarget), the lowest iOS deployment target current Xcode supports; "
                + "use \(lowestDeploymentTarget) or later"
        }
        return nil
    }

    private static func isBundleIDCharacter(_ s: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || s == "-" || s == "."
    }

    private static func hex(_ value: UInt32) -> String {
        let h = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - h.count)) + h
    }
}
