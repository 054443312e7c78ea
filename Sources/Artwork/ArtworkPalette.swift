/// The terminal palettes the indexed colour modes quantize to. A cell rendered with
/// `.indexed256` or `.indexed8` carries a palette entry's own RGB value, so a backend finds the
/// index back with `index256(of:)` or `index8(of:)` exactly.
public enum ArtworkPalette {
    /// The six levels of each channel in xterm's 6x6x6 colour cube (indices 16...231).
    static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The 256-colour mode uses indices 16...255 only: the cube and the grey ramp have the same
    /// RGB in every xterm-compatible terminal, while 0...15 are the user's theme and could draw
    /// the picture in any colour.
    public static let indices256: ClosedRange<Int> = 16...255

    /// The RGB value of xterm palette entry `index` (16...255).
    public static func colour256(at index: Int) -> PixelColour {
        precondition(indices256.contains(index), "only 16...255 have a fixed colour")
        if index >= 232 {
            let level = UInt8(8 + (index - 232) * 10)
            return PixelColour(red: level, green: level, blue: level)
        }
        let cube = index - 16
        return PixelColour(
            red: cubeLevels[cube / 36], green: cubeLevels[(cube / 6) % 6], blue: cubeLevels[cube % 6])
    }

    /// The nearest of entries 16...255 in RGB distance: the nearest cube entry (each channel to
    /// its nearest level, since the cube is a grid) against the nearest grey of the ramp (the
    /// level nearest the channels' mean). Ties go to the cube.
    public static func index256(of colour: PixelColour) -> Int {
        let red = nearestCubeLevel(colour.red)
        let green = nearestCubeLevel(colour.green)
        let blue = nearestCubeLevel(colour.blue)
        let cubeIndex = 16 + red * 36 + green * 6 + blue
        // round((sum / 3 - 8) / 10) in integers: the grey level nearest the exact mean.
        let sum = Int(colour.red) + Int(colour.green) + Int(colour.blue)
        let greyStep = min(23, max(0, (sum - 9) / 30))
        let greyIndex = 232 + greyStep
        let cubeDistance = colour.distanceSquared(to: colour256(at: cubeIndex))
        let greyDistance = colour.distanceSquared(to: colour256(at: greyIndex))
        return greyDistance < cubeDistance ? greyIndex : cubeIndex
    }

    /// The palette's own colour nearest to `colour`.
    public static func nearest256(to colour: PixelColour) -> PixelColour {
        colour256(at: index256(of: colour))
    }

    /// The 8 ANSI colours (black, red, green, yellow, blue, magenta, cyan, white) as xterm draws
    /// them by default; terminals differ a little, but these are what "nearest" is measured to.
    public static let colours8: [PixelColour] = [
        PixelColour(packed: 0x000000), PixelColour(packed: 0xCD0000), PixelColour(packed: 0x00CD00),
        PixelColour(packed: 0xCDCD00), PixelColour(packed: 0x0000EE), PixelColour(packed: 0xCD00CD),
        PixelColour(packed: 0x00CDCD), PixelColour(packed: 0xE5E5E5),
    ]

    /// The nearest of the 8 ANSI colours in RGB distance; ties go to the lower index.
    public static func index8(of colour: PixelColour) -> Int {
        var best = 0
        var bestDistance = Int.max
        for (index, entry) in colours8.enumerated() {
            let distance = colour.distanceSquared(to: entry)
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }

    public static func nearest8(to colour: PixelColour) -> PixelColour {
        colours8[index8(of: colour)]
    }

    private static func nearestCubeLevel(_ value: UInt8) -> Int {
        // Midpoints between the levels 0, 95, 135, 175, 215, 255.
        switch value {
        case ..<48: return 0
        case ..<115: return 1
        case ..<155: return 2
        case ..<195: return 3
        case ..<235: return 4
        default: return 5
        }
    }
}
