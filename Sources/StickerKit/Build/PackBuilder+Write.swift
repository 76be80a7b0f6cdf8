import Foundation

extension PackBuilder {
    /// Writes the plan (plus `extraFiles`, e.g. `report.json`) as the build folder `outputDir`.
    ///
    /// A file whose bytes equal the previous build's is hard-linked from it instead of written, so
    /// it keeps its inode and modification time: Xcode and other tools see only what changed.
    /// Everything goes into a fresh temporary folder beside the output first; only when every file
    /// is written is the old folder renamed aside, the new one renamed in, and the old one deleted.
    /// A failure at any point leaves the previous build untouched. An existing folder is replaced
    /// only when this tool created it (it holds `.stickerforge-build.json`) or it is empty.
    /// - Throws: `BuildError.notOurFolder` for any other existing path; `BuildError.invalidExtraFile`
    ///   when an extra file would replace a built one or leave the folder; I/O errors with the path.
    public func write(_ plan: BuildPlan, extraFiles: [String: [UInt8]] = [:], to outputDir: String) throws {
        for path in extraFiles.keys {
            if plan.files[path] != nil { throw BuildError.invalidExtraFile(path: path, reason: "the build already writes this file") }
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            if path.hasPrefix("/") || path.isEmpty || parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) {
                throw BuildError.invalidExtraFile(path: path, reason: "the path must be relative and stay inside the build folder")
            }
        }
        let output = URL(fileURLWithPath: outputDir).standardizedFileURL
        let parent = output.deletingLastPathComponent()
        try createFolder(parent.path)
        let existing = FileIO.kind(of: output.path)
        if existing.exists {
            guard existing.isDirectory, try isReplaceable(output.path) else { throw BuildError.notOurFolder(path: output.path) }
        }
        let temp = parent.appendingPathComponent(".\(output.lastPathComponent).stickerforge-new-\(UUID().uuidString)").path
        do {
            try createFolder(temp)
            let all = plan.files.merging(extraFiles) { built, _ in built }
            for path in all.keys.sorted() {
                let target = FileIO.join(temp, path)
                try createFolder(URL(fileURLWithPath: target).deletingLastPathComponent().path)
                let bytes = all[path] ?? []
                if !(existing.isDirectory && Self.linkIfUnchanged(FileIO.join(output.path, path), bytes: bytes, to: target)) {
                    do { try Data(bytes).write(to: URL(fileURLWithPath: target)) } catch {
                        throw BuildError.io(path: target, reason: "cannot write (\(FileIO.reasonText(error)))")
                    }
                }
                try afterFileWritten?(path)
            }
        } catch {
            removeQuietly(temp)
            throw error
        }
        try swapIn(temp, at: output.path, replacing: existing.exists)
    }

    /// Renames the new folder into place, keeping the old one until the new one is there.
    private func swapIn(_ temp: String, at output: String, replacing: Bool) throws {
        guard replacing else {
            do { try FileIO.rename(temp, to: output) } catch { removeQuietly(temp); throw error }
            return
        }
        let parent = URL(fileURLWithPath: output).deletingLastPathComponent()
        let aside = parent.appendingPathComponent(".\(URL(fileURLWithPath: output).lastPathComponent).stickerforge-old-\(UUID().uuidString)").path
        do { try FileIO.rename(output, to: aside) } catch { removeQuietly(temp); throw error }
        do { try FileIO.rename(temp, to: output) } catch {
            // Put the previous build back before reporting; if even that fails the error says where it is.
            do { try FileIO.rename(aside, to: output) } catch {
                throw BuildError.io(path: output, reason: "the new build could not be moved in and the previous one is left at \(aside)")
            }
            removeQuietly(temp)
            throw error
        }
        do { try FileManager.default.removeItem(atPath: aside) } catch {
            throw BuildError.io(path: aside, reason: "the new build is in place but the previous one could not be removed "
                                + "(\(FileIO.reasonText(error))); delete it by hand")
        }
    }

    /// Whether an existing folder may be replaced: ours (a readable build record) or empty.
    func isReplaceable(_ folder: String) throws -> Bool {
        if try BuildRecord.load(fromFolder: folder) != nil { return true }
        do { return try FileManagerListing.contents(of: folder).isEmpty } catch {
            throw BuildError.io(path: folder, reason: "cannot list (\(FileIO.reasonText(error)))")
        }
    }

    private func createFolder(_ path: String) throws {
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw BuildError.io(path: path, reason: "cannot create the folder (\(FileIO.reasonText(error)))")
        }
    }

    /// Cleanup after a failure that is already being reported: a leftover temporary folder is
    /// harmless (hidden, uniquely named), so its own removal error is not worth masking the cause.
    private func removeQuietly(_ path: String) {
        do { try FileManager.default.removeItem(atPath: path) } catch { return }
    }
}
