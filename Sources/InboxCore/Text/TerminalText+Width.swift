extension TerminalText {
    /// The terminal cells a sanitized string fills: the sum of `wcwidth` over its scalars.
    ///
    /// A scalar `wcwidth` rejects (-1) counts as 0, which is exactly how ncursesw advances the
    /// cursor, so a row laid out with this width is the row curses draws. Summing scalars, not
    /// guessing per grapheme, is deliberate: curses places scalars, not graphemes.
    public static func width(_ text: String) -> Int {
        width(of: text.unicodeScalars[...])
    }

    /// The cells one grapheme cluster fills, measured the same way as `width(_:)`.
    public static func width(of character: Character) -> Int {
        var total = 0
        for scalar in character.unicodeScalars {
            total += cells(of: scalar)
        }
        return total
    }

    /// The cells a run of scalars fills; the shared core of every measurement.
    static func width(of scalars: Substring.UnicodeScalarView) -> Int {
        var total = 0
        for scalar in scalars {
            total += cells(of: scalar)
        }
        return total
    }

    /// One scalar's cells with -1 read as 0, the way curses places it; the screen model's measure.
    public static func cells(of scalar: Unicode.Scalar) -> Int {
        max(0, wcwidth(scalar))
    }
}
