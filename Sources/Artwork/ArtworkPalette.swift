import InboxCore

/// The terminal palettes the indexed colour modes quantize to; the 256-colour mode uses only
/// `XtermPalette.fixed`, whose colours are the same in every xterm-compatible terminal. A cell rendered with
/// `.indexed256` or `.indexed8` carries a palette entry's own RGB value, so a backend finds the
/// index back with `index256(of:)` or `index8(of:)` exactly.
public enum ArtworkPalette {
    /// The nearest of entries 16...255 in RGB distance: the nearest cube entry (each channel to
    /// its nearest level, since the cube is a grid) against the nearest grey of the ramp (the
    /// level nearest the channels' mean). Ties go to the cube.
    public static func index256(of colour: RGBColour) -> Int {
        let red = nearestCubeLevel(colour.red)
        let green = nearestCubeLevel(colour.green)
        let blue = nearestCubeLevel(colour.blue)
        let cubeIndex = 16 + red * 36 + green * 6 + blue
        // round((sum / 3 - 8) / 10) in integers: the grey level nearest the exact mean.
        let sum = Int(colour.red) + Int(colour.green) + Int(colour.blue)
        let greyStep = min(23, max(0, (sum - 9) / 30))
        let greyIndex = 232 + greyStep
        let cubeDistance = colour.distanceSquared(to: XtermPalette.colour(at: cubeIndex))
        let greyDistance = colour.distanceSquared(to: XtermPalette.colour(at: greyIndex))
        return greyDistance < cubeDistance ? greyIndex : cubeIndex
    }

    /// The palette's own colour nearest to `colour`.
    public static func nearest256(to colour: RGBColour) -> RGBColour {
        XtermPalette.colour(at: index256(of: colour))
    }

    /// The nearest of the 8 ANSI colours in RGB distance; ties go to the lower index.
    public static func index8(of colour: RGBColour) -> Int {
        var best = 0
        var bestDistance = Int.max
        for (index, entry) in XtermPalette.ansi.enumerated() {
            let distance = colour.distanceSquared(to: entry)
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }

    public static func nearest8(to colour: RGBColour) -> RGBColour {
        XtermPalette.ansi[index8(of: colour)]
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
