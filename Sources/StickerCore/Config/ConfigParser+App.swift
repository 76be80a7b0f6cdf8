import Yams

/// The `app:` section: each value is checked by the same rules the command-line flags use.
extension ConfigParser {
    mutating func parseApp(_ node: Node) {
        let before = issues.count
        defer { config.app.problems += issues[before...].map(\.error) }
        guard let mapping = mapping(node, "app") else { return }
        var app = AppConfig()
        for (key, keyNode, value) in entries(of: mapping, path: "app") {
            let path = "app.\(key)"
            switch key {
            case "name": app.name = checked(value, path, XcodeSettingRules.appName)
            case "bundle_id": app.bundleID = checked(value, path, XcodeSettingRules.bundleID)
            case "version": app.version = checked(value, path) { XcodeSettingRules.version($0) }
            case "build": app.build = checked(value, path) { XcodeSettingRules.version($0, example: "42") }
            case "team_id": app.teamID = checked(value, path, XcodeSettingRules.teamID)
            case "deployment_target": app.deploymentTarget = checked(value, path, XcodeSettingRules.deploymentTarget)
            case "devices": app.devices = devices(value, path)
            default: unknown(keyNode, key, among: AppConfig.keys, path: "app")
            }
        }
        let problems = config.app.problems
        config.app = app
        config.app.problems = problems
    }

    /// The value's text when `rule` accepts it. Numbers are read as written (`version: 1.10` stays
    /// "1.10"), since YAML would otherwise make 1.10 the float 1.1.
    private mutating func checked(_ node: Node, _ key: String, _ rule: (String) -> String?) -> String? {
        guard let text = text(node, key, allowEmpty: true) else { return nil }
        if let problem = rule(text) {
            invalid(node, key, problem)
            return nil
        }
        return text
    }

    /// `iphone`, `ipad`, or a list of them.
    private mutating func devices(_ node: Node, _ key: String) -> DeviceFamily? {
        let items = node.sequence.map(Array.init) ?? [node]
        var iphone = false, ipad = false
        for item in items {
            switch item.scalar?.string.lowercased() {
            case "iphone": iphone = true
            case "ipad": ipad = true
            default:
                invalid(item, key, "must be iphone, ipad or a list of both, found \(describe(item))")
                return nil
            }
        }
        switch (iphone, ipad) {
        case (true, true): return .universal
        case (true, false): return .iphone
        case (false, true): return .ipad
        default:
            invalid(node, key, "lists no device; use iphone, ipad or [iphone, ipad]")
            return nil
        }
    }
}
