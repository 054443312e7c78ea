/// An opaque colour, 8 bits a channel, in sRGB.
public struct PixelColour: Equatable, Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// From a packed `0xRRGGBB` value, as chafa and `#RRGGBB` campaign colours write it.
    public init(packed: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: packed >> 16), green: UInt8(truncatingIfNeeded: packed >> 8),
            blue: UInt8(truncatingIfNeeded: packed))
    }

    /// The squared distance in RGB: what "nearest" means in `ArtworkPalette`.
    func distanceSquared(to other: PixelColour) -> Int {
        let red = Int(self.red) - Int(other.red)
        let green = Int(self.green) - Int(other.green)
        let blue = Int(self.blue) - Int(other.blue)
        return red * red + green * green + blue * blue
    }
}
