import Foundation
import InboxCore

@testable import Artwork

/// The small pictures in Fixtures/ (made once by a throwaway script: PNGs written chunk by
/// chunk, JPEGs by Pillow) and helpers to make hostile variants of them.
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    static func image(_ name: String) throws -> RasterImage {
        try ArtworkDecoder.decode(data(name))
    }

    static let pngNames = [
        "rgb8.png", "rgba8.png", "palette4.png", "grey8.png", "grey2.png", "greyalpha8.png", "rgb16.png",
        "rgba16.png", "interlaced.png",
    ]
    static let jpegNames = ["baseline.jpg", "subsampled.jpg", "progressive.jpg", "grey.jpg", "cmyk.jpg"]

    /// The colour at (x, y) of the 4x4 fixtures rgb8, rgba8 and rgb16.
    static func patternColour(x: Int, y: Int) -> RGBColour {
        RGBColour(red: UInt8(x * 64 + 10), green: UInt8(y * 64 + 20), blue: UInt8((x + y) * 30 + 5))
    }

    /// The alpha at (x, y) of rgba8.png.
    static func patternAlpha(x: Int, y: Int) -> UInt8 { UInt8((y * 4 + x) * 17) }

    /// An image from a closure that gives each pixel's RGBA.
    static func makeImage(width: Int, height: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> RasterImage {
        var rgba: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let (red, green, blue, alpha) = pixel(x, y)
                rgba += [red, green, blue, alpha]
            }
        }
        return RasterImage(width: width, height: height, rgba: rgba)
    }

    /// A PNG that claims the given size: IHDR, an IDAT with a few bytes of a zlib stream, IEND.
    static func pngClaiming(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        data += chunk("IHDR", bigEndian(width) + bigEndian(height) + Data([8, 2, 0, 0, 0]))
        data += chunk("IDAT", Data([0x78, 0x01, 0x00]))
        data += chunk("IEND", Data())
        return data
    }

    static func chunk(_ kind: String, _ body: Data) -> Data {
        let typed = Data(kind.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }

    static func bigEndian(_ value: UInt32) -> Data {
        Data([UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    /// PNG's CRC-32 (ISO 3309), bit by bit: only a few short chunks are checked.
    static func crc32(_ bytes: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
