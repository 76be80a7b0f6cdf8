import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

extension StickerPackProject {
    /// The Run Script phase's name in Xcode's build-phase list.
    static let checkPhaseName = "stickerforge check"

    /// The script of `build --check-phase`: checks the catalog with `stickerforge check --format
    /// xcode`, whose lines Xcode lists as issues; its exit status (1 on an error finding) fails the
    /// build. Homebrew's and /usr/local's bin folders are searched after the user's PATH, since
    /// Xcode runs phases with a minimal PATH (SwiftLint's documented phase does the same). Without
    /// the tool it prints a warning that says how to install it, and the build goes on.
    static let checkPhaseScript = """
        # Written by `stickerforge build --check-phase`: checks the sticker catalog; errors fail the build.
        export PATH="$PATH:/opt/homebrew/bin:/usr/local/bin"
        if command -v stickerforge >/dev/null 2>&1; then
          stickerforge check --quiet --format xcode "$SRCROOT/\(PackLayout.catalog)"
        else
          echo "warning: stickerforge is not installed, so the sticker catalog was not checked. Install it with Scripts/install.sh from the StickerForge repository (README, Install), or put it on PATH."
        fi

        """

    /// The `PBXShellScriptBuildPhase` the extension target runs first, when asked for.
    var checkPhase: PBXObject {
        PBXObject(id: id("phase.check"), comment: Self.checkPhaseName, isa: "PBXShellScriptBuildPhase", fields: [
            // Run on every build: the catalog is a folder whose changes Xcode's dependency analysis does not track.
            "alwaysOutOfDate": .string("1"),
            "buildActionMask": .string("2147483647"),
            "files": .array([]),
            "inputFileListPaths": .array([]),
            "inputPaths": .array([.string("$(SRCROOT)/" + PackLayout.catalog)]),
            "name": .string(Self.checkPhaseName),
            "outputFileListPaths": .array([]),
            "outputPaths": .array([]),
            "runOnlyForDeploymentPostprocessing": .string("0"),
            "shellPath": .string("/bin/sh"),
            "shellScript": .string(Self.checkPhaseScript),
        ])
    }
}
