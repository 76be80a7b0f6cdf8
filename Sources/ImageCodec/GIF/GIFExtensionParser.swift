/// Reads the two extensions that matter for display: Graphic Control and NETSCAPE2.0 looping.
enum GIFExtensionParser {
    /// The last Graphic Control Extension before the image wins; a short one is ignored, as
    /// browsers do, rather than failing the whole file.
    static func graphicControl(_ blocks: [GIFExtension]) -> GIFGraphicControl {
        var control = GIFGraphicControl()
        for block in blocks where block.function == 0xF9 && block.bytes.count >= 4 {
            let b = block.bytes
            control.disposal = Int(b[0] >> 2) & 7
            control.delayCentiseconds = Int(b[1]) | Int(b[2]) << 8
            control.transparentIndex = b[0] & 1 != 0 ? Int(b[3]) : nil
        }
        return control
    }

    /// The loop count of an application extension "NETSCAPE2.0" or "ANIMEXTS1.0" whose first
    /// sub-block has id 1; nil when there is none.
    static func netscapeLoopCount(_ blocks: [GIFExtension]) -> Int? {
        let names: [[UInt8]] = [Array("NETSCAPE2.0".utf8), Array("ANIMEXTS1.0".utf8)]
        for (index, block) in blocks.enumerated() where block.function == 0xFF && names.contains(block.bytes) {
            guard index + 1 < blocks.count else { continue }
            let sub = blocks[index + 1]
            if sub.function == 0, sub.bytes.count >= 3, sub.bytes[0] == 1 {
                return Int(sub.bytes[1]) | Int(sub.bytes[2]) << 8
            }
        }
        return nil
    }
}
