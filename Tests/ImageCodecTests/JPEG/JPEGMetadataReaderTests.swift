@testable import ImageCodec
import XCTest

/// The EXIF orientation reader, the ICC description reader and the CMYK conversion on exact bytes.
final class JPEGMetadataReaderTests: XCTestCase {
    private let exif: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]

    /// An APP1 payload with IFD0 holding one unrelated tag then the orientation.
    private func app1(bigEndian: Bool, orientation: Int, type: Int = 3) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        tiff += u16(42) + u32(8) + u16(2)
        tiff += u16(0x010F) + u16(2) + u32(4) + Array("Acme".utf8)
        tiff += u16(0x0112) + u16(type) + u32(1) + u16(orientation) + u16(0)
        tiff += u32(0)
        return exif + tiff
    }

    func testOrientationInBothByteOrders() {
        for value in 1...8 {
            XCTAssertEqual(EXIFOrientationReader.orientation(inAPP1: app1(bigEndian: false, orientation: value)), value)
            XCTAssertEqual(EXIFOrientationReader.orientation(inAPP1: app1(bigEndian: true, orientation: value)), value)
        }
    }

    func testMalformedOrientationIsNil() {
        XCTAssertNil(EXIFOrientationReader.orientation(inAPP1: app1(bigEndian: true, orientation: 9)))
        XCTAssertNil(EXIFOrientationReader.orientation(inAPP1: app1(bigEndian: false, orientation: 6, type: 4)))
        XCTAssertNil(EXIFOrientationReader.orientation(inAPP1: Array(app1(bigEndian: false, orientation: 6).prefix(30))))
        XCTAssertNil(EXIFOrientationReader.orientation(inAPP1: exif + [0x49, 0x49, 42, 0, 0xFF, 0xFF, 0xFF, 0x7F]))
        XCTAssertNil(EXIFOrientationReader.orientation(inAPP1: Array("Exif".utf8)))
    }

    func testICCVersion2Description() {
        var profile = [UInt8](repeating: 0, count: 128)
        profile += [0, 0, 0, 1] + Array("desc".utf8) + [0, 0, 0, 144] + [0, 0, 0, 26]
        profile += Array("desc".utf8) + [0, 0, 0, 0] + [0, 0, 0, 10] + Array("sRGB IEC\0\0".utf8) + [0, 0, 0, 0]
        XCTAssertEqual(ICCProfileReader.profileDescription(profile), "sRGB IEC")
        XCTAssertNil(ICCProfileReader.profileDescription(Array(profile.prefix(140))))
    }

    func testCMYKConversion() {
        let cmyk: [UInt8] = [255, 0, 128, 255, 0, 0, 0, 0, 255, 255, 255, 128]
        let inverted = cmyk.withUnsafeBufferPointer { CMYKConverter.naive($0, adobeInverted: true) }
        XCTAssertEqual(inverted, [255, 0, 128, 255, 0, 0, 0, 255, 128, 128, 128, 255])
        let plain = cmyk.withUnsafeBufferPointer { CMYKConverter.naive($0, adobeInverted: false) }
        XCTAssertEqual(plain, [0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 255])
    }
}
