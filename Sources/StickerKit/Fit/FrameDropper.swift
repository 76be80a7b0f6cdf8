import ImageCodec

/// Frame-rate reduction that keeps the loop's duration and its key poses.
///
/// Repeatedly removes the frame that differs least from the frame shown before it (mean absolute
/// difference of premultiplied RGBA, sampled on every other row and column) and gives its time to
/// that frame, so the loop lasts exactly as long and big movements keep their frames. Frame 0 is
/// never removed: it is the poster image. Ties remove the later frame.
struct FrameDropper: Sendable {
    /// The frames' images.
    let images: [PixelBuffer]

    /// Indices of the frames kept when only `keep` of them remain (ascending, always with 0).
    func kept(count keep: Int) -> [Int] {
        var alive = Array(images.indices)
        guard keep >= 1, keep < images.count else { return alive }
        var change = [Double](repeating: 0, count: images.count)
        for i in 1..<images.count { change[i] = Self.difference(images[i - 1], images[i]) }
        while alive.count > keep {
            var pick = 1
            for k in 1..<alive.count where change[alive[k]] <= change[alive[pick]] { pick = k }
            alive.remove(at: pick)
            if pick < alive.count {
                change[alive[pick]] = Self.difference(images[alive[pick - 1]], images[alive[pick]])
            }
        }
        return alive
    }

    /// The kept frames with the dropped frames' time added to the kept frame before them; the sum
    /// of the delays is exactly the input's.
    static func merge(_ frames: [AnimationFrame], kept: [Int]) -> [AnimationFrame] {
        var out: [AnimationFrame] = []
        for (k, start) in kept.enumerated() {
            let end = k + 1 < kept.count ? kept[k + 1] : frames.count
            let delay = frames[start..<end].map(\.delay).reduce(FrameDelay.zero, +)
            out.append(AnimationFrame(image: frames[start].image, delay: delay))
        }
        return out
    }

    /// For each input frame, the position in `kept` of the frame shown in its place.
    static func shownFrame(kept: [Int], frameCount: Int) -> [Int] {
        var map = [Int](repeating: 0, count: frameCount), k = 0
        for i in 0..<frameCount {
            while k + 1 < kept.count && kept[k + 1] <= i { k += 1 }
            map[i] = k
        }
        return map
    }

    static func difference(_ x: PixelBuffer, _ y: PixelBuffer) -> Double {
        var total = 0, samples = 0
        for row in stride(from: 0, to: x.height, by: 2) {
            for col in stride(from: 0, to: x.width, by: 2) {
                let i = (row * x.width + col) * 4
                let ax = Int(x.pixels[i + 3]), ay = Int(y.pixels[i + 3])
                for c in 0..<3 { total += abs(Int(x.pixels[i + c]) * ax - Int(y.pixels[i + c]) * ay) / 255 }
                total += abs(ax - ay)
                samples += 1
            }
        }
        return samples == 0 ? 0 : Double(total) / Double(samples)
    }
}
