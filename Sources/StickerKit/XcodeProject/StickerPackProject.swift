import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// The object graph of Xcode's "Sticker Pack App" template (docs/xcode-project.md, and the public
/// sticker-pack projects Xcode 11.7 to 15.2 made): a code-free Messages app that embeds a sticker
/// pack extension whose Resources phase holds the catalog.
struct StickerPackProject {
    let settings: XcodeProjectSettings
    let layout: XcodeProjectLayout

    /// Xcode 14 and later write 56 and name the embed phase "Embed Foundation Extensions".
    static let objectVersion = 56
    static let embedPhaseName = "Embed Foundation Extensions"
    static let appProductType = "com.apple.product-type.application.messages"
    static let extensionProductType = "com.apple.product-type.app-extension.messages-sticker-pack"
    /// The icon set's name in the catalog (PackLayout.iconSet) is what this setting names.
    static let appIconName = "iMessage App Icon"

    init(settings: XcodeProjectSettings) {
        self.settings = settings
        layout = XcodeProjectLayout(settings: settings)
    }

    /// Ids by role.
    func id(_ role: String) -> String { PBXObjectID.make(role: role, appName: settings.appName) }

    private func ref(_ role: String, _ comment: String?) -> PBXValue { .reference(id(role), comment: comment) }
    private func list(_ targetKind: String, _ name: String) -> String { "Build configuration list for \(targetKind) \"\(name)\"" }

    /// The file's text.
    func render() -> String {
        PBXProjectText.render(objects: objects(), rootObject: id("project"), objectVersion: Self.objectVersion)
    }

    /// Every object of the project.
    func objects() -> [PBXObject] {
        let app = settings.appName, ext = settings.extensionName
        let appProduct = app + ".app", extProduct = ext + ".appex", catalog = layout.catalog
        var objects: [PBXObject] = [
            PBXObject(id: id("project"), comment: "Project object", isa: "PBXProject", fields: [
                "attributes": .dictionary(["BuildIndependentTargetsInParallel": .string("1"), "LastUpgradeCheck": .string("1500")]),
                "buildConfigurationList": ref("configurations.project", list("PBXProject", app)),
                "compatibilityVersion": .string("Xcode 14.0"),
                "developmentRegion": .string("en"),
                "hasScannedForEncodings": .string("0"),
                "knownRegions": .array([.string("en"), .string("Base")]),
                "mainGroup": ref("group.main", nil),
                "productRefGroup": ref("group.products", "Products"),
                "projectDirPath": .string(""),
                "projectRoot": .string(""),
                "targets": .array([ref("target.app", app), ref("target.extension", ext)]),
            ]),
            PBXObject(id: id("group.main"), comment: nil, isa: "PBXGroup", fields: [
                "children": .array([ref("file.catalog", catalog), ref("group.products", "Products")]),
                "sourceTree": .string("<group>"),
            ]),
            PBXObject(id: id("group.products"), comment: "Products", isa: "PBXGroup", fields: [
                "children": .array([ref("product.app", appProduct), ref("product.extension", extProduct)]),
                "name": .string("Products"),
                "sourceTree": .string("<group>"),
            ]),
            PBXObject(id: id("file.catalog"), comment: catalog, isa: "PBXFileReference", fields: [
                "lastKnownFileType": .string("folder.stickers"), "path": .string(catalog), "sourceTree": .string("<group>"),
            ]),
            product("product.app", appProduct, fileType: "wrapper.application"),
            product("product.extension", extProduct, fileType: "wrapper.app-extension"),
            buildFile("build.catalog.app", file: "file.catalog", name: catalog, phase: "Resources"),
            buildFile("build.catalog.extension", file: "file.catalog", name: catalog, phase: "Resources"),
            PBXObject(id: id("build.extension.embed"), comment: "\(extProduct) in \(Self.embedPhaseName)", isa: "PBXBuildFile", fields: [
                "fileRef": ref("product.extension", extProduct),
                "settings": .dictionary(["ATTRIBUTES": .array([.string("RemoveHeadersOnCopy")])]),
            ]),
            resources("phase.resources.app", files: [ref("build.catalog.app", "\(catalog) in Resources")]),
            resources("phase.resources.extension", files: [ref("build.catalog.extension", "\(catalog) in Resources")]),
            PBXObject(id: id("phase.embed"), comment: Self.embedPhaseName, isa: "PBXCopyFilesBuildPhase", fields: [
                "buildActionMask": .string("2147483647"),
                "dstPath": .string(""),
                "dstSubfolderSpec": .string("13"),
                "files": .array([ref("build.extension.embed", "\(extProduct) in \(Self.embedPhaseName)")]),
                "name": .string(Self.embedPhaseName),
                "runOnlyForDeploymentPostprocessing": .string("0"),
            ]),
            target("target.app", name: app, product: ("product.app", appProduct), type: Self.appProductType,
                   phases: [ref("phase.resources.app", "Resources"), ref("phase.embed", Self.embedPhaseName)],
                   dependencies: [ref("dependency.extension", "PBXTargetDependency")]),
            target("target.extension", name: ext, product: ("product.extension", extProduct), type: Self.extensionProductType,
                   phases: (settings.checkPhase ? [ref("phase.check", Self.checkPhaseName)] : [])
                       + [ref("phase.resources.extension", "Resources")], dependencies: []),
            PBXObject(id: id("dependency.extension"), comment: "PBXTargetDependency", isa: "PBXTargetDependency", fields: [
                "target": ref("target.extension", ext), "targetProxy": ref("proxy.extension", "PBXContainerItemProxy"),
            ]),
            PBXObject(id: id("proxy.extension"), comment: "PBXContainerItemProxy", isa: "PBXContainerItemProxy", fields: [
                "containerPortal": ref("project", "Project object"),
                "proxyType": .string("1"),
                "remoteGlobalIDString": .string(id("target.extension")),
                "remoteInfo": .string(ext),
            ]),
        ]
        if settings.checkPhase { objects.append(checkPhase) }
        objects += configurations("project", list: list("PBXProject", app), debug: projectSettings(debug: true),
                                  release: projectSettings(debug: false))
        objects += configurations("app", list: list("PBXNativeTarget", app), debug: appSettings, release: appSettings)
        objects += configurations("extension", list: list("PBXNativeTarget", ext), debug: extensionSettings, release: extensionSettings)
        return objects
    }

    private func product(_ role: String, _ path: String, fileType: String) -> PBXObject {
        PBXObject(id: id(role), comment: path, isa: "PBXFileReference", fields: [
            "explicitFileType": .string(fileType), "includeInIndex": .string("0"), "path": .string(path),
            "sourceTree": .string("BUILT_PRODUCTS_DIR"),
        ])
    }

    private func buildFile(_ role: String, file: String, name: String, phase: String) -> PBXObject {
        PBXObject(id: id(role), comment: "\(name) in \(phase)", isa: "PBXBuildFile", fields: ["fileRef": ref(file, name)])
    }

    private func resources(_ role: String, files: [PBXValue]) -> PBXObject {
        PBXObject(id: id(role), comment: "Resources", isa: "PBXResourcesBuildPhase", fields: [
            "buildActionMask": .string("2147483647"), "files": .array(files), "runOnlyForDeploymentPostprocessing": .string("0"),
        ])
    }

    private func target(_ role: String, name: String, product: (role: String, path: String), type: String,
                        phases: [PBXValue], dependencies: [PBXValue]) -> PBXObject {
        let kind = role == "target.app" ? "app" : "extension"
        return PBXObject(id: id(role), comment: name, isa: "PBXNativeTarget", fields: [
            "buildConfigurationList": ref("configurations.\(kind)", list("PBXNativeTarget", name)),
            "buildPhases": .array(phases),
            "buildRules": .array([]),
            "dependencies": .array(dependencies),
            "name": .string(name),
            "productName": .string(name),
            "productReference": ref(product.role, product.path),
            "productType": .string(type),
        ])
    }

    /// Debug and Release `XCBuildConfiguration`s and their `XCConfigurationList`.
    private func configurations(_ owner: String, list comment: String, debug: [String: String],
                                release: [String: String]) -> [PBXObject] {
        func configuration(_ name: String, _ values: [String: String]) -> PBXObject {
            PBXObject(id: id("configuration.\(owner).\(name)"), comment: name, isa: "XCBuildConfiguration", fields: [
                "buildSettings": .dictionary(values.mapValues { .string($0) }), "name": .string(name),
            ])
        }
        return [
            configuration("Debug", debug),
            configuration("Release", release),
            PBXObject(id: id("configurations.\(owner)"), comment: comment, isa: "XCConfigurationList", fields: [
                "buildConfigurations": .array([ref("configuration.\(owner).Debug", "Debug"),
                                               ref("configuration.\(owner).Release", "Release")]),
                "defaultConfigurationIsVisible": .string("0"),
                "defaultConfigurationName": .string("Release"),
            ]),
        ]
    }
}
