import CVPX
@testable import ImageCodec
import XCTest

/// libyuv's conversion against the converter's own tables (the converter before libyuv): within one
/// level on every channel, for every matrix and layout routed to libyuv.
final class LibYUVConverterTests: XCTestCase {
    private let routed: [YCbCrMatrix] = [
        .bt601(fullRange: false), .bt601(fullRange: true), .bt709(fullRange: false), .bt709(fullRange: true),
        YCbCrMatrix.fromMatrixCoefficients(9, fullRange: false)!,
    ]

    /// A picture of `format` filled by `sample(plane, x, y)`; the caller destroys it.
    private func picture(_ format: vpx_img_fmt_t, _ width: Int, _ height: Int,
                         _ sample: (Int, Int, Int) -> UInt8) -> UnsafeMutablePointer<vpx_image_t> {
        let image = vpx_img_alloc(nil, format, UInt32(width), UInt32(height), 32)!
        let planes = [image.pointee.planes.0!, image.pointee.planes.1!, image.pointee.planes.2!]
        let strides = [Int(image.pointee.stride.0), Int(image.pointee.stride.1), Int(image.pointee.stride.2)]
        for plane in 0..<3 {
            let shiftX = plane == 0 ? 0 : Int(image.pointee.x_chroma_shift)
            let shiftY = plane == 0 ? 0 : Int(image.pointee.y_chroma_shift)
            for y in 0..<((height + shiftY) >> shiftY) {
                for x in 0..<((width + shiftX) >> shiftX) { planes[plane][y * strides[plane] + x] = sample(plane, x, y) }
            }
        }
        return image
    }

    /// The largest difference of any channel between libyuv and the tables.
    private func largestDifference(_ matrix: YCbCrMatrix, _ color: vpx_image_t, alpha: vpx_image_t?,
                                   width: Int, height: Int) throws -> Int {
        var fast = PixelBuffer(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
        let converted = try XCTUnwrap(LibYUVConverter(matrix: matrix), "\(matrix)").convert(
            color, alpha: alpha, width: width, height: height, into: &fast.pixels)
        XCTAssertTrue(converted, "libyuv took the picture (\(matrix))")
        let reference = YUVToRGBAConverter(matrix: matrix, useLibYUV: false)
            .convert(color, alpha: alpha, width: width, height: height)
        XCTAssertEqual(fast.pixels.count, reference.pixels.count)
        return fast.pixels.withUnsafeBufferPointer { a in
            reference.pixels.withUnsafeBufferPointer { b in
                var largest = 0
                for i in 0..<min(a.count, b.count) { largest = max(largest, abs(Int(a[i]) - Int(b[i]))) }
                return largest
            }
        }
    }

    /// Every Y value with Cb and Cr in steps of 15 (0...255, both ends), 4:4:4: within one level
    /// for each routed matrix. (The whole 8-bit cube was checked the same way once, outside the tests.)
    func testEverySampleValueWithinOneLevel() throws {
        let chroma = Array(stride(from: 0, through: 255, by: 15))
        let height = chroma.count * chroma.count
        let image = picture(VPX_IMG_FMT_I444, 256, height) { plane, x, y in
            switch plane {
            case 0: UInt8(x)
            case 1: UInt8(chroma[y % chroma.count])
            default: UInt8(chroma[y / chroma.count])
            }
        }
        defer { vpx_img_free(image) }
        for matrix in routed {
            let difference = try largestDifference(matrix, image.pointee, alpha: nil, width: 256, height: height)
            XCTAssertLessThanOrEqual(difference, 1, "\(matrix)")
        }
    }

    /// 4:2:0, 4:2:2 and 4:4:4 at an odd size, with and without an alpha picture: alpha copied exactly,
    /// colour within one level, and the same chroma siting as the tables.
    func testLayoutsAndAlphaAtAnOddSize() throws {
        var state: UInt32 = 12345
        let noise = (0..<(3 * 64 * 64)).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        let alpha = picture(VPX_IMG_FMT_I420, 37, 23) { plane, x, y in plane == 0 ? UInt8((x * 7 + y * 13) % 256) : 128 }
        defer { vpx_img_free(alpha) }
        for format in [VPX_IMG_FMT_I420, VPX_IMG_FMT_I422, VPX_IMG_FMT_I444] {
            let color = picture(format, 37, 23) { plane, x, y in noise[plane * 4096 + y * 64 + x] }
            defer { vpx_img_free(color) }
            for matrix in routed {
                XCTAssertLessThanOrEqual(try largestDifference(matrix, color.pointee, alpha: nil, width: 37, height: 23), 1)
                XCTAssertLessThanOrEqual(try largestDifference(matrix, color.pointee, alpha: alpha.pointee, width: 37, height: 23), 1)
            }
            let rgba = YUVToRGBAConverter(matrix: .bt601(fullRange: false))
                .convert(color.pointee, alpha: alpha.pointee, width: 37, height: 23)
            for (index, a) in stride(from: 3, to: rgba.pixels.count, by: 4).map({ rgba.pixels[$0] }).enumerated() {
                XCTAssertEqual(Int(a), (index % 37 * 7 + index / 37 * 13) % 256)
            }
        }
    }

    /// Matrices libyuv has no constants for, or misses by more than a level, stay on the tables.
    func testUnmatchedMatricesStayOnTheTables() {
        XCTAssertNil(LibYUVConverter(matrix: YCbCrMatrix.fromMatrixCoefficients(0, fullRange: true)!))  // identity
        XCTAssertNil(LibYUVConverter(matrix: YCbCrMatrix.fromMatrixCoefficients(4, fullRange: false)!))  // FCC
        XCTAssertNil(LibYUVConverter(matrix: YCbCrMatrix.fromMatrixCoefficients(7, fullRange: false)!))  // SMPTE 240M
        XCTAssertNil(LibYUVConverter(matrix: YCbCrMatrix.fromMatrixCoefficients(9, fullRange: true)!))  // BT.2020 full
    }

    /// High bit depth and 4:4:0 pictures are refused (the tables convert them), and nothing is written.
    func testUnsupportedLayoutsAreRefused() throws {
        let converter = try XCTUnwrap(LibYUVConverter(matrix: .bt601(fullRange: false)))
        for format in [VPX_IMG_FMT_I42016, VPX_IMG_FMT_I440] {
            let image = picture(format, 8, 8) { _, _, _ in 0 }
            defer { vpx_img_free(image) }
            var out = [UInt8](repeating: 7, count: 8 * 8 * 4)
            XCTAssertFalse(converter.convert(image.pointee, alpha: nil, width: 8, height: 8, into: &out))
            XCTAssertEqual(out, [UInt8](repeating: 7, count: 8 * 8 * 4))
        }
    }
}
