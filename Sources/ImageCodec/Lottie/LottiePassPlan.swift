/// How a Lottie document is drawn as rlottie passes composited in Swift, for what rlottie 0.1 does
/// not draw as lottie-web does: layers with a track matte (its luma mattes differ, issue 21 saw it
/// drop matted layers, and lottie-web ignores luma-inverted ones) and the Fill effect (rlottie
/// ignores effects).
///
/// Each leaf is a document of its own in which only some layers of one layer list are drawn (the
/// others become null layers, so parenting still works) and, on the way down to that list, only the
/// precomp layer leading to it; a matte pair becomes the content alone and the matte alone, each
/// without `tt`/`td`, masked in Swift as lottie-web's svg renderer masks (`LottieCompositor`).
indirect enum LottiePassPlan: Equatable, Sendable {
    /// One rlottie pass of this document.
    case render(LottieJSON)
    /// Passes drawn over each other, the first on top (Lottie's layer order).
    case over([LottiePassPlan])
    /// `content` masked by `matte` as track matte `mode` (`tt`: 1 alpha, 2 alpha inverted, 3 luma).
    case matte(content: LottiePassPlan, matte: LottiePassPlan, mode: Int)
    /// lottie-web's Fill effect: every pixel becomes `color` (sRGB 0...1), its alpha times `opacity`.
    case fill(LottiePassPlan, color: [Double], opacity: Double)

    /// Rendering passes the plan needs.
    var passCount: Int {
        switch self {
        case .render: return 1
        case .over(let parts): return parts.reduce(0) { $0 + $1.passCount }
        case .matte(let content, let matte, _): return content.passCount + matte.passCount
        case .fill(let child, _, _): return child.passCount
        }
    }
}

/// Builds a `LottiePassPlan`, noting what it cannot draw faithfully.
struct LottiePassPlanner {
    /// Most rlottie passes for one file (each is a process rendering every frame).
    static let maxPasses = 24

    let document: LottieJSON
    private let assets: [String: LottieJSON]
    private(set) var unsupported: [LottieUnsupportedFeature] = []
    /// `plan()` returned `.render(document)`, the document itself (nothing to composite, or too
    /// much): known without comparing the plan with the document, tree against tree.
    private(set) var drawsDocumentAsIs = false
    private var specialCache: [String: Bool] = [:]
    /// Leaf documents still to be built; past `maxPasses` none is (each is a copy of the document).
    private var leafBudget = LottiePassPlanner.maxPasses

    init(_ document: LottieJSON) {
        self.document = document
        var assets: [String: LottieJSON] = [:]
        for a in document["assets"]?.elements ?? [] { if case .string(let id)? = a["id"] { assets[id] = a } }
        self.assets = assets
    }

    /// The plan: one `.render` of the document itself when nothing needs compositing.
    mutating func plan() -> LottiePassPlan {
        let layers = document["layers"]?.elements ?? []
        guard layers.indices.contains(where: { isSpecial(layers, $0, nesting: 0) }) else {
            drawsDocumentAsIs = true
            return .render(document)
        }
        let plan = planList(layers, chain: [], nesting: 0)
        guard plan.passCount <= Self.maxPasses else {
            unsupported.append(LottieUnsupportedFeature(
                feature: "track mattes and Fill effects needing more than \(Self.maxPasses) render passes", layer: ""))
            drawsDocumentAsIs = true
            return .render(document)
        }
        return plan
    }

    // MARK: what needs passes of its own

    private static func fillEffect(_ layer: LottieJSON) -> (color: [Double], opacity: Double)? {
        for effect in layer["ef"]?.elements ?? [] where effect["ty"]?.double == 21 {
            guard effect["en"]?.double != 0, let values = effect["ef"]?.elements, values.count > 6,
                  let color = values[2]["v"]?["k"]?.elements?.compactMap(\.double), color.count >= 3,
                  let opacity = values[6]["v"]?["k"]?.double, opacity.isFinite, color.allSatisfy(\.isFinite) else { continue }
            return (Array(color.prefix(3)), opacity)
        }
        return nil
    }

    private static func matteMode(_ layers: [LottieJSON], _ i: Int) -> Int? {
        guard i > 0, let mode = layers[i]["tt"]?.double, (1...4).contains(mode), layers[i - 1]["td"]?.double ?? 0 != 0 else { return nil }
        return Int(mode)
    }

    private static func isMatteSource(_ layers: [LottieJSON], _ i: Int) -> Bool { layers[i]["td"]?.double ?? 0 != 0 }

    private func asset(of layer: LottieJSON) -> (id: String, layers: [LottieJSON])? {
        guard layer["ty"]?.double == 0, case .string(let id)? = layer["refId"], let layers = assets[id]?["layers"]?.elements else { return nil }
        return (id, layers)
    }

    /// Whether layer i of a list needs a pass of its own (a matte pair member, a Fill effect, or a
    /// precomp whose content needs one).
    private mutating func isSpecial(_ layers: [LottieJSON], _ i: Int, nesting: Int) -> Bool {
        if Self.fillEffect(layers[i]) != nil || Self.matteMode(layers, i) != nil { return true }
        if Self.isMatteSource(layers, i), i + 1 < layers.count, Self.matteMode(layers, i + 1) != nil { return true }
        guard nesting < LottieTimeRewrite.maxNesting, let (id, inner) = asset(of: layers[i]) else { return false }
        if let known = specialCache[id] { return known }
        specialCache[id] = false   // a cycle of references ends here
        let special = inner.indices.contains { isSpecial(inner, $0, nesting: nesting + 1) }
        specialCache[id] = special
        return special
    }

    // MARK: plans

    private mutating func planList(_ layers: [LottieJSON], chain: [Int], nesting: Int) -> LottiePassPlan {
        var parts: [LottiePassPlan] = []
        var run: [Int] = []
        func flush() { if !run.isEmpty { parts.append(.render(budgetedLeaf(chain: chain, visible: run))); run = [] } }
        for i in layers.indices {
            if Self.isMatteSource(layers, i) { continue }   // drawn only as its neighbour's matte
            guard isSpecial(layers, i, nesting: nesting) else { run.append(i); continue }
            flush()
            var part: LottiePassPlan
            if let mode = Self.matteMode(layers, i), mode != 4 {
                part = .matte(content: planLayer(layers, i, chain: chain, nesting: nesting, withEffect: true),
                              matte: planLayer(layers, i - 1, chain: chain, nesting: nesting, withEffect: true), mode: mode)
            } else {
                // lottie-web 5.7.4 builds no mask for luma-inverted mattes (td 4): the content is drawn unmasked.
                part = planLayer(layers, i, chain: chain, nesting: nesting, withEffect: true)
            }
            parts.append(part)
        }
        flush()
        return parts.count == 1 ? parts[0] : .over(parts)
    }

    private mutating func planLayer(_ layers: [LottieJSON], _ i: Int, chain: [Int], nesting: Int, withEffect: Bool) -> LottiePassPlan {
        var plan: LottiePassPlan
        if nesting < LottieTimeRewrite.maxNesting, let (_, inner) = asset(of: layers[i]),
           inner.indices.contains(where: { isSpecial(inner, $0, nesting: nesting + 1) }) {
            plan = planList(inner, chain: chain + [i], nesting: nesting + 1)
        } else {
            plan = .render(budgetedLeaf(chain: chain, visible: [i]))
        }
        if withEffect, let fill = Self.fillEffect(layers[i]) { plan = .fill(plan, color: fill.color, opacity: fill.opacity) }
        return plan
    }

    // MARK: leaf documents

    /// `leaf(chain:visible:)` while the pass budget lasts, then an empty stand-in (the plan is dropped).
    private mutating func budgetedLeaf(chain: [Int], visible: [Int]) -> LottieJSON {
        leafBudget -= 1
        return leafBudget >= 0 ? leaf(chain: chain, visible: visible) : .null
    }

    /// The document with only `visible` drawn in the list reached through `chain` (precomp layer
    /// indices from the top level); each precomp on the chain gets a copy of its asset.
    private func leaf(chain: [Int], visible: [Int]) -> LottieJSON {
        var doc = document
        var newAssets = document["assets"]?.elements ?? []
        var layers = document["layers"]?.elements ?? []
        var path: [(layers: [LottieJSON], index: Int)] = []
        // Walk down, copying assets; then write the copies back up.
        for index in chain {
            layers = layers.enumerated().map { $0.offset == index ? Self.drawn($0.element) : Self.nulled($0.element) }
            path.append((layers, index))
            guard let (_, inner) = asset(of: layers[index]) else { break }
            layers = inner
        }
        let keep = Set(visible)
        layers = layers.enumerated().map { keep.contains($0.offset) ? Self.drawn($0.element) : Self.nulled($0.element) }
        // Rebuild from the innermost list outwards: each precomp on the chain points at a new asset.
        for (depth, step) in path.enumerated().reversed() {
            var outer = step.layers
            guard case .string(let ref)? = outer[step.index]["refId"] else { break }
            let id = "\(ref)~pass\(depth)"
            var asset = assets[ref] ?? .object([])
            asset["id"] = .string(id)
            asset["layers"] = .array(layers)
            newAssets.append(asset)
            outer[step.index]["refId"] = .string(id)
            layers = outer
        }
        doc["layers"] = .array(layers)
        if !path.isEmpty { doc["assets"] = .array(newAssets) }
        return doc
    }

    /// A layer drawn plainly: no track matte either way, no effects (applied in Swift).
    private static func drawn(_ layer: LottieJSON) -> LottieJSON {
        var layer = layer
        layer["tt"] = nil; layer["td"] = nil; layer["ef"] = nil
        return layer
    }

    /// A layer that draws nothing but still parents others: a null layer with its timing and transform.
    private static func nulled(_ layer: LottieJSON) -> LottieJSON {
        guard case .object(let members) = layer else { return layer }
        let kept: Set<String> = ["ty", "ind", "parent", "ks", "ip", "op", "st", "sr", "ddd", "ao", "nm", "hd"]
        var out = members.filter { kept.contains($0.key) }
        if let i = out.firstIndex(where: { $0.key == "ty" }) { out[i].value = .number(3) }
        return .object(out)
    }
}
