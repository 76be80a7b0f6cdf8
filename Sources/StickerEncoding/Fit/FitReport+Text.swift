import StickerCore

extension FitReport {
    /// One line for people: "1,217,612 -> 418,959 bytes (81,041 under the limit); quality 0.9999;
    /// 256 colours; 6 of 24 frames dropped; scaled to 306x306 (75%)". Locale-independent.
    public var summary: String {
        var parts = ["\(NumberText.int(losslessBytes)) -> \(NumberText.int(finalBytes)) bytes "
                     + "(\(NumberText.int(headroom)) under the limit)"]
        if lossless {
            parts.append("lossless")
        } else {
            if let lossyBecause { parts.append("lossy without --lossy: \(lossyBecause)") }
            parts.append("quality \(FitError.figure(quality))")
            if let colours { parts.append("\(colours) colours") }
            if let bitsPerChannel { parts.append("\(bitsPerChannel) bits per channel") }
            if let dithering, dithering != "none" { parts.append("dithering \(dithering)") }
            if framesDropped > 0 { parts.append("\(framesDropped) of \(framesIn) frames dropped" + (framesMerged ? " (merged into the kept ones)" : "")) }
            if scale < 1 {
                parts.append("scaled to \(width)x\(height) (\(NumberText.decimal(scale * 100, places: 0))%)"
                             + (scaledBelowGridCell ? ", below the grid cell: no full-size candidate reached the quality floor" : ""))
            }
        }
        return parts.joined(separator: "; ")
    }
}

extension FitReport {
    /// The summary, the steps, what the encodes cost (when counted) and the search as indented
    /// lines, each ending in a newline (for command output).
    public var indentedText: String {
        "  fitted: \(summary)\n  steps: \(steps.joined(separator: "; "))\n"
            + (searchCost.map { "  encodes: \($0.text)\n" } ?? "") + "  search: \(searchText)\n"
    }

    /// "9 candidates in 3.41 s (time budget 5 s)", with ", budget reached" when it ended the search.
    /// A search bounded by a count of encodes says that count instead: "(at most 22 encodes)".
    public var searchText: String {
        let bound = encodeLimit.map { "at most \($0) encodes" }
            ?? "\(timeBudgetWallClock ? "time" : "work") budget \(NumberText.decimal(timeBudgetSeconds, places: 2)) s"
        return "\(candidates.count) candidate\(candidates.count == 1 ? "" : "s") in \(NumberText.decimal(seconds, places: 2)) s "
            + "(\(bound)" + (timeBudgetReached ? ", reached)" : ")")
    }
}
