import InboxCore

/// Draws a decoded picture in character cells (issue 6, point 5).
///
/// Two ways to draw: libchafa's symbol canvas (the field's library; block elements give it
/// quadrants and eighths to place edges inside a cell), or plain half blocks, each cell two
/// vertically stacked pixels. Neither writes escape sequences: the result is cells with colours
/// that the reader's backend draws like any other text.
///
/// Transparency: with a `background`, the picture is composited over it and every cell is
/// opaque (pass the overlay's background colour for smooth anti-aliased edges). Without one,
/// a pixel under 50% alpha is transparent and comes out as a nil colour, so whatever is behind
/// the picture shows through; the rest is drawn at full opacity.
public enum ArtworkRenderer {
    public enum Symbols: Sendable {
        /// libchafa's symbol canvas with block elements (U+2580...U+259F) and space.
        case chafa
        /// "▀" with the top pixel as foreground and the bottom pixel as background.
        case halfBlocks
    }

    /// With the indexed modes, a cell's colours are already the palette's own RGB values
    /// (`ArtworkPalette`), so a backend maps them to indices exactly. Half blocks take the
    /// nearest entry by RGB distance, as tmux does; chafa picks entries itself, matching in its
    /// perceptual DIN99d space, which keeps more of a picture's hues.
    public enum Colours: Sendable {
        case trueColour
        /// Nearest of xterm's entries 16...255 (the cube and the grey ramp).
        case indexed256
        /// Nearest of the 8 ANSI colours.
        case indexed8
    }

    /// The largest size in cells that keeps the picture's aspect ratio inside
    /// `maxColumns` x `maxRows`, taking a cell as `cellAspect` times as tall as it is wide (2 for
    /// character cells; a pixel mode passes the terminal's own cell size); at least 1x1.
    public static func fittedSize(
        imageWidth: Int, imageHeight: Int, maxColumns: Int, maxRows: Int, cellAspect: Double = 2
    ) -> (columns: Int, rows: Int) {
        let maxColumns = max(1, maxColumns)
        let maxRows = max(1, maxRows)
        guard imageWidth > 0, imageHeight > 0 else { return (1, 1) }
        // Picture rows per column: with 2:1 cells, the height in cells is half the height in pixels.
        let rowsPerColumn = Double(imageHeight) / (max(0.25, cellAspect) * Double(imageWidth))
        let rowsAtFullWidth = (Double(maxColumns) * rowsPerColumn).rounded()
        if rowsAtFullWidth <= Double(maxRows) {
            return (maxColumns, max(1, Int(rowsAtFullWidth)))
        }
        let columnsAtFullHeight = (Double(maxRows) / rowsPerColumn).rounded()
        return (min(maxColumns, max(1, Int(columnsAtFullHeight))), maxRows)
    }

    /// Draws `image` stretched to exactly `columns` x `rows` cells (use `fittedSize` to keep its
    /// aspect ratio). Sizes under 1 count as 1. If chafa cannot make its canvas, the picture is
    /// drawn with half blocks instead.
    public static func render(
        _ image: RasterImage, columns: Int, rows: Int, symbols: Symbols, colours: Colours,
        background: RGBColour? = nil
    ) -> ArtworkPicture {
        let columns = max(1, columns)
        let rows = max(1, rows)
        if symbols == .chafa,
            let picture = renderWithChafa(image, columns: columns, rows: rows, colours: colours, background: background)
        {
            return picture
        }
        return renderWithHalfBlocks(image, columns: columns, rows: rows, colours: colours, background: background)
    }

    /// A colour as the mode draws it.
    static func quantize(_ colour: RGBColour, _ colours: Colours) -> RGBColour {
        switch colours {
        case .trueColour: return colour
        case .indexed256: return ArtworkPalette.nearest256(to: colour)
        case .indexed8: return ArtworkPalette.nearest8(to: colour)
        }
    }
}
