/// JSON rewrites that make rlottie 0.1's whole-frame rendering land on the times lottie-web draws.
///
/// rlottie evaluates everything at integer frame numbers: a precomp layer with time stretch `sr` or
/// a fractional start `st` maps the outer frame t to the inner frame (t - st) / sr and truncates it,
/// so a stretch of 0.8 shows the previous pose on every fourth frame. `foldPrecompTiming` moves the
/// layer's stretch and start into a copy of its asset (every time in it becomes sr * time + st and
/// the layer gets sr 1, st 0), so the inner frame is the outer, whole, frame. rlottie also eases a
/// multi-dimensional keyframe with its first dimension's curve; `bakePerDimensionEasing` replaces
/// such a segment by linear keyframes at every whole frame, each dimension eased as lottie-web eases it.
/// rlottie rounds a layer's in and out frames to the nearest whole frame; `snapLayerSpansToWholeFrames`
/// moves them to the whole frames lottie-web first and last draws the layer at.
struct LottieTimeRewrite {
    /// Layer visits allowed (precomps can nest and share assets; a hostile file must stay cheap).
    static let maxVisits = 20_000
    /// Deepest precomp nesting followed (a cycle of references ends here).
    static let maxNesting = 16

    private(set) var document: LottieJSON
    private(set) var changed = false
    private var visits = 0
    private var assetIndex: [String: Int] = [:]
    private var assets: [LottieJSON] = []

    init(_ document: LottieJSON) {
        self.document = document
        assets = document["assets"]?.elements ?? []
        for (i, a) in assets.enumerated() { if case .string(let id)? = a["id"] { assetIndex[id] = i } }
    }

    /// Folds stretched and fractionally started precomps; false when the document is too large or
    /// nested too deep to rewrite within the bounds (it is then left as it was).
    mutating func foldPrecompTiming() -> Bool {
        guard var layers = document["layers"]?.elements else { return true }
        let original = (document, assets, assetIndex)
        guard fold(&layers, nesting: 0) else {
            (document, assets, assetIndex) = original
            changed = false
            return false
        }
        if changed {
            document["layers"] = .array(layers)
            document["assets"] = .array(assets)
        }
        return true
    }

    private mutating func fold(_ layers: inout [LottieJSON], nesting: Int) -> Bool {
        for i in layers.indices {
            visits += 1
            guard visits <= Self.maxVisits, nesting <= Self.maxNesting else { return false }
            guard layers[i]["ty"]?.double == 0, case .string(let ref)? = layers[i]["refId"], var index = assetIndex[ref],
                  var inner = assets[index]["layers"]?.elements else { continue }
            let stretch = layers[i]["sr"]?.double ?? 1, start = layers[i]["st"]?.double ?? 0
            // Bounded values only, so every mapped time stays a finite JSON number.
            if layers[i]["tm"] == nil, stretch > 0, stretch <= 1e6, abs(start) <= 1e9, stretch != 1 || start != start.rounded() {
                visits += inner.count   // the copy's layers count against the bound too
                guard visits <= Self.maxVisits else { return false }
                inner = inner.map { Self.mapTimes(layer: $0, scale: stretch, shift: start) }
                var clone = assets[index]
                let id = uniqueID(ref)
                clone["id"] = .string(id)
                index = assets.count
                assets.append(clone)
                assetIndex[id] = index
                layers[i]["refId"] = .string(id)
                layers[i]["sr"] = .number(1)
                layers[i]["st"] = .number(0)
                changed = true
            }
            guard fold(&inner, nesting: nesting + 1) else { return false }
            assets[index]["layers"] = .array(inner)
        }
        return true
    }

    private func uniqueID(_ base: String) -> String {
        var n = assets.count
        while assetIndex["\(base)~sf\(n)"] != nil { n += 1 }
        return "\(base)~sf\(n)"
    }

    /// A layer of a folded asset: its in, out and start frames and every keyframe time become
    /// scale * time + shift (rlottie reads keyframes in the asset's time), a nested precomp's
    /// stretch is multiplied by scale (so its own inner time is unchanged; it is folded in turn).
    static func mapTimes(layer: LottieJSON, scale: Double, shift: Double) -> LottieJSON {
        guard case .object(var members) = layer else { return layer }
        let isPrecomp = layer["ty"]?.double == 0
        for j in members.indices {
            switch members[j].key {
            case "ip", "op", "st":
                if let t = members[j].value.double { members[j].value = .number(scale * t + shift) }
            case "sr" where isPrecomp:
                if let s = members[j].value.double { members[j].value = .number(s * scale) }
            default:
                members[j].value = mapKeyframeTimes(members[j].value, scale: scale, shift: shift)
            }
        }
        if isPrecomp, layer["sr"] == nil { members.append(.init(key: "sr", value: .number(scale))) }
        if layer["st"] == nil { members.append(.init(key: "st", value: .number(shift))) }
        return .object(members)
    }

    /// Maps the `t` of every keyframe (an object in a `k` array) anywhere inside `value`.
    static func mapKeyframeTimes(_ value: LottieJSON, scale: Double, shift: Double) -> LottieJSON {
        switch value {
        case .array(let a): return .array(a.map { mapKeyframeTimes($0, scale: scale, shift: shift) })
        case .object(var members):
            for j in members.indices {
                if members[j].key == "k", case .array(let keys) = members[j].value {
                    members[j].value = .array(keys.map { key in
                        var key = mapKeyframeTimes(key, scale: scale, shift: shift)
                        if let t = key["t"]?.double { key["t"] = .number(scale * t + shift) }
                        return key
                    })
                } else {
                    members[j].value = mapKeyframeTimes(members[j].value, scale: scale, shift: shift)
                }
            }
            return .object(members)
        default: return value
        }
    }
}

extension LottieTimeRewrite {
    /// Replaces every keyframe segment eased per dimension (`o.x` with differing entries) by linear
    /// keyframes at each whole frame in between; segments with spatial tangents are left alone.
    mutating func bakePerDimensionEasing() {
        var budget = Self.maxVisits * 16
        let baked = Self.bake(document, budget: &budget)
        if baked != document { document = baked; changed = true }
    }

    private static func bake(_ value: LottieJSON, budget: inout Int) -> LottieJSON {
        budget -= 1
        guard budget > 0 else { return value }
        switch value {
        case .array(let a): return .array(a.map { bake($0, budget: &budget) })
        case .object(var members):
            if let k = value["k"]?.elements, k.count > 1, k.contains(where: isPerDimension),
               let i = members.firstIndex(where: { $0.key == "k" }), let keys = bakedKeyframes(k, budget: &budget) {
                members[i].value = .array(keys)
                return .object(members)
            }
            for j in members.indices { members[j].value = bake(members[j].value, budget: &budget) }
            return .object(members)
        default: return value
        }
    }

    /// An eased (not hold) keyframe whose out curve differs between dimensions.
    static func isPerDimension(_ key: LottieJSON) -> Bool {
        guard key["h"]?.double != 1, let x = key["o"]?["x"]?.elements, let y = key["o"]?["y"]?.elements,
              let ix = key["i"]?["x"]?.elements, let iy = key["i"]?["y"]?.elements, x.count > 1 else { return false }
        return [x, y, ix, iy].contains { c in c.contains { $0 != c[0] } }
    }

    private static func numbers(_ v: LottieJSON?) -> [Double]? {
        if let d = v?.double { return [d] }
        guard let a = v?.elements else { return nil }
        let n = a.compactMap(\.double)
        return n.count == a.count ? n : nil
    }

    private static func bakedKeyframes(_ keys: [LottieJSON], budget: inout Int) -> [LottieJSON]? {
        var out: [LottieJSON] = []
        let oldStyle = keys.contains { $0["e"] != nil }
        for (j, key) in keys.enumerated() {
            guard j + 1 < keys.count, isPerDimension(key), key["to"].map(isZeroTangent) ?? true,
                  key["ti"].map(isZeroTangent) ?? true,
                  let t0 = key["t"]?.double, let t1 = keys[j + 1]["t"]?.double, t1 > t0, abs(t0) <= 1e9, abs(t1) <= 1e9,
                  t1 - t0 <= Double(max(budget, 0)),
                  let start = numbers(key["s"]), let end = numbers(key["e"] ?? keys[j + 1]["s"]), end.count == start.count,
                  let ox = numbers(key["o"]?["x"]), let oy = numbers(key["o"]?["y"]),
                  let ix = numbers(key["i"]?["x"]), let iy = numbers(key["i"]?["y"]),
                  ![start, ox, oy, ix, iy].contains(where: \.isEmpty),
                  (start + end + ox + oy + ix + iy).allSatisfy({ $0.isFinite && abs($0) <= 1e9 }) else {
                out.append(key)
                continue
            }
            let steps = Int(t1.rounded(.up)) - Int(t0.rounded(.down))
            budget -= steps
            guard budget > 0 else { return nil }
            func value(at t: Double) -> [Double] {
                start.indices.map { d in
                    let o = min(d, ox.count - 1), p = min(d, oy.count - 1), i = min(d, ix.count - 1), q = min(d, iy.count - 1)
                    let eased = CubicBezierEasing(x1: ox[o], y1: oy[p], x2: ix[i], y2: iy[q]).value(at: (t - t0) / (t1 - t0))
                    return start[d] + (end[d] - start[d]) * eased
                }
            }
            var time = t0
            while time < t1 {
                let next = min(t1, time.rounded(.down) + 1)
                var members: [LottieJSON.Member] = [
                    .init(key: "i", value: .object([.init(key: "x", value: .array([.number(1)])), .init(key: "y", value: .array([.number(1)]))])),
                    .init(key: "o", value: .object([.init(key: "x", value: .array([.number(0)])), .init(key: "y", value: .array([.number(0)]))])),
                    .init(key: "t", value: .number(time)),
                    .init(key: "s", value: .array(value(at: time).map(LottieJSON.number))),
                ]
                if oldStyle { members.append(.init(key: "e", value: .array((next >= t1 ? end : value(at: next)).map(LottieJSON.number)))) }
                out.append(.object(members))
                time = next
            }
        }
        return out
    }

    private static func isZeroTangent(_ v: LottieJSON) -> Bool { numbers(v)?.allSatisfy { $0 == 0 } ?? false }
}

/// CSS/After Effects cubic-bezier easing from (0, 0) to (1, 1) with control points (x1, y1) and
/// (x2, y2), solved for x as lottie-web's BezierEasing solves it (to well under 1e-6).
struct CubicBezierEasing {
    var x1: Double, y1: Double, x2: Double, y2: Double

    private func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    private func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - s) * (1 - s) * p1 + 6 * (1 - s) * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The eased progress at time fraction `x` (0...1).
    func value(at x: Double) -> Double {
        if x1 == y1 && x2 == y2 { return x }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var lo = 0.0, hi = 1.0, s = x
        for _ in 0..<8 {   // Newton, falling back to bisection below
            let d = slope(s, x1, x2)
            guard abs(d) > 1e-6 else { break }
            let next = s - (coordinate(s, x1, x2) - x) / d
            guard next >= 0, next <= 1 else { break }
            s = next
        }
        if abs(coordinate(s, x1, x2) - x) > 1e-9 {
            s = x
            for _ in 0..<60 {
                let c = coordinate(s, x1, x2)
                if abs(c - x) < 1e-12 { break }
                if c < x { lo = s } else { hi = s }
                s = (lo + hi) / 2
            }
        }
        return coordinate(s, y1, y2)
    }
}

extension LottieTimeRewrite {
    /// Moves every layer's in and out frame (`ip`, `op`, top level and in assets) to the whole frame
    /// at which lottie-web first and last draws it. lottie-web draws a layer at frame t when
    /// ip <= t < op, so at whole frames from ceil(ip) to before ceil(op); rlottie 0.1 rounds both to
    /// the nearest whole frame, which for a fraction below one half (ip 2.4) shows the layer a frame
    /// early and hides it a frame early (op 6.4). Only such values are rewritten (ceil and round agree
    /// otherwise), so files with whole or late-half frames still go to rlottie byte for byte.
    /// Run after `foldPrecompTiming`, whose copies may hold fractional frames in the outer time.
    mutating func snapLayerSpansToWholeFrames() {
        var budget = Self.maxVisits
        if let layers = document["layers"]?.elements, let snapped = Self.snapped(layers, budget: &budget) {
            document["layers"] = .array(snapped)
            changed = true
        }
        guard var assets = document["assets"]?.elements else { return }
        var assetsChanged = false
        for i in assets.indices {
            guard let layers = assets[i]["layers"]?.elements, let snapped = Self.snapped(layers, budget: &budget) else { continue }
            assets[i]["layers"] = .array(snapped)
            assetsChanged = true
        }
        if assetsChanged {
            document["assets"] = .array(assets)
            changed = true
        }
    }

    /// `layers` with `ip` and `op` snapped, or nil when none changes (or the visit budget ran out).
    private static func snapped(_ layers: [LottieJSON], budget: inout Int) -> [LottieJSON]? {
        var out = layers, any = false
        for i in out.indices {
            budget -= 1
            guard budget > 0 else { return nil }
            for key in ["ip", "op"] {
                guard let t = out[i][key]?.double, let whole = wholeFrame(t) else { continue }
                out[i][key] = .number(whole)
                any = true
            }
        }
        return any ? out : nil
    }

    /// The first whole frame at or after `t` when rlottie's rounding of `t` (half away from zero, as
    /// C's round) lands elsewhere; nil when they agree or `t` is out of the rewrite's bounds.
    static func wholeFrame(_ t: Double) -> Double? {
        guard t.isFinite, abs(t) <= 1e9, t.rounded(.up) != t.rounded(.toNearestOrAwayFromZero) else { return nil }
        return t.rounded(.up)
    }
}
