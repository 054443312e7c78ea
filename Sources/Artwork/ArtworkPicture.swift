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
