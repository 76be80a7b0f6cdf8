import Foundation
import XCTest
import StickerTestSupport
@testable import StickerServe

/// What `/files/` refuses before and after asking the file system.
final class PackFilePathTests: XCTestCase {
    func testSegmentsAreCheckedOneByOne() {
        XCTAssertEqual(PackFilePath.relative("Sun.png"), .success("Sun.png"))
        XCTAssertEqual(PackFilePath.relative("Pack%20One/Sun%20Face.png"), .success("Pack One/Sun Face.png"))
        XCTAssertEqual(PackFilePath.relative("a/../b.png"), .failure(.traversal))
        XCTAssertEqual(PackFilePath.relative(".."), .failure(.traversal))
        XCTAssertEqual(PackFilePath.relative("%2e%2e/etc/passwd"), .failure(.traversal))
        XCTAssertEqual(PackFilePath.relative("%2E%2E/etc/passwd"), .failure(.traversal))
        XCTAssertEqual(PackFilePath.relative("./a.png"), .failure(.traversal))
        XCTAssertEqual(PackFilePath.relative("..%2F..%2Fetc%2Fpasswd"), .failure(.badEncoding))
        XCTAssertEqual(PackFilePath.relative("a%2Fb.png"), .failure(.badEncoding))
        XCTAssertEqual(PackFilePath.relative("..%5C..%5Cwin.ini"), .failure(.badEncoding))
        XCTAssertEqual(PackFilePath.relative("a%00.png"), .failure(.badEncoding))
        XCTAssertEqual(PackFilePath.relative("%zz.png"), .failure(.badEncoding))
        XCTAssertEqual(PackFilePath.relative("/etc/passwd"), .failure(.absolute))
        XCTAssertEqual(PackFilePath.relative("a//b.png"), .failure(.absolute))
        XCTAssertEqual(PackFilePath.relative("folder/"), .failure(.absolute))
        XCTAssertEqual(PackFilePath.relative(".git/config"), .failure(.hidden))
        XCTAssertEqual(PackFilePath.relative(""), .failure(.notFound))
        XCTAssertEqual(PackFilePath.Refusal.traversal.status, 403)
        XCTAssertEqual(PackFilePath.Refusal.notFound.status, 404)
    }

    func testSymbolicLinksOutOfThePackAreRefused() throws {
        let outside = try TempFolder("serve-outside")
        defer { outside.remove() }
        try outside.write(Array("secret".utf8), to: "secret.txt")
        let pack = try TempFolder("serve-links")
        defer { pack.remove() }
        try pack.write(try ServeFixtures.png(300), to: "Sun.png")
        try FileManager.default.createSymbolicLink(atPath: pack.path + "/Leak.png", withDestinationPath: outside.path + "/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: pack.path + "/Out", withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: pack.path + "/Alias.png", withDestinationPath: pack.path + "/Sun.png")
        try FileManager.default.createDirectory(atPath: pack.path + "/Folder", withIntermediateDirectories: true)
        let resolver = PackFilePath(root: pack.path)
        XCTAssertEqual(resolver.resolve("Leak.png"), .failure(.outside))
        XCTAssertEqual(resolver.resolve("Out/secret.txt"), .failure(.outside))
        XCTAssertEqual(resolver.resolve("Folder"), .failure(.notFound))
        XCTAssertEqual(resolver.resolve("Missing.png"), .failure(.notFound))
        XCTAssertEqual(resolver.resolve("Sun.png"), .success(resolver.root + "/Sun.png"))
        XCTAssertEqual(resolver.resolve("Alias.png"), .success(resolver.root + "/Sun.png"))
    }
}
