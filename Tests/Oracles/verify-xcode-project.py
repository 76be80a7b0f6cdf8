#!/usr/bin/env python3
"""Checks a project written by `stickerforge build --xcode-project` with an independent reader.

    pip install openstep-parser
    Tests/Oracles/verify-xcode-project.py OUT/StarterPack          # the build folder, or the .xcodeproj itself

The pbxproj is read with openstep-parser (PyPI), not with StickerForge's code; the Info.plists with
plistlib and the shared scheme with xml.etree. Its structure is compared with sticker-pack projects
that Xcode made. Those projects are public; only facts read from them are encoded below (object
counts, phases, product types, settings keys), never their files. Every difference is printed; the
ones Xcode versions disagree on are marked "expected" with the reason. Exit 1 on an unexpected one.
"""
import glob
import os
import plistlib
import sys
import xml.etree.ElementTree as ET

try:
    import openstep_parser
except ImportError:
    sys.exit("openstep-parser is missing: pip install openstep-parser")

# Facts read from Xcode-made "Sticker Pack App" projects on GitHub (repository, path, Xcode version).
REFERENCES = [
    {
        "source": "elihwyma/AmyStickerPack AmyStickerPack/AmyStickerPack.xcodeproj (Xcode 11.7)",
        "objectVersion": 50, "embed_phase": "Embed App Extensions",
        "app_keys": {"ASSETCATALOG_COMPILER_APPICON_NAME", "CODE_SIGN_STYLE", "DEVELOPMENT_TEAM", "INFOPLIST_FILE",
                     "IPHONEOS_DEPLOYMENT_TARGET", "MARKETING_VERSION", "PRODUCT_BUNDLE_IDENTIFIER", "PRODUCT_NAME",
                     "TARGETED_DEVICE_FAMILY"},
        "extension_keys": {"ASSETCATALOG_COMPILER_APPICON_NAME", "CODE_SIGN_STYLE", "DEVELOPMENT_TEAM", "INFOPLIST_FILE",
                           "IPHONEOS_DEPLOYMENT_TARGET", "PRODUCT_BUNDLE_IDENTIFIER", "PRODUCT_NAME", "SKIP_INSTALL",
                           "TARGETED_DEVICE_FAMILY"},
        "extra_file_references": 0,
    },
    {
        "source": "elihwyma/AmyStickerPack Charlie Sticker Pack.xcodeproj (Xcode 12.0)",
        "objectVersion": 50, "embed_phase": "Embed App Extensions",
        "app_keys": {"ASSETCATALOG_COMPILER_APPICON_NAME", "CODE_SIGN_STYLE", "DEVELOPMENT_TEAM", "INFOPLIST_FILE",
                     "IPHONEOS_DEPLOYMENT_TARGET", "PRODUCT_BUNDLE_IDENTIFIER", "PRODUCT_NAME", "TARGETED_DEVICE_FAMILY"},
        "extension_keys": {"ASSETCATALOG_COMPILER_APPICON_NAME", "CODE_SIGN_STYLE", "DEVELOPMENT_TEAM", "INFOPLIST_FILE",
                           "IPHONEOS_DEPLOYMENT_TARGET", "PRODUCT_BUNDLE_IDENTIFIER", "PRODUCT_NAME", "SKIP_INSTALL",
                           "TARGETED_DEVICE_FAMILY"},
        "extra_file_references": 0,
    },
    {
        "source": "valentinegb/Neocat Neocat.xcodeproj (Xcode 15.2)",
        "objectVersion": 56, "embed_phase": "Embed Foundation Extensions",
        "app_keys": {"ASSETCATALOG_COMPILER_APPICON_NAME", "CODE_SIGN_STYLE", "CURRENT_PROJECT_VERSION", "DEVELOPMENT_TEAM",
                     "GENERATE_INFOPLIST_FILE", "INFOPLIST_FILE", "INFOPLIST_KEY_NSStickerSharingLevel", "MARKETING_VERSION",
                     "PRODUCT_BUNDLE_IDENTIFIER", "PRODUCT_NAME", "SWIFT_EMIT_LOC_STRINGS", "TARGETED_DEVICE_FAMILY"},
        "extension_keys": {"ASSETCATALOG_COMPILER_APPICON_NAME", "CODE_SIGN_STYLE", "CURRENT_PROJECT_VERSION", "DEVELOPMENT_TEAM",
                           "GENERATE_INFOPLIST_FILE", "INFOPLIST_FILE", "INFOPLIST_KEY_NSStickerSharingLevel",
                           "MARKETING_VERSION", "PRODUCT_BUNDLE_IDENTIFIER", "PRODUCT_NAME", "SKIP_INSTALL",
                           "SWIFT_EMIT_LOC_STRINGS", "TARGETED_DEVICE_FAMILY"},
        "extra_file_references": 1,  # a README.md in the main group
    },
]

# What all three share: the template's object graph.
ISA_COUNTS = {"PBXBuildFile": 3, "PBXContainerItemProxy": 1, "PBXCopyFilesBuildPhase": 1, "PBXFileReference": 3,
              "PBXGroup": 2, "PBXNativeTarget": 2, "PBXProject": 1, "PBXResourcesBuildPhase": 2,
              "PBXTargetDependency": 1, "XCBuildConfiguration": 6, "XCConfigurationList": 3}
APP_TYPE = "com.apple.product-type.application.messages"
EXTENSION_TYPE = "com.apple.product-type.app-extension.messages-sticker-pack"

# Why a settings key may differ from one Xcode version's template.
EXPECTED_KEY_DIFFERENCES = {
    "DEVELOPMENT_TEAM": "written only when --team-id or app.team_id gives one",
    "MARKETING_VERSION": "always written: the Info.plists read $(MARKETING_VERSION) (Xcode 11+)",
    "CURRENT_PROJECT_VERSION": "always written: the Info.plists read $(CURRENT_PROJECT_VERSION)",
    "IPHONEOS_DEPLOYMENT_TARGET": "set on each target as Xcode 11/12 did; Xcode 15 sets it on the project only",
    "GENERATE_INFOPLIST_FILE": "Xcode 15 template; StickerForge writes complete Info.plists instead",
    "INFOPLIST_KEY_NSStickerSharingLevel": "Xcode 15 template, generated-plist key (not used with complete plists)",
    "SWIFT_EMIT_LOC_STRINGS": "Xcode 15 template; a code-free project has no Swift",
}


class Report:
    def __init__(self):
        self.checks, self.unexpected, self.expected = 0, [], []

    def same(self, what, ours, theirs, expected_reason=None):
        self.checks += 1
        if ours == theirs:
            return
        line = f"{what}: ours {ours!r}, Xcode's {theirs!r}"
        if expected_reason:
            self.expected.append(f"{line} (expected: {expected_reason})")
        else:
            self.unexpected.append(line)


def find_project(path):
    if path.endswith(".xcodeproj"):
        return os.path.dirname(os.path.abspath(path)), path
    found = sorted(glob.glob(os.path.join(path, "*.xcodeproj")))
    if len(found) != 1:
        sys.exit(f"{path}: expected one .xcodeproj, found {len(found)}")
    return os.path.abspath(path), found[0]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    folder, project_path = find_project(sys.argv[1])
    with open(os.path.join(project_path, "project.pbxproj"), encoding="utf-8") as f:
        text = f.read()
    doc = openstep_parser.OpenStepDecoder.ParseFromString(text)
    objects = doc["objects"]
    report = Report()

    def obj(ref, what):
        if ref not in objects:
            report.unexpected.append(f"{what}: reference {ref} does not resolve")
            return {}
        return objects[ref]

    # Every 24-hex-digit value resolves.
    def walk(value, where):
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, f"{where}.{k}")
        elif isinstance(value, list):
            for v in value:
                walk(v, where)
        elif isinstance(value, str) and len(value) == 24 and all(c in "0123456789ABCDEF" for c in value):
            report.checks += 1
            if value not in objects:
                report.unexpected.append(f"{where}: {value} does not resolve")
    walk(objects, "objects")
    report.same("text starts with the UTF-8 marker", text.startswith("// !$*UTF8*$!\n"), True)

    counts = {}
    for o in objects.values():
        counts[o["isa"]] = counts.get(o["isa"], 0) + 1
    root = obj(doc["rootObject"], "rootObject")
    targets = [obj(t, "targets") for t in root.get("targets", [])]
    by_type = {t.get("productType"): t for t in targets}
    app, ext = by_type.get(APP_TYPE, {}), by_type.get(EXTENSION_TYPE, {})
    report.same("target product types", sorted(by_type), sorted([APP_TYPE, EXTENSION_TYPE]))
    phases = lambda t: [obj(p, "buildPhases") for p in t.get("buildPhases", [])]
    report.same("app phases", [p.get("isa") for p in phases(app)], ["PBXResourcesBuildPhase", "PBXCopyFilesBuildPhase"])
    # `build --check-phase` adds one Run Script phase, first on the extension target (not in Xcode's template).
    check_phases = [p for p in phases(ext) if p.get("isa") == "PBXShellScriptBuildPhase"]
    report.same("extension phases", [p.get("isa") for p in phases(ext)],
                (["PBXShellScriptBuildPhase"] if check_phases else []) + ["PBXResourcesBuildPhase"])
    for phase in check_phases:
        script = phase.get("shellScript", "")
        report.same("check phase shell", phase.get("shellPath"), "/bin/sh")
        report.same("check phase name", phase.get("name"), "stickerforge check")
        report.same("check phase runs on every build", phase.get("alwaysOutOfDate"), "1")
        report.same("check phase input", phase.get("inputPaths"), ["$(SRCROOT)/Stickers.xcstickers"])
        for needle in ('stickerforge check --quiet --format xcode "$SRCROOT/Stickers.xcstickers"',
                       "/opt/homebrew/bin", "/usr/local/bin", "command -v stickerforge", 'echo "warning: stickerforge is not installed'):
            report.same(f"check phase script contains {needle!r}", needle in script, True)
    embed = next((p for p in phases(app) if p.get("isa") == "PBXCopyFilesBuildPhase"), {})
    report.same("embed phase dstSubfolderSpec", embed.get("dstSubfolderSpec"), "13")
    report.same("embed phase dstPath", embed.get("dstPath"), "")
    embedded = [obj(f, "embed files") for f in embed.get("files", [])]
    report.same("embed phase copies the extension product", [f.get("fileRef") for f in embedded], [ext.get("productReference")])
    report.same("embed attributes", [f.get("settings", {}).get("ATTRIBUTES") for f in embedded], [["RemoveHeadersOnCopy"]])
    for name, target in (("app", app), ("extension", ext)):
        resources = [p for p in phases(target) if p.get("isa") == "PBXResourcesBuildPhase"]
        files = [obj(obj(f, "resources").get("fileRef"), "fileRef") for p in resources for f in p.get("files", [])]
        report.same(f"{name} Resources hold the catalog", [(os.path.basename(f.get("path", "")), f.get("lastKnownFileType")) for f in files],
                    [("Stickers.xcstickers", "folder.stickers")])
        product = obj(target.get("productReference"), "productReference")
        report.same(f"{name} product file type", product.get("explicitFileType"),
                    "wrapper.application" if name == "app" else "wrapper.app-extension")
        report.same(f"{name} product source tree", product.get("sourceTree"), "BUILT_PRODUCTS_DIR")
        configs = [obj(c, "buildConfigurations") for c in obj(target.get("buildConfigurationList"), "list").get("buildConfigurations", [])]
        report.same(f"{name} configurations", [c.get("name") for c in configs], ["Debug", "Release"])
    dependency = obj((app.get("dependencies") or [""])[0], "dependencies")
    proxy = obj(dependency.get("targetProxy"), "targetProxy")
    ext_id = next((k for k, v in objects.items() if v is ext), None)
    report.same("dependency target", dependency.get("target"), ext_id)
    report.same("proxy", (proxy.get("proxyType"), proxy.get("containerPortal"), proxy.get("remoteGlobalIDString"), proxy.get("remoteInfo")),
                ("1", doc["rootObject"], ext_id, ext.get("name")))
    project_configs = [obj(c, "project configurations") for c in obj(root.get("buildConfigurationList"), "list").get("buildConfigurations", [])]
    report.same("project configurations", [c.get("name") for c in project_configs], ["Debug", "Release"])

    settings = lambda t, n: next((obj(c, "c")["buildSettings"] for c in obj(t.get("buildConfigurationList"), "l").get("buildConfigurations", [])
                                  if obj(c, "c").get("name") == n), {})
    app_release, ext_release = settings(app, "Release"), settings(ext, "Release")
    report.same("extension bundle id", ext_release.get("PRODUCT_BUNDLE_IDENTIFIER"), app_release.get("PRODUCT_BUNDLE_IDENTIFIER", "?") + ".StickerPackExtension")
    for key, value in (("ASSETCATALOG_COMPILER_APPICON_NAME", "iMessage App Icon"), ("PRODUCT_NAME", "$(TARGET_NAME)"), ("CODE_SIGN_STYLE", "Automatic")):
        report.same(f"app {key}", app_release.get(key), value)
        report.same(f"extension {key}", ext_release.get(key), value)
    report.same("extension SKIP_INSTALL", ext_release.get("SKIP_INSTALL"), "YES")
    report.same("project SDKROOT", settings(root, "Release").get("SDKROOT"), "iphoneos")

    # Against each Xcode-made project: what its version of the template writes.
    for ref in REFERENCES:
        src = ref["source"]
        report.same(f"[{src}] objectVersion", int(doc["objectVersion"]), ref["objectVersion"],
                    "objectVersion follows the Xcode version; 46 to 56 are read by every current Xcode")
        report.same(f"[{src}] embed phase name", embed.get("name"), ref["embed_phase"],
                    "Xcode 14 renamed \"Embed App Extensions\" to \"Embed Foundation Extensions\"")
        theirs = dict(ISA_COUNTS, PBXFileReference=3 + ref["extra_file_references"])
        if check_phases:
            report.same(f"[{src}] Run Script phases", counts.get("PBXShellScriptBuildPhase"), None,
                        "--check-phase adds the stickerforge check phase")
        ours_counts = {k: v for k, v in counts.items() if k != "PBXShellScriptBuildPhase" or not check_phases}
        report.same(f"[{src}] object counts", ours_counts, theirs,
                    "that project lists an extra file (README.md)" if ref["extra_file_references"] else None)
        for name, ours, keys in (("app", app_release, ref["app_keys"]), ("extension", ext_release, ref["extension_keys"])):
            for key in sorted(set(ours) ^ keys):
                reason = EXPECTED_KEY_DIFFERENCES.get(key)
                report.same(f"[{src}] {name} setting {key}", key in ours, key in keys, reason)

    # The Info.plists and the shared scheme.
    for name, target, package in (("app", app_release, "APPL"), ("extension", ext_release, "XPC!")):
        path = os.path.join(folder, target.get("INFOPLIST_FILE", "-"))
        with open(path, "rb") as f:
            plist = plistlib.load(f)
        report.same(f"{name} CFBundlePackageType", plist.get("CFBundlePackageType"), package)
        report.same(f"{name} CFBundleIdentifier", plist.get("CFBundleIdentifier"), "$(PRODUCT_BUNDLE_IDENTIFIER)")
        if name == "extension":
            report.same("NSExtension", plist.get("NSExtension"), {"NSExtensionPointIdentifier": "com.apple.message-payload-provider",
                                                                  "NSExtensionPrincipalClass": "StickerBrowserViewController"})
    schemes = glob.glob(os.path.join(project_path, "xcshareddata", "xcschemes", "*.xcscheme"))
    report.same("shared schemes", len(schemes), 1)
    app_id = next((k for k, v in objects.items() if v is app), None)
    for scheme in schemes:
        ids = {r.get("BlueprintIdentifier") for r in ET.parse(scheme).getroot().iter("BuildableReference")}
        report.same("scheme builds the app target", ids, {app_id})
    report.same("workspace data", ET.parse(os.path.join(project_path, "project.xcworkspace", "contents.xcworkspacedata"))
                .getroot().find("FileRef").get("location"), "self:")

    for line in report.expected:
        print("difference", line)
    for line in report.unexpected:
        print("DIFFERENCE", line)
    print(f"{project_path}: {report.checks} checks against {len(REFERENCES)} Xcode-made sticker-pack projects; "
          f"{len(report.unexpected)} unexpected differences, {len(report.expected)} expected ones (Xcode versions differ)")
    return 1 if report.unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
