/// An opaque colour, 8 bits a channel, in sRGB: a campaign's `#RRGGBB` (PROTOCOL 2.1) and a
/// picture's pixels alike.
public struct RGBColour: Sendable, Equatable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// From a packed `0xRRGGBB` value, as chafa writes it.
    public init(packed: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: packed >> 16), green: UInt8(truncatingIfNeeded: packed >> 8),
            blue: UInt8(truncatingIfNeeded: packed))
    }

    /// Parses `#RRGGBB`, or `#RRGGBBAA` with the alpha dropped (a terminal cell is opaque;
    /// PROTOCOL 2.1); anything else is `nil` (the theme colour).
    public init?(hex text: String) {
        let digits = Array(text.utf8)
        guard digits.count == 7 || digits.count == 9, digits[0] == UInt8(ascii: "#"),
            digits.dropFirst().allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit })
        else { return nil }
        var values: [UInt8] = []
        for index in stride(from: 1, to: 7, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else {
                return nil
            }
            values.append(byte)
        }
        self.init(red: values[0], green: values[1], blue: values[2])
    }

    /// `#RRGGBB`, upper-case hex: the form `init(hex:)` reads.
    public var hexText: String {
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes = [UInt8(ascii: "#")]
        for channel in [red, green, blue] {
            bytes.append(digits[Int(channel >> 4)])
            bytes.append(digits[Int(channel & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The squared distance in RGB: what "nearest" means in the artwork palette.
    public func distanceSquared(to other: RGBColour) -> Int {
        let red = Int(self.red) - Int(other.red)
        let green = Int(self.green) - Int(other.green)
        let blue = Int(self.blue) - Int(other.blue)
        return red * red + green * green + blue * blue
    }
}
