/// xterm's palette, as "nearest colour" is measured against it: the campaign colours of an
/// overlay (TerminalUI's `CampaignPalette`) and the cells of a picture (`ArtworkPalette`) are
/// mapped to it, each its own way.
public enum XtermPalette {
    /// The six levels of each channel in the 6x6x6 colour cube (indices 16...231).
    public static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The entries with the same RGB in every xterm-compatible terminal: the cube and the grey
    /// ramp. 0...15 are the user's theme and could be any colour.
    public static let fixed: ClosedRange<Int> = 16...255

    /// The RGB value of entry `index` of `fixed`.
    public static func colour(at index: Int) -> RGBColour {
        precondition(fixed.contains(index), "only 16...255 have a fixed colour")
        if index >= 232 {
            let level = UInt8(8 + (index - 232) * 10)
            return RGBColour(red: level, green: level, blue: level)
        }
        let cube = index - 16
        return RGBColour(red: cubeLevels[cube / 36], green: cubeLevels[(cube / 6) % 6], blue: cubeLevels[cube % 6])
    }

    /// The 8 ANSI colours (black, red, green, yellow, blue, magenta, cyan, white) as xterm draws
    /// them by default; terminals differ a little, but these are what "nearest" is measured to.
    public static let ansi: [RGBColour] = [
        RGBColour(packed: 0x000000), RGBColour(packed: 0xCD0000), RGBColour(packed: 0x00CD00),
        RGBColour(packed: 0xCDCD00), RGBColour(packed: 0x0000EE), RGBColour(packed: 0xCD00CD),
        RGBColour(packed: 0x00CDCD), RGBColour(packed: 0xE5E5E5),
    ]
}
