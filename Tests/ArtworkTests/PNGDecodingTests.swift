import Foundation
import InboxCore
import Testing

@testable import Artwork

@Suite struct PNGDecodingTests {
    @Test func rgbDecodesEveryPixelExactly() throws {
        let image = try Fixtures.image("rgb8.png")
        #expect(image.width == 4 && image.height == 4 && image.rgba.count == 64)
        for y in 0..<4 {
            for x in 0..<4 {
                #expect(image.pixel(x: x, y: y) == (Fixtures.patternColour(x: x, y: y), 255))
            }
        }
    }

    @Test func rgbaKeepsStraightAlpha() throws {
        let image = try Fixtures.image("rgba8.png")
        for y in 0..<4 {
            for x in 0..<4 {
                let (colour, alpha) = image.pixel(x: x, y: y)
                #expect(alpha == Fixtures.patternAlpha(x: x, y: y))
                // Straight alpha: the colour of a visible pixel is not multiplied by its alpha.
                if alpha > 0 { #expect(colour == Fixtures.patternColour(x: x, y: y)) }
            }
        }
    }

    @Test func paletteWithTransparencyChunk() throws {
        let image = try Fixtures.image("palette4.png")
        // Entry (x + y) % 4 of red, green, blue, white with alphas 255, 255, 128, 0.
        #expect(image.pixel(x: 0, y: 0) == (RGBColour(red: 255, green: 0, blue: 0), 255))
        #expect(image.pixel(x: 1, y: 0) == (RGBColour(red: 0, green: 255, blue: 0), 255))
        let half = image.pixel(x: 2, y: 0)
        #expect(half.colour == RGBColour(red: 0, green: 0, blue: 255) && half.alpha == 128)
        #expect(image.pixel(x: 3, y: 0).alpha == 0)
        #expect(image.pixel(x: 3, y: 1).colour == RGBColour(red: 255, green: 0, blue: 0))
    }

    @Test func greyscaleEightBitAndTwoBit() throws {
        let grey = try Fixtures.image("grey8.png")
        let level = UInt8(2 * 64 + 3 * 16)
        #expect(grey.pixel(x: 3, y: 2) == (RGBColour(red: level, green: level, blue: level), 255))
        let twoBit = try Fixtures.image("grey2.png")
        // 2-bit levels 0...3 scale to 0, 85, 170, 255.
        #expect((0..<4).map { twoBit.pixel(x: $0, y: 0).colour.red } == [0, 85, 170, 255])
        #expect(twoBit.pixel(x: 1, y: 1).colour == RGBColour(red: 170, green: 170, blue: 170))
    }

    @Test func greyWithAlpha() throws {
        let image = try Fixtures.image("greyalpha8.png")
        let (colour, alpha) = image.pixel(x: 2, y: 3)
        #expect(colour == RGBColour(red: 160, green: 160, blue: 160) && alpha == 240)
    }

    @Test func sixteenBitIsReducedAsSRGBNotBrightenedAsLinear() throws {
        let image = try Fixtures.image("rgb16.png")
        for y in 0..<4 {
            for x in 0..<4 {
                #expect(image.pixel(x: x, y: y) == (Fixtures.patternColour(x: x, y: y), 255))
            }
        }
        // 0x1234 / 257 = 18.1, 0x8080 / 257 = 128.
        let withAlpha = try Fixtures.image("rgba16.png")
        #expect(withAlpha.pixel(x: 0, y: 0) == (RGBColour(red: 18, green: 128, blue: 255), 255))
        #expect(withAlpha.pixel(x: 1, y: 0).alpha == 0)
    }

    @Test func adam7InterlacedMatchesEveryPass() throws {
        let image = try Fixtures.image("interlaced.png")
        #expect(image.width == 9 && image.height == 9)
        for y in 0..<9 {
            for x in 0..<9 {
                let expected = RGBColour(
                    red: UInt8((x * 28) % 256), green: UInt8((y * 28) % 256), blue: UInt8((x * y * 3) % 256))
                #expect(image.pixel(x: x, y: y) == (expected, 255), "pixel \(x),\(y)")
            }
        }
    }

    @Test func formatIsFoundByMagicBytesNotByName() throws {
        #expect(ArtworkDecoder.format(of: try Fixtures.data("rgb8.png")) == .png)
        #expect(ArtworkDecoder.format(of: try Fixtures.data("cmyk.jpg")) == .jpeg)
        #expect(ArtworkDecoder.format(of: Data("GIF89a".utf8)) == nil)
    }
}
