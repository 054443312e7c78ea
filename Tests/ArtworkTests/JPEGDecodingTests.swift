import Foundation
import InboxCore
import Testing

@testable import Artwork

/// JPEG is lossy: colours are checked in the middle of each flat half, within a tolerance.
@Suite struct JPEGDecodingTests {
    static func isClose(_ colour: RGBColour, _ expected: RGBColour, within tolerance: Int = 6) -> Bool {
        abs(Int(colour.red) - Int(expected.red)) <= tolerance
            && abs(Int(colour.green) - Int(expected.green)) <= tolerance
            && abs(Int(colour.blue) - Int(expected.blue)) <= tolerance
    }

    @Test(arguments: [
        ("baseline.jpg", RGBColour(red: 255, green: 0, blue: 0), RGBColour(red: 0, green: 0, blue: 255)),
        ("subsampled.jpg", RGBColour(red: 255, green: 0, blue: 0), RGBColour(red: 0, green: 0, blue: 255)),
        ("progressive.jpg", RGBColour(red: 0, green: 200, blue: 0), RGBColour(red: 250, green: 250, blue: 250)),
        ("grey.jpg", RGBColour(red: 200, green: 200, blue: 200), RGBColour(red: 40, green: 40, blue: 40)),
        // Adobe CMYK, stored inverted: C0 M255 Y255 K0 is red, K255 is black.
        ("cmyk.jpg", RGBColour(red: 255, green: 0, blue: 0), RGBColour(red: 0, green: 0, blue: 0)),
    ])
    func decodesToOpaqueRGBA(name: String, left: RGBColour, right: RGBColour) throws {
        let image = try Fixtures.image(name)
        #expect(image.width == 32 && image.height == 16 && image.rgba.count == 32 * 16 * 4)
        #expect(!image.hasTransparency)
        let leftPixel = image.pixel(x: 4, y: 8).colour
        let rightPixel = image.pixel(x: 27, y: 8).colour
        #expect(Self.isClose(leftPixel, left), "left half is \(leftPixel)")
        #expect(Self.isClose(rightPixel, right), "right half is \(rightPixel)")
    }

    @Test func greyscaleHasEqualChannels() throws {
        let image = try Fixtures.image("grey.jpg")
        for x in [0, 10, 20, 31] {
            let colour = image.pixel(x: x, y: 3).colour
            #expect(colour.red == colour.green && colour.green == colour.blue)
        }
    }
}

/// A picture's size from its header alone, for deciding where to decode it.
@Suite struct PictureDimensionsTests {
    @Test(arguments: Fixtures.pngNames + Fixtures.jpegNames)
    func theHeaderSaysTheDecodedSize(name: String) throws {
        let data = try Fixtures.data(name)
        let image = try ArtworkDecoder.decode(data)
        let size = try #require(ArtworkDecoder.dimensions(of: data))
        #expect(size.width == image.width && size.height == image.height)
    }

    @Test func aHeaderThatDoesNotSayIsNil() throws {
        let jpeg = try Fixtures.data("baseline.jpg")
        #expect(ArtworkDecoder.dimensions(of: jpeg.prefix(20)) == nil, "cut before the frame")
        #expect(ArtworkDecoder.dimensions(of: Data("GIF89a".utf8)) == nil)
        #expect(ArtworkDecoder.dimensions(of: Data()) == nil)
        // Cut at every length: nil or the right size, never a crash.
        for length in 0..<jpeg.count {
            if let size = ArtworkDecoder.dimensions(of: jpeg.prefix(length)) {
                #expect(size.width == 32 && size.height == 16)
            }
        }
    }
}
