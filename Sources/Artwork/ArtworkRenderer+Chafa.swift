import CArtwork
import InboxCore

extension ArtworkRenderer {
    /// Draws with chafa's symbol canvas and reads back each cell's glyph and colours; nil when
    /// chafa could not make the canvas.
    ///
    /// An opaque picture gets all block elements (halves, quadrants, eighths). A picture with
    /// transparency gets only space, solid, halves and quadrants: chafa may make a cell's
    /// foreground the transparent part, and a terminal cannot draw a glyph in "no colour", so such
    /// a cell is redrawn as the inverse glyph with the colours swapped, and every glyph of that
    /// set has its inverse in the set.
    static func renderWithChafa(
        _ image: RasterImage, columns: Int, rows: Int, colours: Colours, background: RGBColour?
    ) -> ArtworkPicture? {
        var source = image
        // chafa's scaler loses the picture at extreme ratios (1 x 1,000,000 pixels into 2 x 2
        // cells draws one eighth of a cell), and its canvas holds only 8 x 8 pixels a cell: a
        // picture over 64 pixels a cell is first area-averaged to 16 a cell.
        if source.width > columns * 64 || source.height > rows * 64 {
            source = source.areaScaled(width: min(source.width, columns * 16), height: min(source.height, rows * 16))
        }
        if let background { source = source.composited(over: background) }
        let symbolSet = source.hasTransparency ? TINBOX_CHAFA_INVERTIBLE_BLOCKS : TINBOX_CHAFA_BLOCKS
        let mode: Int32
        switch colours {
        case .trueColour: mode = Int32(TINBOX_CHAFA_TRUE_COLOUR)
        case .indexed256: mode = Int32(TINBOX_CHAFA_INDEXED_240)
        case .indexed8: mode = Int32(TINBOX_CHAFA_INDEXED_8)
        }
        var raw = [tinbox_chafa_cell](repeating: tinbox_chafa_cell(), count: columns * rows)
        let status = source.rgba.withUnsafeBufferPointer { pixels in
            tinbox_chafa_draw(
                pixels.baseAddress, Int32(source.width), Int32(source.height), Int32(columns), Int32(rows), mode,
                Int32(symbolSet), &raw)
        }
        guard status == 0 else { return nil }
        let cells = raw.map { cell in
            makeCell(
                glyph: cell.glyph, foreground: colour(cell.foreground, colours),
                background: colour(cell.background, colours))
        }
        return ArtworkPicture(columns: columns, rows: rows, cells: cells)
    }

    /// A cell a terminal can draw: a foreground only under a visible glyph, and never a glyph
    /// in a transparent foreground.
    private static func makeCell(glyph: UInt32, foreground: RGBColour?, background: RGBColour?) -> ArtworkCell {
        guard let scalar = Unicode.Scalar(glyph), isBlockGlyph(scalar) else {
            // Defensive: chafa's map holds block elements only. Keep the cell's colour.
            return ArtworkCell(text: " ", foreground: nil, background: background ?? foreground)
        }
        if scalar == " " { return ArtworkCell(text: " ", foreground: nil, background: background) }
        if let foreground {
            return ArtworkCell(text: String(scalar), foreground: foreground, background: background)
        }
        guard let background else { return .transparent }
        guard let inverse = inverseGlyph[scalar] else {
            return ArtworkCell(text: " ", foreground: nil, background: background)
        }
        if inverse == " " { return ArtworkCell(text: " ", foreground: nil, background: nil) }
        return ArtworkCell(text: String(inverse), foreground: background, background: nil)
    }

    /// Block elements, U+2580...U+259F: one column wide, whatever chafa's symbol map holds.
    static func isBlockGlyph(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || (0x2580...0x259F).contains(scalar.value)
    }

    /// Each glyph and the glyph that covers exactly the rest of the cell.
    static let inverseGlyph: [Unicode.Scalar: Unicode.Scalar] = {
        let pairs: [(Unicode.Scalar, Unicode.Scalar)] = [
            ("▀", "▄"), ("▌", "▐"), ("█", " "), ("▖", "▜"), ("▗", "▛"), ("▘", "▟"), ("▝", "▙"), ("▚", "▞"),
            ("▔", "▇"), ("▕", "▉"),
        ]
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (glyph, inverse) in pairs {
            table[glyph] = inverse
            table[inverse] = glyph
        }
        return table
    }()

    /// A raw chafa colour: packed RGB in true colour, a palette index in the indexed modes,
    /// negative for transparent.
    private static func colour(_ raw: Int32, _ colours: Colours) -> RGBColour? {
        guard raw >= 0 else { return nil }
        switch colours {
        case .trueColour:
            return RGBColour(packed: UInt32(raw))
        case .indexed256:
            return XtermPalette.fixed.contains(Int(raw)) ? XtermPalette.colour(at: Int(raw)) : nil
        case .indexed8:
            return raw < XtermPalette.ansi.count ? XtermPalette.ansi[Int(raw)] : nil
        }
    }
}
