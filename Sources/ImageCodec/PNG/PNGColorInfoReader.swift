/// Reads the colour-management chunks (iCCP, gAMA, sRGB, cHRM) into `ColorInfo`. A malformed
/// ancillary chunk is ignored, as libpng and browsers ignore it: it never changes the pixels.
enum PNGColorInfoReader {
    /// The colour information the chunks declare.
    static func colorInfo(from chunks: [PNGChunk]) -> ColorInfo {
        var info = ColorInfo()
        for chunk in chunks {
            switch chunk.type {
            case "gAMA" where chunk.data.count == 4 && info.gamma == nil:
                info.gamma = Double(chunk.uint32(at: 0)) / 100_000
            case "sRGB" where chunk.data.count == 1:
                info.hasSRGBChunk = true
            case "cHRM" where chunk.data.count == 32:
                info.hasCHRMChunk = true
            case "iCCP" where !info.hasICCProfile:
                readICCP(chunk, into: &info)
            default:
                break
            }
        }
        return info
    }

    /// iCCP: a 1-79 byte Latin-1 keyword, NUL, compression method 0, zlib-compressed profile.
    private static func readICCP(_ chunk: PNGChunk, into info: inout ColorInfo) {
        guard let nul = chunk.data.firstIndex(of: 0) else { return }
        let keywordLength = nul - chunk.data.startIndex
        guard (1...79).contains(keywordLength), nul + 1 < chunk.data.endIndex, chunk.data[nul + 1] == 0 else { return }
        let name = String(chunk.data[chunk.data.startIndex..<nul].map { Character(Unicode.Scalar($0)) })
        info.hasICCProfile = true
        info.iccProfileName = name
        let description = ZlibInflater.inflate(chunk.data[(nul + 2)...], maxOutput: maxProfileBytes)
            .flatMap(ICCProfileDescription.read)
        info.iccProfileIsSRGB = [name, description ?? ""].contains { $0.lowercased().contains("srgb") }
    }

    /// ICC profiles in the wild are below a few hundred KB; a larger one is not read for its name.
    static let maxProfileBytes = 4 << 20
}
