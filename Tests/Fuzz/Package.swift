// swift-tools-version:5.10
// libFuzzer harnesses for StickerForge, kept out of the main package so that its normal build and
// tests never see -sanitize=fuzzer. Build and run them with Scripts/fuzz.sh, which passes
// `-Xswiftc -sanitize=fuzzer,address` so every Swift module of ours (and the harness) is
// instrumented; the harness executables get libFuzzer's main.
import PackageDescription

let harnesses = ["FuzzSniffer", "FuzzDecode", "FuzzAPNGRoundTrip", "FuzzContentsJSON", "FuzzPackConfig", "FuzzLottie"]

let package = Package(
    name: "StickerForgeFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "StickerForge", path: "../..")],
    targets: [.target(name: "FuzzSupport")] + harnesses.map { name in
        .executableTarget(name: name,
                          dependencies: ["FuzzSupport",
                                         .product(name: "ImageCodec", package: "StickerForge"),
                                         .product(name: "StickerKit", package: "StickerForge")],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    }
)
