import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// The two Info.plist files (docs/xcode-project.md, "Info.plist"), as XML property lists with Xcode's
/// layout. Versions and ids are build-setting references, so only the project file carries them.
enum InfoPlistWriter {
    /// A value in an Info.plist.
    indirect enum Value {
        case string(String)
        case bool(Bool)
        case dictionary([(String, Value)])
    }

    /// The bundle keys both targets share; `packageType` is `APPL` or `XPC!`.
    private static func bundleKeys(displayName: String, packageType: String) -> [(String, Value)] {
        [
            ("CFBundleDevelopmentRegion", .string("$(DEVELOPMENT_LANGUAGE)")),
            ("CFBundleDisplayName", .string(displayName)),
            ("CFBundleExecutable", .string("$(EXECUTABLE_NAME)")),
            ("CFBundleIdentifier", .string("$(PRODUCT_BUNDLE_IDENTIFIER)")),
            ("CFBundleInfoDictionaryVersion", .string("6.0")),
            ("CFBundleName", .string("$(PRODUCT_NAME)")),
            ("CFBundlePackageType", .string(packageType)),
            ("CFBundleShortVersionString", .string("$(MARKETING_VERSION)")),
            ("CFBundleVersion", .string("$(CURRENT_PROJECT_VERSION)")),
        ]
    }

    /// The Messages app's Info.plist; its display name is the name under the icon in the Messages drawer.
    static func app(_ settings: XcodeProjectSettings) -> String {
        render(bundleKeys(displayName: settings.appName, packageType: "APPL") + [("LSRequiresIPhoneOS", .bool(true))])
    }

    /// The sticker pack extension's Info.plist: the system's sticker browser shows the catalog.
    static func stickerPackExtension(_ settings: XcodeProjectSettings) -> String {
        render(bundleKeys(displayName: settings.appName, packageType: "XPC!") + [
            ("NSExtension", .dictionary([
                ("NSExtensionPointIdentifier", .string("com.apple.message-payload-provider")),
                ("NSExtensionPrincipalClass", .string("StickerBrowserViewController")),
            ])),
        ])
    }

    /// An XML plist with tab indentation and a trailing newline, as Xcode writes it.
    static func render(_ entries: [(String, Value)]) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        write(.dictionary(entries), depth: 0, into: &out)
        return out + "</plist>\n"
    }

    private static func write(_ value: Value, depth: Int, into out: inout String) {
        let pad = String(repeating: "\t", count: depth)
        switch value {
        case .string(let s): out += pad + "<string>" + MarkupText.xmlContent(s) + "</string>\n"
        case .bool(let b): out += pad + (b ? "<true/>" : "<false/>") + "\n"
        case .dictionary(let entries):
            out += pad + "<dict>\n"
            for (key, item) in entries {
                out += pad + "\t<key>" + MarkupText.xmlContent(key) + "</key>\n"
                write(item, depth: depth + 1, into: &out)
            }
            out += pad + "</dict>\n"
        }
    }
}
