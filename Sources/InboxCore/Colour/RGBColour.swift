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
        guard digits.count == 7 || digits.count == 9, digits[0] == UInt8(ascii: "#") else { return nil }
        // ASCII hex digits only, read from the bytes (a campaign document has thousands of colours).
        var values: [UInt8] = []
        for byte in digits.dropFirst() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): values.append(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): values.append(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        self.init(red: values[0] << 4 | values[1], green: values[2] << 4 | values[3], blue: values[4] << 4 | values[5])
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
