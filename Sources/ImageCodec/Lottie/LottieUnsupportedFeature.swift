/// A Lottie feature lottie-web draws that StickerForge's renderer (rlottie 0.1 with the rewrites and
/// passes of `LottiePassPlan`) cannot draw faithfully, and the layer that uses it. Reported by the
/// `lottie_unsupported_feature` check and listed by `inspect`.
public struct LottieUnsupportedFeature: Equatable, Hashable, Sendable, Codable {
    /// What is not drawn as lottie-web draws it ("Gaussian Blur effect", "blend mode 3 (screen)").
    public var feature: String
    /// The layer's name (`nm`), or "layer N" from its index; empty for the file as a whole.
    public var layer: String

    /// A feature on a layer.
    public init(feature: String, layer: String) { self.feature = feature; self.layer = layer }

    /// "Gaussian Blur effect on layer 'glow'".
    public var description: String { layer.isEmpty ? feature : "\(feature) on layer '\(layer)'" }
}

/// Finds the features in `LottieUnsupportedFeature`'s sense: effects other than Fill, animated
/// Fill effects, blend modes, text layers, strokes under a non-uniform scale or a skew, and track
/// mattes with no matte layer before them. Each asset is read once.
enum LottieFeatureScan {
    /// Effect types lottie-web's svg renderer draws, by name (Fill, 21, is drawn by the passes).
    static let effectNames: [Int: String] = [20: "Tint effect", 22: "Stroke effect", 23: "Tritone effect",
                                             24: "Levels effect", 25: "Drop Shadow effect", 28: "Set Matte effect",
                                             29: "Gaussian Blur effect"]
    static let blendModes = ["normal", "multiply", "screen", "overlay", "darken", "lighten", "color dodge", "color burn",
                             "hard light", "soft light", "difference", "exclusion", "hue", "saturation", "color", "luminosity"]

    static func scan(_ document: LottieJSON) -> [LottieUnsupportedFeature] {
        var found: [LottieUnsupportedFeature] = []
        var lists = [document["layers"]?.elements ?? []]
        for asset in document["assets"]?.elements ?? [] { if let layers = asset["layers"]?.elements { lists.append(layers) } }
        for layers in lists {
            for (i, layer) in layers.enumerated() {
                let name: String
                if case .string(let nm)? = layer["nm"], !nm.isEmpty { name = nm } else { name = "layer \(layer["ind"]?.double.flatMap { Int(exactly: $0) } ?? i + 1)" }
                func note(_ feature: String) {
                    let f = LottieUnsupportedFeature(feature: feature, layer: name)
                    if !found.contains(f) { found.append(f) }
                }
                for effect in layer["ef"]?.elements ?? [] where effect["en"]?.double != 0 {
                    let type = effect["ty"]?.double.flatMap { Int(exactly: $0) } ?? -1
                    if let effectName = effectNames[type] { note(effectName) }
                    if type == 21, effect["ef"]?.elements?.contains(where: { $0["v"]?["a"]?.double == 1 }) == true { note("animated Fill effect") }
                }
                if let mode = layer["bm"]?.double, mode != 0 {
                    let m = Int(exactly: mode) ?? -1
                    note("blend mode \(m >= 0 ? "\(m)" : "\(mode)")" + (blendModes.indices.contains(m) ? " (\(blendModes[m]))" : ""))
                }
                if layer["ty"]?.double == 5 { note("text layer") }
                if let tt = layer["tt"]?.double, tt != 0, i == 0 || (layers[i - 1]["td"]?.double ?? 0) == 0 {
                    note("track matte with no matte layer before it")
                }
                let layerSkewed = !isUniform(layer["ks"])
                if strokes(in: layer["shapes"]?.elements ?? [], underNonUniform: layerSkewed) { note("stroke in a non-uniformly scaled or skewed group") }
            }
        }
        return found
    }

    /// Whether a stroke lies under a non-uniform scale or a skew, inside `shapes` (a layer's or a group's items).
    private static func strokes(in shapes: [LottieJSON], underNonUniform: Bool) -> Bool {
        let transform = shapes.first { $0["ty"] == .string("tr") }
        let skewed = underNonUniform || !isUniform(transform)
        for shape in shapes {
            switch shape["ty"] {
            case .string("st")?, .string("gs")?: if skewed { return true }
            case .string("gr")?: if strokes(in: shape["it"]?.elements ?? [], underNonUniform: skewed) { return true }
            default: break
            }
        }
        return false
    }

    /// A transform whose scale is the same along x and y at every keyframe and that has no skew.
    private static func isUniform(_ transform: LottieJSON?) -> Bool {
        guard let transform else { return true }
        if let skew = transform["sk"]?["k"] {
            if let s = skew.double, s != 0 { return false }
            if skew.elements?.contains(where: { $0["s"]?.elements?.first?.double ?? 0 != 0 }) == true { return false }
        }
        guard let k = transform["s"]?["k"] else { return true }
        func uniform(_ v: LottieJSON?) -> Bool {
            guard let e = v?.elements, e.count >= 2, let x = e[0].double, let y = e[1].double else { return true }
            return abs(x) == abs(y)
        }
        if transform["s"]?["a"]?.double == 1 {
            return k.elements?.allSatisfy { uniform($0["s"]) && uniform($0["e"]) } ?? true
        }
        return uniform(k)
    }
}
