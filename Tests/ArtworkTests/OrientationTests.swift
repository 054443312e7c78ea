import Foundation
import InboxCore
import Testing

@testable import Artwork

/// A JPEG's EXIF orientation (TIFF tag 0x0112) is applied, as browsers show the picture.
@Suite struct OrientationTests {
    /// 3x2, every pixel its own: a b c / d e f, each letter's code in the red channel.
    static let stored = Fixtures.makeImage(width: 3, height: 2) { x, y in
        (UInt8(ascii: "a") + UInt8(y * 3 + x), 0, 0, 255)
    }

    static func rows(_ image: RasterImage) -> [String] {
        (0..<image.height).map { y in
            String((0..<image.width).map { x in Character(UnicodeScalar(image.pixel(x: x, y: y).colour.red)) })
        }
    }

    @Test(arguments: [
        (1, ["abc", "def"]), (2, ["cba", "fed"]), (3, ["fed", "cba"]), (4, ["def", "abc"]),
        (5, ["ad", "be", "cf"]), (6, ["da", "eb", "fc"]), (7, ["fc", "eb", "da"]), (8, ["cf", "be", "ad"]),
        (0, ["abc", "def"]), (9, ["abc", "def"]),
    ])
    func eachOrientationTurnsThePixels(orientation: Int, shown: [String]) {
        #expect(Self.rows(Self.stored.oriented(orientation)) == shown)
    }

    /// An APP1 Exif segment saying `orientation`, put right after the JPEG's start-of-image.
    static func jpeg(orientation: UInt16, bigEndian: Bool = true, type: UInt16 = 3, entries: UInt16 = 2) throws -> Data
    {
        func u16(_ value: UInt16) -> [UInt8] {
            bigEndian ? [UInt8(value >> 8), UInt8(value & 0xFF)] : [UInt8(value & 0xFF), UInt8(value >> 8)]
        }
        func u32(_ value: UInt32) -> [UInt8] {
            bigEndian
                ? u16(UInt16(value >> 16)) + u16(UInt16(value & 0xFFFF))
                : u16(UInt16(value & 0xFFFF)) + u16(UInt16(value >> 16))
        }
        var tiff: [UInt8] = bigEndian ? Array("MM".utf8) : Array("II".utf8)
        tiff += u16(42) + u32(8) + u16(entries)
        // An unrelated tag first (ImageWidth), then the orientation.
        tiff += u16(0x0100) + u16(3) + u32(1) + u16(32) + u16(0)
        tiff += u16(0x0112) + u16(type) + u32(1) + u16(orientation) + u16(0)
        tiff += u32(0)
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        let original = try Fixtures.data("baseline.jpg")
        return Data(original.prefix(2) + segment + original.dropFirst(2))
    }

    static let red = RGBColour(red: 255, green: 0, blue: 0)
    static let blue = RGBColour(red: 0, green: 0, blue: 255)

    /// baseline.jpg is 32x16, red on the left, blue on the right.
    @Test func aSidewaysPhotographStandsUp() throws {
        let clockwise = try ArtworkDecoder.decode(Self.jpeg(orientation: 6))
        try #require(clockwise.width == 16 && clockwise.height == 32)
        #expect(JPEGDecodingTests.isClose(clockwise.pixel(x: 8, y: 4).colour, Self.red), "the left side is on top")
        #expect(JPEGDecodingTests.isClose(clockwise.pixel(x: 8, y: 27).colour, Self.blue))

        let anticlockwise = try ArtworkDecoder.decode(Self.jpeg(orientation: 8, bigEndian: false))
        try #require(anticlockwise.width == 16 && anticlockwise.height == 32)
        #expect(JPEGDecodingTests.isClose(anticlockwise.pixel(x: 8, y: 4).colour, Self.blue))

        let halfRound = try ArtworkDecoder.decode(Self.jpeg(orientation: 3))
        try #require(halfRound.width == 32 && halfRound.height == 16)
        #expect(JPEGDecodingTests.isClose(halfRound.pixel(x: 4, y: 8).colour, Self.blue))
    }

    /// What does not say an orientation plainly leaves the picture as stored: a value out of
    /// range, a tag of another type, an entry past the directory's count. A count past the
    /// segment's end reads only the entries inside it.
    @Test(arguments: [(9 as UInt16, 3 as UInt16, 2 as UInt16), (0, 3, 2), (6, 4, 2), (6, 3, 1), (6, 3, 0)])
    func anUnclearOrientationKeepsThePictureAsStored(orientation: UInt16, type: UInt16, entries: UInt16) throws {
        let image = try ArtworkDecoder.decode(Self.jpeg(orientation: orientation, type: type, entries: entries))
        try #require(image.width == 32 && image.height == 16)
        #expect(JPEGDecodingTests.isClose(image.pixel(x: 4, y: 8).colour, Self.red))
    }

    /// Every byte of the Exif segment set to 0x00 and to 0xFF in turn, and the segment cut at
    /// every length: the picture decodes (turned or not) or fails with an error, never a crash.
    @Test func aHostileExifSegmentIsReadWithinItsBounds() throws {
        let jpeg = try Self.jpeg(orientation: 6)
        let segmentLength = Int(jpeg[4]) << 8 | Int(jpeg[5])
        for offset in 6..<(4 + segmentLength) {
            for value: UInt8 in [0x00, 0xFF] {
                var changed = jpeg
                changed[offset] = value
                if let image = try? ArtworkDecoder.decode(changed) { #expect(image.width * image.height == 32 * 16) }
            }
        }
        for length in 2..<segmentLength {
            // The segment says it is shorter: its tail is then read as the next marker's bytes.
            var cut = jpeg
            cut[4] = UInt8(length >> 8)
            cut[5] = UInt8(length & 0xFF)
            if let image = try? ArtworkDecoder.decode(cut) { #expect(image.width * image.height == 32 * 16) }
        }
    }
}
