/// Reads the frame size a VP8 or VP9 frame declares, from its uncompressed header, before libvpx
/// sees it: libvpx allocates whatever the bitstream asks for (VP9 up to 65536 px a side, also on
/// inter frames), so every size that can enter the decoder is checked against the limits first.
enum VPXFrameSizeProbe {
    /// The explicit sizes `payload` declares (none when its frames reuse a reference's size).
    static func sizes(vp9 isVP9: Bool, _ payload: ArraySlice<UInt8>) -> [(width: Int, height: Int)] {
        if !isVP9 { return vp8KeyFrameSize(payload).map { [$0] } ?? [] }
        return superframe(payload).compactMap { vp9Size($0) }
    }

    /// A VP8 key frame's size: a 3-byte frame tag (bit 0 clear on key frames), the start code
    /// 9d 01 2a, then 14-bit width and height.
    private static func vp8KeyFrameSize(_ p: ArraySlice<UInt8>) -> (width: Int, height: Int)? {
        let b = Array(p.prefix(10))
        guard b.count == 10, b[0] & 1 == 0, b[3] == 0x9d, b[4] == 0x01, b[5] == 0x2a else { return nil }
        return ((Int(b[6]) | Int(b[7]) << 8) & 0x3fff, (Int(b[8]) | Int(b[9]) << 8) & 0x3fff)
    }

    /// The frames of a VP9 packet: one, or several behind a superframe index (the last byte is
    /// 0b110mmfff, repeated at the start of the index; sizes are little-endian, mm+1 bytes each).
    private static func superframe(_ p: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        guard let marker = p.last, marker & 0xe0 == 0xc0 else { return [p] }
        let count = Int(marker & 7) + 1, bytes = Int((marker >> 3) & 3) + 1
        let indexSize = 2 + bytes * count
        guard p.count >= indexSize, p[p.endIndex - indexSize] == marker else { return [p] }
        var frames: [ArraySlice<UInt8>] = [], start = p.startIndex, at = p.endIndex - indexSize + 1
        for _ in 0..<count {
            var size = 0
            for k in 0..<bytes { size |= Int(p[at + k]) << (8 * k) }
            at += bytes
            guard size <= p.endIndex - indexSize - start else { break }
            frames.append(p[start..<(start + size)])
            start += size
        }
        return frames
    }

    /// A VP9 frame's explicit size (key frames, intra-only frames, and inter frames that do not
    /// take a reference's size), read from the uncompressed header (VP9 bitstream spec 6.2).
    private static func vp9Size(_ p: ArraySlice<UInt8>) -> (width: Int, height: Int)? {
        var bits = BitReader(p)
        guard bits.read(2) == 2 else { return nil }  // frame_marker
        let profile = bits.read(1) | bits.read(1) << 1
        if profile == 3 { _ = bits.read(1) }
        if bits.read(1) == 1 { return nil }  // show_existing_frame
        let keyFrame = bits.read(1) == 0
        let showFrame = bits.read(1) == 1
        let errorResilient = bits.read(1) == 1
        func frameSize() -> (Int, Int)? {
            let w = bits.read(16) + 1, h = bits.read(16) + 1
            return bits.overrun ? nil : (w, h)
        }
        func colorConfig() {
            if profile >= 2 { _ = bits.read(1) }
            if bits.read(3) != 7 {  // not sRGB
                _ = bits.read(1)
                if profile == 1 || profile == 3 { _ = bits.read(3) }
            } else if profile == 1 || profile == 3 { _ = bits.read(1) }
        }
        if keyFrame {
            _ = bits.read(24)  // sync code
            colorConfig()
            return frameSize()
        }
        let intraOnly = showFrame ? false : bits.read(1) == 1
        if !errorResilient { _ = bits.read(2) }  // reset_frame_context
        if intraOnly {
            _ = bits.read(24)
            if profile > 0 { colorConfig() }
            _ = bits.read(8)  // refresh_frame_flags
            return frameSize()
        }
        _ = bits.read(8 + 3 * 4)  // refresh_frame_flags, ref_frame_idx and sign bias x3
        for _ in 0..<3 where bits.read(1) == 1 { return nil }  // found_ref: a reference's (checked) size
        return frameSize()
    }

    /// MSB-first bits; reads past the end yield zeros and set `overrun`.
    private struct BitReader {
        let bytes: ArraySlice<UInt8>
        var position = 0
        var overrun = false
        init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }
        mutating func read(_ count: Int) -> Int {
            var value = 0
            for _ in 0..<count {
                let byte = position >> 3
                var bit = 0
                if byte < bytes.count {
                    bit = Int(bytes[bytes.startIndex + byte] >> (7 - UInt8(position & 7))) & 1
                } else { overrun = true }
                value = value << 1 | bit
                position += 1
            }
            return value
        }
    }
}
