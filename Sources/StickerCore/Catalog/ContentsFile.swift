/// One parsed Contents.json and the typed, problem-reporting accessors the catalog readers use.
/// Every accessor reports what it finds wrong and returns nil, so reading always goes on.
struct ContentsFile {
    /// Path relative to the catalog root.
    let path: String
    /// The top-level object.
    let object: [String: JSONValue]
    /// The sticker the file belongs to, for problems; nil for pack-level files.
    let sticker: String?

    /// Loads `<folder>/Contents.json`, checks `info` and the top-level keys. Returns nil (after
    /// reporting) when the file is missing, unsafe, unreadable or not a JSON object.
    static func load(folder: String, fileSystem: CatalogFileSystem, topKeys: [String], sticker: String?,
                     problems: inout [CatalogProblem]) -> ContentsFile? {
        let path = CatalogFileSystem.join(folder, "Contents.json")
        func invalid(_ reason: String) -> ContentsFile? {
            problems.append(.invalid(file: path, reason: reason, sticker: sticker))
            return nil
        }
        switch fileSystem.entry(path) {
        case .missing: return invalid("missing: Xcode needs a Contents.json in every catalog folder")
        case .directory: return invalid("is a folder, not a file")
        case .unsafe(let reason), .unreadable(let reason): return invalid(reason)
        case .file: break
        }
        let bytes: [UInt8]
        do { bytes = Array(try fileSystem.read(path)) } catch {
            return invalid("cannot be read: \(error.localizedDescription)")
        }
        var parser = JSONParser(bytes)
        let value: JSONValue
        do { value = try parser.parseDocument() } catch let failure as JSONParser.Failure {
            return invalid("not valid JSON: \(failure.text)")
        } catch {
            return invalid("not valid JSON: \(error)")
        }
        for duplicate in parser.duplicates {
            problems.append(.invalid(file: path, reason: "line \(duplicate.line), column \(duplicate.column): "
                                     + "key \"\(duplicate.key)\" appears twice; the last value is used", sticker: sticker))
        }
        guard let object = value.object else {
            return invalid("the top level must be an object, found \(value.shortDescription)")
        }
        let file = ContentsFile(path: path, object: object, sticker: sticker)
        file.reportUnknownKeys(in: object, allowed: topKeys, problems: &problems)
        file.checkInfo(problems: &problems)
        return file
    }

    /// Reports keys Xcode does not know, sorted so runs are deterministic.
    func reportUnknownKeys(in object: [String: JSONValue], allowed: [String], problems: inout [CatalogProblem]) {
        for key in object.keys.sorted() where !allowed.contains(key) {
            problems.append(.unknownKey(file: path, key: key,
                                        suggestion: KeySuggestion.nearest(to: key, among: allowed), sticker: sticker))
        }
    }

    /// The path (relative to the root) of a file this Contents.json lists in `folder`, or nil after
    /// reporting why not: an unsafe name, a missing file, a folder, a link out of the catalog.
    func resolve(_ filename: String, label: String, in folder: String, fileSystem: CatalogFileSystem,
                 problems: inout [CatalogProblem]) -> String? {
        if let reason = CatalogFileSystem.unsafeNameReason(filename) {
            invalid("\"\(label)\": \(reason)", problems: &problems)
            return nil
        }
        let path = CatalogFileSystem.join(folder, filename)
        switch fileSystem.entry(path) {
        case .file: return path
        case .missing: problems.append(.missingFile(file: path, listedIn: self.path, sticker: sticker))
        case .directory: problems.append(.invalid(file: path, reason: "is a folder, not an image file", sticker: sticker))
        case .unsafe(let reason), .unreadable(let reason):
            problems.append(.invalid(file: path, reason: reason, sticker: sticker))
        }
        return nil
    }

    /// Reports a problem with this file.
    func invalid(_ reason: String, problems: inout [CatalogProblem]) {
        problems.append(.invalid(file: path, reason: reason, sticker: sticker))
    }

    /// The object at `key` (named `label` in messages); nil and reported when absent or not an object,
    /// unless `required` is false, in which case absence is silent.
    func object(_ key: String, in parent: [String: JSONValue], label: String, required: Bool = true,
                problems: inout [CatalogProblem]) -> [String: JSONValue]? {
        guard let value = parent[key] else {
            if required { invalid("missing \"\(label)\"", problems: &problems) }
            return nil
        }
        guard let object = value.object else {
            invalid("\"\(label)\" must be an object, found \(value.shortDescription)", problems: &problems)
            return nil
        }
        return object
    }

    /// The list at `key`; nil and reported when absent or not a list.
    func array(_ key: String, in parent: [String: JSONValue], label: String,
               problems: inout [CatalogProblem]) -> [JSONValue]? {
        guard let value = parent[key] else {
            invalid("missing \"\(label)\"", problems: &problems)
            return nil
        }
        guard let array = value.array else {
            invalid("\"\(label)\" must be a list, found \(value.shortDescription)", problems: &problems)
            return nil
        }
        return array
    }

    /// The string at `key`; nil when absent (reported if `required`) or not a string (always reported).
    func string(_ key: String, in parent: [String: JSONValue], label: String, required: Bool,
                problems: inout [CatalogProblem]) -> String? {
        guard let value = parent[key] else {
            if required { invalid("missing \"\(label)\"", problems: &problems) }
            return nil
        }
        guard let string = value.string else {
            invalid("\"\(label)\" must be a string, found \(value.shortDescription)", problems: &problems)
            return nil
        }
        return string
    }

    /// `info` must be `{"author": string, "version": whole number}` in every Contents.json.
    private func checkInfo(problems: inout [CatalogProblem]) {
        guard let info = object("info", in: object, label: "info", problems: &problems) else { return }
        reportUnknownKeys(in: info, allowed: ["author", "version"], problems: &problems)
        _ = string("author", in: info, label: "info.author", required: true, problems: &problems)
        if let version = info["version"] {
            if version.integer == nil {
                invalid("\"info.version\" must be a whole number, found \(version.shortDescription)", problems: &problems)
            }
        } else {
            invalid("missing \"info.version\"", problems: &problems)
        }
    }
}
