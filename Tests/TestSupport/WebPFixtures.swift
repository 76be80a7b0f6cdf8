import Foundation

/// The committed WebP fixtures (Tests/ImageCodecTests/Fixtures/WebP, made by
/// Tests/ImageCodecTests/Fixtures/WebP/gen-webp-fixtures.py), readable from every test target.
public enum WebPFixtures {
    /// The fixture folder.
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("ImageCodecTests/Fixtures/WebP")

    /// The bytes of one fixture (`anim.webp`, `lossless.src.rgba`...).
    public static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }
}
