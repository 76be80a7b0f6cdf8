/// A Lottie document's times rescaled by the schema (python-lottie's `LottieProp`s, Bodymovin's
/// format), never by a key's name alone: `TGSWriter`'s rewrite to 60 fps and its speed-up.
///
/// Frames, multiplied by the factor: the document's `ip` and `op`, each marker's `tm` and `dr`,
/// each layer's `ip`, `op` and `st` (at the top level and in every precomp asset), and every
/// keyframe time: the `t` of the objects in a `k` array (an animated property's keyframes, a text
/// layer's document keyframes), anywhere in a layer.
///
/// Seconds: a precomp layer's time remapping (`tm`) maps its time to the precomp's in seconds,
/// so a new frame rate leaves its values and a speed-up divides them by the speed (its keyframe
/// times are frames, rescaled as any).
///
/// Never: any other `t`: a gradient fill's or stroke's type (1 linear, 2 radial; 2.5 is no type,
/// and rlottie then loads no frame), a text document's text, a text animator's tracking.
enum LottieTimeScale {
    /// `root` with every time multiplied by `factor` and time-remapped seconds divided by `speed`.
    static func scaled(_ root: LottieJSON, by factor: Double, speed: Double = 1) -> LottieJSON {
        guard case .object(var members) = root else { return root }
        for i in members.indices {
            switch members[i].key {
            case "ip", "op": members[i].value = frames(members[i].value, factor)
            case "markers":
                members[i].value = mapped(members[i].value) { marker in
                    var marker = marker
                    for key in ["tm", "dr"] { if let time = marker[key] { marker[key] = frames(time, factor) } }
                    return marker
                }
            case "layers": members[i].value = layers(members[i].value, factor, speed)
            case "assets":
                members[i].value = mapped(members[i].value) { asset in
                    var asset = asset
                    if let inner = asset["layers"] { asset["layers"] = layers(inner, factor, speed) }
                    return asset
                }
            default: break
            }
        }
        return .object(members)
    }

    private static func layers(_ list: LottieJSON, _ factor: Double, _ speed: Double) -> LottieJSON {
        mapped(list) { layer in
            guard case .object(var members) = layer else { return layer }
            for j in members.indices {
                switch members[j].key {
                case "ip", "op", "st": members[j].value = frames(members[j].value, factor)
                case "tm": members[j].value = seconds(members[j].value, factor, speed)
                default: members[j].value = LottieTimeRewrite.mapKeyframeTimes(members[j].value, scale: factor, shift: 0)
                }
            }
            return .object(members)
        }
    }

    /// A time remapping property: keyframe times rescaled, values (seconds) divided by `speed`.
    private static func seconds(_ property: LottieJSON, _ factor: Double, _ speed: Double) -> LottieJSON {
        var property = LottieTimeRewrite.mapKeyframeTimes(property, scale: factor, shift: 0)
        guard speed != 1, let k = property["k"] else { return property }
        func divided(_ value: LottieJSON) -> LottieJSON {
            if let number = value.double { return .number(number / speed) }
            if let items = value.elements { return .array(items.map(divided)) }
            return value
        }
        if k.elements?.contains(where: { $0.members != nil }) == true {
            property["k"] = mapped(k) { key in
                var key = key
                for name in ["s", "e"] { if let value = key[name] { key[name] = divided(value) } }
                return key
            }
        } else {
            property["k"] = divided(k)
        }
        return property
    }

    private static func frames(_ value: LottieJSON, _ factor: Double) -> LottieJSON {
        value.double.map { .number($0 * factor) } ?? value
    }

    private static func mapped(_ list: LottieJSON, _ transform: (LottieJSON) -> LottieJSON) -> LottieJSON {
        list.elements.map { .array($0.map(transform)) } ?? list
    }
}
