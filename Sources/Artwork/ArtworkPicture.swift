/// One character cell of a picture.
public struct ArtworkCell: Equatable, Sendable {
    /// Exactly one terminal column: a space or a block element (U+2580...U+259F).
    public var text: String
    /// The glyph's colour; nil means the terminal's default (only when the glyph is a space).
    public var foreground: PixelColour?
    /// The cell's colour behind the glyph; nil means transparent: the backend keeps whatever
    /// background the overlay has there.
    public var background: PixelColour?

    public init(text: String, foreground: PixelColour?, background: PixelColour?) {
        self.text = text
        self.foreground = foreground
        self.background = background
    }

    /// A cell that shows what is behind the picture.
    public static let transparent = ArtworkCell(text: " ", foreground: nil, background: nil)
}

/// A picture drawn in character cells, ready for a backend to put on screen.
public struct ArtworkPicture: Equatable, Sendable {
    public let columns: Int
    public let rows: Int
    /// Row-major, `columns * rows` cells.
    public let cells: [ArtworkCell]

    public init(columns: Int, rows: Int, cells: [ArtworkCell]) {
        precondition(cells.count == columns * rows, "a picture has columns x rows cells")
        self.columns = columns
        self.rows = rows
        self.cells = cells
    }

    public subscript(column: Int, row: Int) -> ArtworkCell {
        cells[row * columns + column]
    }

    /// Each row's glyphs as a string: the picture without colours, for tests and logs.
    public var textRows: [String] {
        (0..<rows).map { row in cells[row * columns..<(row + 1) * columns].map(\.text).joined() }
    }
}
