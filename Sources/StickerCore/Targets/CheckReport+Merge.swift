extension CheckReport {
    /// The report without its pack-level findings (those naming no sticker), counts redone: what a
    /// check of some stickers of a pack reports, since the pack as a whole was not checked.
    public func keepingStickerFindings() -> CheckReport {
        var copy = self
        copy.findings = findings.filter { $0.sticker != nil }
        copy.summary = ReportSummary.tally(stickers: stickers, findings: copy.findings)
        return copy
    }

    /// Several reports as one, for `check` given several packs or files. Every path becomes
    /// relative to the deepest folder that holds all the reports' roots, which is the merged
    /// report's `pack.path`; a pack-level finding without a file names its pack's root. The pack
    /// name joins the packs' names; the grid size is the first report's.
    ///
    /// - Parameters:
    ///   - parts: each report with its root as an absolute path.
    ///   - workingDirectory: the merged root is shown relative to it when inside it.
    public static func merging(_ parts: [(report: CheckReport, root: String)], workingDirectory: String) -> CheckReport {
        guard let first = parts.first else {
            return CheckReport(tool: ToolInfo(version: ""), pack: PackInfo(name: "", gridSize: .regular, path: "."),
                               summary: ReportSummary(stickers: 0, errors: 0, warnings: 0, infos: 0, passed: 0),
                               stickers: [], findings: [])
        }
        let common = RelativePath.commonAncestor(parts.map(\.root))
        var stickers: [StickerReport] = []
        var findings: [Finding] = []
        var names: [String] = []
        for (report, root) in parts {
            let prefix = RelativePath.relative(root, to: common) ?? root
            func moved(_ finding: Finding) -> Finding {
                var finding = finding
                finding.file = finding.file.map { RelativePath.join(prefix, $0) } ?? (prefix.isEmpty ? nil : prefix)
                return finding
            }
            if !names.contains(report.pack.name) { names.append(report.pack.name) }
            findings += report.findings.map(moved)
            stickers += report.stickers.map { sticker in
                var sticker = sticker
                sticker.files = sticker.files.map { RelativePath.join(prefix, $0) }
                sticker.findings = sticker.findings.map(moved)
                return sticker
            }
        }
        // As in one pack's report: findings naming no sticker first, then each sticker's.
        findings = findings.filter { $0.sticker == nil } + findings.filter { $0.sticker != nil }
        return CheckReport(tool: first.report.tool,
                           pack: PackInfo(name: names.joined(separator: ", "), gridSize: first.report.pack.gridSize,
                                          path: RelativePath.display(common, workingDirectory: workingDirectory)),
                           summary: ReportSummary.tally(stickers: stickers, findings: findings),
                           stickers: stickers, findings: findings)
    }
}

extension StickerSource {
    /// The sticker with every path moved under `prefix` (a folder relative to a new root), for
    /// reports merged from several packs.
    public func prefixed(_ prefix: String) -> StickerSource {
        guard !prefix.isEmpty else { return self }
        var copy = self
        copy.folder = folder.map { RelativePath.join(prefix, $0) }
        switch content {
        case .file(let file): copy.content = .file(RelativePath.join(prefix, file))
        case .sequence(let frames, let timing, let repetitions):
            copy.content = .sequence(frames: frames.map { RelativePath.join(prefix, $0) }, timing: timing,
                                     repetitions: repetitions)
        }
        return copy
    }
}
