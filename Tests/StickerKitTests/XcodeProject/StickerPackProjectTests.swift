import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// The written project read back with the test support's own old-style plist reader: every
/// reference resolves, ids are unique and Xcode-shaped, and the structure is the Sticker Pack App
/// template's (docs/xcode-project.md).
final class StickerPackProjectTests: XCTestCase {
    static let settings = XcodeProjectSettings(appName: "Party Animals", bundleID: "com.example.party-animals",
                                               marketingVersion: "2.1.0", buildNumber: "42", teamID: "ABCDE12345")

    func testHeaderRootAndUniqueXcodeShapedIDs() throws {
        let text = XcodeProjectFiles.text(Self.settings, "Party Animals.xcodeproj/project.pbxproj")
        XCTAssertTrue(text.hasPrefix("// !$*UTF8*$!\n{\n"))
        let project = try ParsedProject(text)
        XCTAssertEqual(project.root["archiveVersion"], .string("1"))
        XCTAssertEqual(project.root["classes"], .dictionary([:]))
        XCTAssertEqual(project.root["objectVersion"], .string("56"))
        XCTAssertEqual(try project.object(project.root["rootObject"]?.string)["isa"], .string("PBXProject"))
        XCTAssertEqual(project.objects.count, 25)
        for id in project.objects.keys {
            XCTAssertEqual(id.count, 24, id)
            XCTAssertTrue(id.allSatisfy { $0.isHexDigit && !$0.isLowercase }, id)
        }
        // The reader refuses duplicate keys, so parsing proves uniqueness in the file; the ids also
        // appear once each as an object definition line.
        for id in project.objects.keys {
            XCTAssertEqual(text.components(separatedBy: "\n\t\t\(id) ").count - 1, 1, id)
        }
    }

    func testEveryReferenceResolves() throws {
        let project = try ParsedProject(settings: Self.settings)
        var references = 0
        func walk(_ value: OpenStepValue, key: String) {
            switch value {
            case .string(let s):
                if s.count == 24, s.allSatisfy(\.isHexDigit) {
                    references += 1
                    XCTAssertNotNil(project.objects[s], "\(key) = \(s) does not resolve")
                }
            case .array(let items): items.forEach { walk($0, key: key) }
            case .dictionary(let members): members.forEach { walk($0.value, key: $0.key) }
            }
        }
        for (_, object) in project.objects { walk(.dictionary(object), key: "") }
        walk(project.root["rootObject"] ?? .string(""), key: "rootObject")
        XCTAssertEqual(references, 34)
        // Every object but the root is reachable from the root.
        var seen: Set<String> = []
        func reach(_ id: String) {
            guard seen.insert(id).inserted, let object = project.objects[id] else { return }
            func ids(_ v: OpenStepValue) -> [String] {
                switch v {
                case .string(let s): return project.objects[s] != nil ? [s] : []
                case .array(let a): return a.flatMap(ids)
                case .dictionary(let d): return d.values.flatMap(ids)
                }
            }
            ids(.dictionary(object)).forEach(reach)
        }
        reach(project.root["rootObject"]?.string ?? "")
        XCTAssertEqual(seen, Set(project.objects.keys))
    }

    func testTargetsPhasesAndEmbedding() throws {
        let p = try ParsedProject(settings: Self.settings)
        let projectObject = try p.object(p.root["rootObject"]?.string)
        let targets = try (projectObject["targets"]?.array ?? []).map { try p.object($0.string) }
        XCTAssertEqual(targets.map { $0["name"]?.string }, ["Party Animals", "Party Animals StickerPackExtension"])
        let app = targets[0], ext = targets[1]
        XCTAssertEqual(app["productType"], .string("com.apple.product-type.application.messages"))
        XCTAssertEqual(ext["productType"], .string("com.apple.product-type.app-extension.messages-sticker-pack"))
        XCTAssertEqual(try p.object(app["productReference"]?.string)["explicitFileType"], .string("wrapper.application"))
        XCTAssertEqual(try p.object(app["productReference"]?.string)["path"], .string("Party Animals.app"))
        let appex = try p.object(ext["productReference"]?.string)
        XCTAssertEqual(appex["explicitFileType"], .string("wrapper.app-extension"))
        XCTAssertEqual(appex["path"], .string("Party Animals StickerPackExtension.appex"))
        XCTAssertEqual(appex["sourceTree"], .string("BUILT_PRODUCTS_DIR"))

        // The extension's only phase: Resources holding the catalog, a folder reference beside the project.
        let extPhases = try (ext["buildPhases"]?.array ?? []).map { try p.object($0.string) }
        XCTAssertEqual(extPhases.map { $0["isa"]?.string }, ["PBXResourcesBuildPhase"])
        let catalogFiles = try (extPhases[0]["files"]?.array ?? []).map { try p.object(try p.object($0.string)["fileRef"]?.string) }
        XCTAssertEqual(catalogFiles.map { $0["path"]?.string }, ["Stickers.xcstickers"])
        XCTAssertEqual(catalogFiles.first?["lastKnownFileType"], .string("folder.stickers"))
        XCTAssertEqual(catalogFiles.first?["sourceTree"], .string("<group>"))

        // The app: Resources (the catalog, for the app icon), then the extension copied into PlugIns.
        let appPhases = try (app["buildPhases"]?.array ?? []).map { try p.object($0.string) }
        XCTAssertEqual(appPhases.map { $0["isa"]?.string }, ["PBXResourcesBuildPhase", "PBXCopyFilesBuildPhase"])
        let embed = appPhases[1]
        XCTAssertEqual(embed["dstSubfolderSpec"], .string("13"))
        XCTAssertEqual(embed["dstPath"], .string(""))
        XCTAssertEqual(embed["name"], .string("Embed Foundation Extensions"))
        let embedded = try XCTUnwrap(embed["files"]?.array?.first?.string)
        XCTAssertEqual(try p.object(embedded)["fileRef"]?.string, ext["productReference"]?.string)
        XCTAssertEqual(try p.object(embedded)["settings"]?["ATTRIBUTES"], .array([.string("RemoveHeadersOnCopy")]))

        // The app depends on the extension through a container item proxy of type 1.
        let dependency = try p.object(app["dependencies"]?.array?.first?.string)
        let extID = try XCTUnwrap(p.ids("PBXNativeTarget").first { p.objects[$0]?["name"]?.string == "Party Animals StickerPackExtension" })
        XCTAssertEqual(dependency["target"]?.string, extID)
        let proxy = try p.object(dependency["targetProxy"]?.string)
        XCTAssertEqual(proxy["isa"], .string("PBXContainerItemProxy"))
        XCTAssertEqual(proxy["proxyType"], .string("1"))
        XCTAssertEqual(proxy["remoteGlobalIDString"]?.string, extID)
        XCTAssertEqual(proxy["containerPortal"]?.string, p.root["rootObject"]?.string)
        XCTAssertEqual(proxy["remoteInfo"], .string("Party Animals StickerPackExtension"))
        XCTAssertEqual(ext["dependencies"], .array([]))

        // Products group and main group.
        let products = try p.object(projectObject["productRefGroup"]?.string)
        XCTAssertEqual(products["children"]?.array?.map(\.string), [app["productReference"]?.string, ext["productReference"]?.string])
        let main = try p.object(projectObject["mainGroup"]?.string)
        XCTAssertEqual(main["children"]?.array?.count, 2)
    }

    func testConfigurationsAndBuildSettings() throws {
        let p = try ParsedProject(settings: Self.settings)
        let projectObject = try p.object(p.root["rootObject"]?.string)
        for owner in [projectObject, try p.target(named: "Party Animals"), try p.target(named: "Party Animals StickerPackExtension")] {
            let list = try p.object(owner["buildConfigurationList"]?.string)
            XCTAssertEqual(try (list["buildConfigurations"]?.array ?? []).map { try p.object($0.string)["name"]?.string }, ["Debug", "Release"])
            XCTAssertEqual(list["defaultConfigurationName"], .string("Release"))
        }
        XCTAssertEqual(try p.buildSettings(of: projectObject, "Debug")["SDKROOT"], "iphoneos")
        XCTAssertEqual(try p.buildSettings(of: projectObject, "Release")["IPHONEOS_DEPLOYMENT_TARGET"], "12.0")
        for name in ["Debug", "Release"] {
            let app = try p.buildSettings(of: try p.target(named: "Party Animals"), name)
            let ext = try p.buildSettings(of: try p.target(named: "Party Animals StickerPackExtension"), name)
            XCTAssertEqual(app["PRODUCT_BUNDLE_IDENTIFIER"], "com.example.party-animals")
            XCTAssertEqual(ext["PRODUCT_BUNDLE_IDENTIFIER"], "com.example.party-animals.StickerPackExtension")
            XCTAssertEqual(app["INFOPLIST_FILE"], "Party Animals/Info.plist")
            XCTAssertEqual(ext["INFOPLIST_FILE"], "Party Animals StickerPackExtension/Info.plist")
            XCTAssertEqual(ext["ASSETCATALOG_COMPILER_APPICON_NAME"], "iMessage App Icon")
            XCTAssertEqual(ext["SKIP_INSTALL"], "YES")
            XCTAssertNil(app["SKIP_INSTALL"])
            for settings in [app, ext] {
                XCTAssertEqual(settings["PRODUCT_NAME"], "$(TARGET_NAME)")
                XCTAssertEqual(settings["MARKETING_VERSION"], "2.1.0")
                XCTAssertEqual(settings["CURRENT_PROJECT_VERSION"], "42")
                XCTAssertEqual(settings["DEVELOPMENT_TEAM"], "ABCDE12345")
                XCTAssertEqual(settings["TARGETED_DEVICE_FAMILY"], "1,2")
                XCTAssertEqual(settings["CODE_SIGN_STYLE"], "Automatic")
                XCTAssertEqual(settings["IPHONEOS_DEPLOYMENT_TARGET"], "12.0")
            }
        }
        var phoneOnly = Self.settings
        phoneOnly.teamID = nil
        phoneOnly.devices = .iphone
        let q = try ParsedProject(settings: phoneOnly)
        let app = try q.buildSettings(of: try q.target(named: "Party Animals"), "Release")
        XCTAssertNil(app["DEVELOPMENT_TEAM"])
        XCTAssertEqual(app["TARGETED_DEVICE_FAMILY"], "1")
    }

    func testInfoPlistsParseWithTheRequiredKeys() throws {
        let files = XcodeProjectFiles.files(for: Self.settings)
        func plist(_ path: String) throws -> [String: Any] {
            let data = Data(try XCTUnwrap(files[path], path))
            return try XCTUnwrap(PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any], path)
        }
        let app = try plist("Party Animals/Info.plist"), ext = try plist("Party Animals StickerPackExtension/Info.plist")
        XCTAssertEqual(app["CFBundlePackageType"] as? String, "APPL")
        XCTAssertEqual(app["LSRequiresIPhoneOS"] as? Bool, true)
        XCTAssertEqual(ext["CFBundlePackageType"] as? String, "XPC!")
        for plist in [app, ext] {
            XCTAssertEqual(plist["CFBundleDisplayName"] as? String, "Party Animals")
            XCTAssertEqual(plist["CFBundleIdentifier"] as? String, "$(PRODUCT_BUNDLE_IDENTIFIER)")
            XCTAssertEqual(plist["CFBundleExecutable"] as? String, "$(EXECUTABLE_NAME)")
            XCTAssertEqual(plist["CFBundleShortVersionString"] as? String, "$(MARKETING_VERSION)")
            XCTAssertEqual(plist["CFBundleVersion"] as? String, "$(CURRENT_PROJECT_VERSION)")
            XCTAssertEqual(plist["CFBundleInfoDictionaryVersion"] as? String, "6.0")
        }
        let extensionKeys = try XCTUnwrap(ext["NSExtension"] as? [String: Any])
        XCTAssertEqual(extensionKeys["NSExtensionPointIdentifier"] as? String, "com.apple.message-payload-provider")
        XCTAssertEqual(extensionKeys["NSExtensionPrincipalClass"] as? String, "StickerBrowserViewController")
        XCTAssertNil(app["NSExtension"])
    }

    func testSharedSchemeBuildsTheAppTarget() throws {
        // The rules refuse quotes in app names; the writers still escape them (defence in depth).
        let settings = XcodeProjectSettings(appName: "Tom & \"Jerry\"s", bundleID: "com.example.tj")
        let files = XcodeProjectFiles.files(for: settings)
        let scheme = try XMLDocument(data: Data(try XCTUnwrap(files["Tom & \"Jerry\"s.xcodeproj/xcshareddata/xcschemes/Tom & \"Jerry\"s.xcscheme"])))
        let references = try scheme.nodes(forXPath: "//BuildableReference").compactMap { $0 as? XMLElement }
        XCTAssertEqual(references.count, 3, "build, launch and profile")
        let project = try ParsedProject(settings: settings)
        let targetID = try XCTUnwrap(project.ids("PBXNativeTarget").first { project.objects[$0]?["name"]?.string == "Tom & \"Jerry\"s" })
        for reference in references {
            XCTAssertEqual(reference.attribute(forName: "BlueprintIdentifier")?.stringValue, targetID)
            XCTAssertEqual(reference.attribute(forName: "BuildableName")?.stringValue, "Tom & \"Jerry\"s.app")
            XCTAssertEqual(reference.attribute(forName: "ReferencedContainer")?.stringValue, "container:Tom & \"Jerry\"s.xcodeproj")
        }
        let workspace = try XMLDocument(data: Data(try XCTUnwrap(files["Tom & \"Jerry\"s.xcodeproj/project.xcworkspace/contents.xcworkspacedata"])))
        XCTAssertEqual(try workspace.nodes(forXPath: "//FileRef/@location").first?.stringValue, "self:")
        XCTAssertEqual(Set(files.keys).count, 5)
    }
}
