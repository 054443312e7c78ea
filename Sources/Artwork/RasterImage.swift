import InboxCore

/// A decoded picture: RGBA, 8 bits a channel, unassociated (straight) alpha, row-major, 4 bytes
/// a pixel with no row padding.
public struct RasterImage: Sendable {
    public let width: Int
    public let height: Int
    public let rgba: [UInt8]

    /// `rgba` must hold exactly `width * height * 4` bytes; both sides must be at least 1.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width > 0 && height > 0, "a picture has at least one pixel")
        precondition(rgba.count == width * height * 4, "RGBA needs 4 bytes a pixel")
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Whether any pixel is less than fully opaque.
    public var hasTransparency: Bool {
        var index = 3
        while index < rgba.count {
            if rgba[index] != 255 { return true }
            index += 4
        }
        return false
    }

    /// The pixel at (x, y) as (colour, alpha); for tests and previews, not hot loops.
    public func pixel(x: Int, y: Int) -> (colour: RGBColour, alpha: UInt8) {
        let offset = (y * width + x) * 4
        return (RGBColour(red: rgba[offset], green: rgba[offset + 1], blue: rgba[offset + 2]), rgba[offset + 3])
    }

    /// Every pixel composited over `background`, so the result is opaque.
    public func composited(over background: RGBColour) -> RasterImage {
        guard hasTransparency else { return self }
        var result = rgba
        let under = (Int(background.red), Int(background.green), Int(background.blue))
        var offset = 0
        while offset < result.count {
            let alpha = Int(result[offset + 3])
            if alpha != 255 {
                result[offset] = RasterImage.blend(Int(result[offset]), under.0, alpha)
                result[offset + 1] = RasterImage.blend(Int(result[offset + 1]), under.1, alpha)
                result[offset + 2] = RasterImage.blend(Int(result[offset + 2]), under.2, alpha)
                result[offset + 3] = 255
            }
            offset += 4
        }
        return RasterImage(width: width, height: height, rgba: result)
    }

    private static func blend(_ over: Int, _ under: Int, _ alpha: Int) -> UInt8 {
        UInt8((over * alpha + under * (255 - alpha) + 127) / 255)
    }
}
