import Yams

/// Counts the composed tree of `stickerforge.yml` against the limits that only the tree shows:
/// values with every alias expanded (Yams hands an alias back as a copy of its anchor's node, so
/// nine anchors of nine aliases each stand for 9^9 values that a recursive walk would visit), keys,
/// and depth. The walk keeps its own stack and stops at the first limit, so it costs at most
/// `maxNodes` steps whatever the tree stands for.
enum ConfigNodeBudget {
    /// A node still to count, its depth in collections, and the position a problem there names.
    private struct Pending {
        var node: Node
        var depth: Int
        var at: Mark?
        /// Reached through an alias: the position stays that of the alias's parent, since the
        /// copy's own marks point at the anchor, earlier in the file.
        var copied: Bool
    }

    /// The first limit `root` crosses, at the node where it is crossed, nil within them all.
    static func check(_ root: Node, limits: ConfigLimits) -> ConfigLimitCrossing? {
        var pending = [Pending(node: root, depth: 1, at: root.mark, copied: false)]
        var nodes = 0
        var keys = 0
        while let next = pending.popLast() {
            nodes += 1
            if nodes > limits.maxNodes { return crossing(next.at, ConfigLimitCrossing.nodes(limits)) }
            func child(_ node: Node) -> Pending {
                // A child cannot start before its parent in the file, unless it is an alias's copy.
                let copied = next.copied || precedes(node.mark, next.node.mark)
                return Pending(node: node, depth: next.depth + 1, at: copied ? next.at : node.mark, copied: copied)
            }
            switch next.node {
            case .scalar:
                continue
            case .mapping(let mapping):
                if next.depth > limits.maxDepth { return crossing(next.at, ConfigLimitCrossing.depth(limits)) }
                var children: [Pending] = []
                for (key, value) in mapping {
                    keys += 1
                    if keys > limits.maxKeys { return crossing(child(key).at, ConfigLimitCrossing.keys(limits)) }
                    children += [child(key), child(value)]
                }
                pending += children.reversed()
            case .sequence(let sequence):
                if next.depth > limits.maxDepth { return crossing(next.at, ConfigLimitCrossing.depth(limits)) }
                pending += sequence.reversed().map(child)
            }
        }
        return nil
    }

    private static func precedes(_ a: Mark?, _ b: Mark?) -> Bool {
        guard let a, let b else { return false }
        return (a.line, a.column) < (b.line, b.column)
    }

    private static func crossing(_ at: Mark?, _ reason: String) -> ConfigLimitCrossing {
        ConfigLimitCrossing(line: at?.line ?? 1, column: at?.column ?? 1, reason: reason)
    }
}
