import InboxCore

extension ArtworkRenderer {
    /// Each cell is two pixels of the area-averaged picture: "▀" with the top one as foreground
    /// and the bottom one as background. With transparency and no background, a cell whose top
    /// is transparent uses "▄" with the bottom as foreground, so the colour that shows through
    /// is always the cell's background.
    static func renderWithHalfBlocks(
        _ image: RasterImage, columns: Int, rows: Int, colours: Colours, background: RGBColour?
    ) -> ArtworkPicture {
        var scaled = image.areaScaled(width: columns, height: rows * 2)
        if let background { scaled = scaled.composited(over: background) }
        var cells: [ArtworkCell] = []
        cells.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let top = visibleColour(scaled, x: column, y: row * 2, colours)
                let bottom = visibleColour(scaled, x: column, y: row * 2 + 1, colours)
                switch (top, bottom) {
                case (.some, _): cells.append(ArtworkCell(text: "▀", foreground: top, background: bottom))
                case (nil, .some): cells.append(ArtworkCell(text: "▄", foreground: bottom, background: nil))
                case (nil, nil): cells.append(.transparent)
                }
            }
        }
        return ArtworkPicture(columns: columns, rows: rows, cells: cells)
    }

    /// The pixel's colour as the mode draws it, or nil when it is under 50% alpha.
    private static func visibleColour(_ image: RasterImage, x: Int, y: Int, _ colours: Colours) -> RGBColour? {
        let (colour, alpha) = image.pixel(x: x, y: y)
        return alpha < 128 ? nil : quantize(colour, colours)
    }
}
