import StickerForgeCLI

StickerForgeCommand.main()
