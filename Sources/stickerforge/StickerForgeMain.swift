import StickerForgeCLI

/// Entry point: all behaviour lives in StickerForgeCLI so tests can drive it in process.
@main
enum StickerForgeMain {
    static func main() async {
        await StickerForgeCommand.main()
    }
}
