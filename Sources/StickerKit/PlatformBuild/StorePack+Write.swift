extension StorePack {
    /// Writes the store's folder as a build folder: whole, into a temporary folder moved into place
    /// (`PackBuilder.write`), so a failed build leaves the previous one intact; an existing folder
    /// is replaced only when this tool wrote it.
    /// - Throws: `BuildError` with the path.
    public func write(to folder: String) throws {
        let record = BuildRecord(units: [:])
        let plan = BuildPlan(files: files.merging([BuildRecord.fileName: try record.encoded()]) { own, _ in own },
                             manifest: BuildManifest(pack: ManifestPack(name: name, gridSize: .regular, count: stickers.count), stickers: []),
                             findings: [], reusedCount: 0, builtCount: stickers.count, iconsReused: false)
        try PackBuilder(options: PackBuildOptions(outputDirectory: folder)).write(plan, to: folder)
    }
}
