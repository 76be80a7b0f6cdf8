// swift-tools-version:5.10
// The picture of the package is the picture of the program, bottom to top:
//   C system libraries (one target each) -> CCodecShims (the only C we own: setjmp kept in C)
//   -> ImageCodec (the only Swift module that touches C) -> StickerCore (model, config, catalogs,
//   store tables) -> StickerRules (checks) beside StickerEncoding (fit, assemble) -> StickerReports
//   -> StickerFixes -> StickerKit (build, store packs, sessions) -> StickerServe (`serve`'s server and page)
//   -> StickerForgeCLI (thin commands)
//   -> stickerforge (main). docs/architecture.md draws it.
import PackageDescription

/// What a library test target builds against: every library module (a test target holds the tests of
/// one module, but may set up its inputs with the others) and the shared test helpers.
let libraryTestDependencies: [Target.Dependency] = ["StickerKit", "StickerFixes", "StickerReports", "StickerRules", "StickerEncoding",
                                                    "StickerCore", "ImageCodec", "TestSupport", "StickerTestSupport"]

let package = Package(
    name: "StickerForge",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "stickerforge", targets: ["stickerforge"]),
        .executable(name: "stickerforge-lottie", targets: ["stickerforge-lottie"]),
        .library(name: "ImageCodec", targets: ["ImageCodec"]),
        .library(name: "StickerKit", targets: ["StickerKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // `serve`'s HTTP server: pure Swift on the system's sockets, no SwiftNIO (docs/dependencies.md).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        // MARK: C system libraries: a module map and a one-line shim each.
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng16",
                       providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(name: "CGIFLib", pkgConfig: "libgif",
                       providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
        .systemLibrary(name: "CJPEGTurbo", pkgConfig: "libjpeg",
                       providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CLibDeflate", pkgConfig: "libdeflate",
                       providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
        // Little CMS 2 converts embedded ICC profiles and gAMA/cHRM to sRGB (`stickerforge fix`).
        .systemLibrary(name: "CLCMS2", pkgConfig: "lcms2",
                       providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]),
        // libzopfli ships no pkg-config file; the module map links it by name.
        .systemLibrary(name: "CZopfli", providers: [.apt(["libzopfli-dev"]), .brew(["zopfli"])]),
        // libwebpdemux (animation compositing, chunk access) pulls libwebp itself.
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux",
                       providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        .systemLibrary(name: "CVPX", pkgConfig: "vpx",
                       providers: [.apt(["libvpx-dev"]), .brew(["libvpx"])]),
        // libyuv ships no pkg-config file; the module map links it by name.
        .systemLibrary(name: "CLibYUV", providers: [.apt(["libyuv-dev"]), .brew(["libyuv"])]),
        // xxHash's XXH3-128 fingerprints decoded frames for `check` (duplicates, identical neighbours).
        .systemLibrary(name: "CXXHash", pkgConfig: "libxxhash",
                       providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]),
        // libmd's SHA-256 for the digests StickerForge writes; Apple's systems use CommonCrypto instead.
        .systemLibrary(name: "CLibMD", pkgConfig: "libmd", providers: [.apt(["libmd-dev"])]),
        // Homebrew has no rlottie formula: on macOS it is built from source (README, Install).
        .systemLibrary(name: "CRLottie", pkgConfig: "rlottie", providers: [.apt(["librlottie-dev"])]),

        // MARK: The C we own: every setjmp/longjmp of libpng and libjpeg stays in here.
        .target(name: "CCodecShims",
                dependencies: ["CLibPNG", "CJPEGTurbo", "CLibDeflate"],
                linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg"), .linkedLibrary("deflate")]),
        // libwebm is C++ (webm_parser); its exceptions and classes stay behind an extern "C" API.
        .target(name: "CWebMShim",
                linkerSettings: [.linkedLibrary("webm"), .linkedLibrary("stdc++", .when(platforms: [.linux]))]),

        // Straight RGBA from premultiplied ARGB: plain C that the Lottie helper (which converts lent
        // frames in place as it renders them) and ImageCodec (kept frames, as it copies them) share.
        .target(name: "CStraightAlpha"),

        // MARK: rlottie runs only in this helper process, never inside the tool (docs/security.md).
        .executableTarget(name: "stickerforge-lottie", dependencies: ["CRLottie", "CStraightAlpha"]),

        // MARK: Swift layers
        .target(name: "ImageCodec",
                dependencies: ["CCodecShims", "CStraightAlpha", "CLibPNG", "CGIFLib", "CJPEGTurbo", "CZlib", "CLibDeflate", "CZopfli",
                               "CWebP", "CVPX", "CWebMShim", "CLCMS2", "CLibYUV", "CXXHash",
                               .target(name: "CLibMD", condition: .when(platforms: [.linux]))]),
        // StickerKit's layers, each depending only on those below it (docs/architecture.md):
        // the model, configuration, catalog readers, store tables and file support...
        .target(name: "StickerCore",
                dependencies: ["ImageCodec", .product(name: "Yams", package: "Yams")]),
        // ...the checks, the pack checker, baselines and watch beside the fitting, assembling and
        // encoding of stickers...
        .target(name: "StickerRules", dependencies: ["StickerCore", "ImageCodec"]),
        .target(name: "StickerEncoding", dependencies: ["StickerCore", "ImageCodec"]),
        // ...the reporters, the HTML report and the preview sheet above the rules...
        .target(name: "StickerReports", dependencies: ["StickerRules", "StickerEncoding", "StickerCore", "ImageCodec"]),
        // ...the fixes and the pack fixer above the reports (a fix reports what it did)...
        .target(name: "StickerFixes", dependencies: ["StickerReports", "StickerRules", "StickerEncoding", "StickerCore", "ImageCodec",
                                                     .product(name: "Yams", package: "Yams")]),
        // ...and the pipeline on top: build, the Xcode project, store packs, shards and the sessions
        // that run a whole command.
        .target(name: "StickerKit",
                dependencies: ["StickerFixes", "StickerReports", "StickerRules", "StickerEncoding", "StickerCore", "ImageCodec"]),
        // `serve`: the pack live in the browser, above the whole library; the only module that sees
        // the HTTP server library.
        .target(name: "StickerServe",
                dependencies: ["StickerKit", "StickerFixes", "StickerReports", "StickerRules", "StickerEncoding", "StickerCore",
                               "ImageCodec", .product(name: "FlyingFox", package: "FlyingFox")]),
        .target(name: "StickerForgeCLI",
                dependencies: ["StickerServe", "StickerKit", "ImageCodec",
                               .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // Depends on the Lottie helper only so that building `stickerforge` builds it beside it.
        .executableTarget(name: "stickerforge", dependencies: ["StickerForgeCLI", "stickerforge-lottie"]),

        // MARK: Tests mirror the modules; shared helpers live in one plain target.
        .target(name: "TestSupport", dependencies: ["ImageCodec", "CZlib"], path: "Tests/TestSupport"),
        .testTarget(name: "ImageCodecTests", dependencies: ["ImageCodec", "TestSupport"], exclude: ["Fixtures"]),
        // One test target per library module, folders mirroring the module's; helpers that several
        // of them share live in StickerTestSupport. Golden files are read by path (#filePath), not bundled.
        .target(name: "StickerTestSupport", dependencies: ["StickerKit", "ImageCodec", "TestSupport"],
                path: "Tests/StickerTestSupport"),
        .testTarget(name: "StickerCoreTests", dependencies: libraryTestDependencies),
        .testTarget(name: "StickerRulesTests", dependencies: libraryTestDependencies),
        .testTarget(name: "StickerEncodingTests", dependencies: libraryTestDependencies),
        .testTarget(name: "StickerReportsTests", dependencies: libraryTestDependencies,
                    exclude: ["Report/Golden", "Report/Schema", "Preview/Golden"]),
        .testTarget(name: "StickerFixesTests", dependencies: libraryTestDependencies),
        .testTarget(name: "StickerKitTests", dependencies: libraryTestDependencies,
                    exclude: ["XcodeProject/Golden"]),
        .testTarget(name: "StickerServeTests", dependencies: ["StickerServe"] + libraryTestDependencies),
        .testTarget(name: "StickerForgeCLITests",
                    dependencies: ["StickerForgeCLI", "StickerKit", "ImageCodec", "TestSupport"]),
    ]
)
