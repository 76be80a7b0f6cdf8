import Foundation
import TestSupport
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// A written project read back with the independent old-style plist reader.
struct ParsedProject {
    let root: [String: OpenStepValue]
    let objects: [String: [String: OpenStepValue]]

    init(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        root = try XCTUnwrap(OpenStepPlistReader.parse(text).dictionary, file: file, line: line)
        let raw = try XCTUnwrap(root["objects"]?.dictionary, file: file, line: line)
        objects = try raw.mapValues { try XCTUnwrap($0.dictionary, file: file, line: line) }
    }

    /// The settings' project, parsed.
    init(settings: XcodeProjectSettings) throws {
        try self.init(XcodeProjectFiles.text(settings, XcodeProjectLayout(settings: settings).pbxproj))
    }

    /// Ids of every object of type `isa`.
    func ids(_ isa: String) -> [String] { objects.filter { $0.value["isa"]?.string == isa }.map(\.key).sorted() }

    /// The object `id` refers to; fails the test when it does not resolve.
    func object(_ id: String?, file: StaticString = #filePath, line: UInt = #line) throws -> [String: OpenStepValue] {
        let id = try XCTUnwrap(id, "no reference", file: file, line: line)
        return try XCTUnwrap(objects[id], "\(id) does not resolve", file: file, line: line)
    }

    /// The native target called `name`.
    func target(named name: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: OpenStepValue] {
        let id = try XCTUnwrap(ids("PBXNativeTarget").first { objects[$0]?["name"]?.string == name }, "no target \(name)",
                               file: file, line: line)
        return try object(id)
    }

    /// The build settings of `owner`'s configuration called `name` (Debug or Release).
    func buildSettings(of owner: [String: OpenStepValue], _ name: String) throws -> [String: String] {
        let list = try object(owner["buildConfigurationList"]?.string)
        let configurations = try (list["buildConfigurations"]?.array ?? []).map { try object($0.string) }
        let configuration = try XCTUnwrap(configurations.first { $0["name"]?.string == name }, "no \(name) configuration")
        return (configuration["buildSettings"]?.dictionary ?? [:]).compactMapValues(\.string)
    }
}

extension XcodeProjectFiles {
    /// One file's text.
    static func text(_ settings: XcodeProjectSettings, _ path: String) -> String {
        String(decoding: files(for: settings)[path] ?? [], as: UTF8.self)
    }
}
