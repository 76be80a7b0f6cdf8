import ImageCodec
import Yams

/// Turns the YAML of `stickerforge.yml` into a `PackConfig`, collecting every problem with its
/// line and column instead of stopping at the first.
package struct ConfigParser {
    /// A problem and the sticker it concerns (for `sequences.<name>` and `labels.<name>`).
    struct Issue: Equatable {
        var error: ConfigError
        var sticker: String?
    }

    static let topKeys = ["name", "grid_size", "order", "labels", "sequences", "fps", "loops", "max_bytes",
                          "rules", "thresholds", "icon", "icon_background", "icon_fit", "fit", "lossy", "min_quality", "dither", "effort",
                          "time_budget", "app", "publisher", "author", "emojis", "tray", "ignore"]
    static let sequenceKeys = ["fps", "delays", "duration", "loops"]
    /// Xcode's names for what the configuration calls otherwise, so a key copied from Contents.json
    /// still gets a useful suggestion.
    package static let xcodeNames = ["repetitions": "loops", "duration-type": "duration", "grid-size": "grid_size"]

    let file: String
    let limits: ConfigLimits
    var issues: [Issue] = []
    var config = PackConfig()

    init(file: String, limits: ConfigLimits = .standard) {
        self.file = file
        self.limits = limits
        config.file = file
    }

    mutating func parse(_ text: String) {
        // The limits come first: past them Yams's composer could exhaust the stack or the memory.
        if let crossing = ConfigPreScan.scan(text, limits: limits) {
            overLimit(crossing)
            return
        }
        let root: Node?
        do { root = try ConfigComposer.compose(text, stackBytes: limits.composeStackBytes) } catch {
            issues.append(Issue(error: syntaxError(error), sticker: nil))
            return
        }
        if let root, let crossing = ConfigNodeBudget.check(root, limits: limits) {
            overLimit(crossing)
            return
        }
        parse(root: root)
    }

    /// Reads a composed tree (within the limits) into the configuration.
    mutating func parse(root: Node?) {
        // An empty file is a valid configuration with every default.
        guard let root else { return }
        guard let mapping = root.mapping else {
            invalid(root, "(top level)", "must be a mapping of keys to values, found \(describe(root))")
            return
        }
        for (key, keyNode, value) in entries(of: mapping, path: "") {
            parseTopLevel(key: key, keyNode: keyNode, value: value)
        }
    }

    private mutating func parseTopLevel(key: String, keyNode: Node, value: Node) {
        switch key {
        case "name": config.name = text(value, key, allowEmpty: false)
        case "grid_size": config.gridSize = choice(value, key, GridSize.allCases)
        case "order": config.order = names(value, key)
        case "labels": parseLabels(value)
        case "sequences": parseSequences(value)
        case "fps": config.fps = number(value, key, above: 0) ?? config.fps
        case "loops": config.loops = loops(value, key, sticker: nil) ?? config.loops
        case "max_bytes": config.maxBytes = integer(value, key, atLeast: 1)
        case "rules": parseRules(value)
        case "thresholds": parseThresholds(value)
        case "icon": config.icon = iconPath(value, key)
        case "icon_background": config.iconBackground = colour(value, key)
        case "icon_fit": config.iconFit = choice(value, key, IconFit.allCases)
        case "fit": config.fit = flag(value, key) ?? config.fit
        case "lossy": config.lossy = flag(value, key) ?? config.lossy
        case "min_quality": config.minQuality = fraction(value, key)
        case "dither": config.dither = choice(value, key, FitDithering.allCases)
        case "time_budget":
            if let seconds = number(value, key, above: -1) {
                if seconds >= 0 { config.timeBudget = seconds } else { invalid(value, key, "must be 0 or more seconds, found \(seconds)") }
            }
        case "effort": config.effort = choice(value, key, PackConfig.Effort.allCases) ?? config.effort
        case "app": parseApp(value)
        case "publisher", "author": parsePublisher(key: key, value: value)
        case "emojis": parseEmojis(value)
        case "tray": config.tray = iconPath(value, key)
        case "ignore": config.ignore = names(value, key)
        default: unknown(keyNode, key, among: Self.topKeys, path: "")
        }
    }

    private mutating func parseLabels(_ node: Node) {
        guard let mapping = mapping(node, "labels") else { return }
        for (name, _, value) in entries(of: mapping, path: "labels") {
            if let label = text(value, "labels.\(name)", allowEmpty: false, sticker: name) { config.labels[name] = label }
        }
    }

    private mutating func parseSequences(_ node: Node) {
        guard let mapping = mapping(node, "sequences") else { return }
        for (name, _, value) in entries(of: mapping, path: "sequences") {
            let path = "sequences.\(name)"
            guard let fields = self.mapping(value, path, sticker: name) else { continue }
            var settings = SequenceSettings()
            var timingKeys: [String] = []
            for (key, keyNode, field) in entries(of: fields, path: path, sticker: name) {
                let keyPath = "\(path).\(key)"
                switch key {
                case "fps": settings.fps = number(field, keyPath, above: 0, sticker: name); timingKeys.append(key)
                case "duration": settings.duration = number(field, keyPath, above: 0, sticker: name); timingKeys.append(key)
                case "delays": settings.delays = delays(field, keyPath, sticker: name); timingKeys.append(key)
                case "loops": settings.loops = loops(field, keyPath, sticker: name)
                default: unknown(keyNode, key, among: Self.sequenceKeys, path: path, sticker: name)
                }
            }
            if timingKeys.count > 1 {
                invalid(value, path, "sets \(timingKeys.joined(separator: " and ")); give only one of fps, delays "
                        + "or duration (delays wins, then duration, then fps)", sticker: name)
            }
            config.sequences[name] = settings
        }
    }

    private mutating func parseRules(_ node: Node) {
        guard let mapping = mapping(node, "rules") else { return }
        for (rule, _, value) in entries(of: mapping, path: "rules") {
            if let severity = choice(value, "rules.\(rule)", Severity.allCases) { config.rules[rule] = severity }
        }
    }

    private mutating func parseThresholds(_ node: Node) {
        guard let mapping = mapping(node, "thresholds") else { return }
        var t = config.thresholds
        for (key, keyNode, value) in entries(of: mapping, path: "thresholds") {
            let path = "thresholds.\(key)"
            switch key {
            case "max_fps": t.maxFPS = number(value, path, above: 0)
            case "max_loop_milliseconds": t.maxLoopMilliseconds = number(value, path, above: 0)
            case "max_animation_bytes": t.maxAnimationBytes = integer(value, path, atLeast: 1)
            case "short_delay_milliseconds": t.shortDelayMilliseconds = number(value, path, above: -1)
            case "max_label_characters": t.maxLabelCharacters = integer(value, path, atLeast: 1)
            case "halo_edge_share": t.haloEdgeShare = share(value, path)
            case "max_padding_share": t.maxPaddingShare = share(value, path)
            default: unknown(keyNode, key, among: ThresholdOverrides.keys, path: "thresholds")
            }
        }
        config.thresholds = t
    }

    // MARK: Problems

    mutating func invalid(_ node: Node, _ key: String, _ reason: String, sticker: String? = nil) {
        issues.append(Issue(error: .invalidValue(file: file, line: node.mark?.line, column: node.mark?.column,
                                                 key: key, reason: reason), sticker: sticker))
    }

    mutating func unknown(_ keyNode: Node, _ key: String, among known: [String], path: String,
                                  sticker: String? = nil) {
        let prefix = path.isEmpty ? "" : path + "."
        let alias = KeySuggestion.nearest(to: key, among: Array(Self.xcodeNames.keys)).flatMap { Self.xcodeNames[$0] }
        let suggestion = (KeySuggestion.nearest(to: key, among: known) ?? alias.flatMap { known.contains($0) ? $0 : nil })
            .map { prefix + $0 }
        issues.append(Issue(error: .unknownKey(file: file, line: keyNode.mark?.line, column: keyNode.mark?.column,
                                               key: prefix + key, suggestion: suggestion), sticker: sticker))
    }

    private mutating func overLimit(_ crossing: ConfigLimitCrossing) {
        issues.append(Issue(error: .overLimit(file: file, line: crossing.line, column: crossing.column,
                                              reason: crossing.reason), sticker: nil))
    }

    private func syntaxError(_ error: Error) -> ConfigError {
        switch error as? YamlError {
        case .scanner(let context, let problem, let mark, _)?,
             .parser(let context, let problem, let mark, _)?,
             .composer(let context, let problem, let mark, _)?:
            let reason = problem + (context.map { " \($0.text)" } ?? "")
            return .syntax(file: file, line: mark.line, column: mark.column, reason: reason)
        case .reader(let problem, _, _, _)?:
            return .syntax(file: file, line: nil, column: nil, reason: problem)
        default:
            return .syntax(file: file, line: nil, column: nil, reason: "\(error)")
        }
    }
}
