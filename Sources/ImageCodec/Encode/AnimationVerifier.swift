/// Replays a frame plan the way a decoder will and compares every displayed frame with the input.
enum AnimationVerifier {
    /// Whether drawing `planned` (after a round trip through the colour plan's packing) shows
    /// exactly `targets`, frame by frame.
    static func shows(_ targets: [PixelBuffer], _ planned: [PlannedFrame], plan: ColorPlan) -> Bool {
        guard let first = targets.first, planned.count == targets.count else { return false }
        var compositor = FrameCompositor(width: first.width, height: first.height)
        for (target, frame) in zip(targets, planned) {
            let stored = plan.unpack(plan.pack(frame.pixels), width: frame.pixels.width, height: frame.pixels.height)
            guard stored.width == frame.region.width, stored.height == frame.region.height,
                  frame.region.x >= 0, frame.region.y >= 0,
                  frame.region.maxX <= first.width, frame.region.maxY <= first.height else { return false }
            let shown = compositor.render(stored, atX: frame.region.x, y: frame.region.y,
                                          blend: frame.blend, dispose: frame.dispose)
            guard shown.normalizedTransparent() == target else { return false }
        }
        return true
    }

    /// Every frame whole, blend source, dispose none: exact by construction.
    static func safePlan(_ frames: [(image: PixelBuffer, delay: FrameDelay)]) -> [PlannedFrame] {
        frames.map { frame in
            PlannedFrame(region: PixelRegion(x: 0, y: 0, width: frame.image.width, height: frame.image.height),
                         pixels: frame.image, blend: .source, dispose: .none, delay: frame.delay)
        }
    }
}
