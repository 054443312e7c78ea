/// A picture already turned into character cells (the artwork module makes them), drawn as it
/// is: `rows` rows of `columns` cells, row by row, with the same picture in pixels when the
/// terminal draws them. Each cell is one column wide (a block or
/// symbol glyph, or a space) with its own colours; a wider glyph is drawn as a space.
public struct OverlayPicture: Equatable, Sendable {
    public var columns: Int
    public var rows: Int
    /// `columns * rows` cells, row by row; a missing cell is blank.
    public var cells: [Cell]
    /// The picture in pixels (TERMINAL §2), sent over the cells (then blanks in its background)
    /// by a backend that draws pixels; nil draws the cells alone.
    public var pixels: ScreenPicture.Payload?
    /// With `pixels`: the same picture in symbols, `columns * rows` cells, drawn where only part
    /// of it shows (the detail view scrolled), since pixels are placed only whole.
    public var partCells: [Cell]?

    public init(
        columns: Int, rows: Int, cells: [Cell], pixels: ScreenPicture.Payload? = nil, partCells: [Cell]? = nil
    ) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.cells = cells
        self.pixels = pixels
        self.partCells = partCells
    }

    /// The cell at (`row`, `column`), or a blank when the grid is short.
    public subscript(row: Int, column: Int) -> Cell {
        let index = row * columns + column
        return index >= 0 && index < cells.count ? cells[index] : .blank
    }
}

/// What the host has for one of a message's pictures (image or icon).
public enum OverlayArtwork: Equatable, Sendable {
    /// Nothing to draw: the message has no such picture. The layout leaves no room for it.
    case none
    /// The picture, at (at most) the size `OverlayView.pictureSizes` asked for.
    case picture(OverlayPicture)
    /// The picture could not be drawn (or the graphics mode is `none`): a framed placeholder
    /// stands in its place (issue 6 point 5), with `name` in it when the host gives one: the
    /// picture's file name, already sanitized (TERMINAL §2).
    case undrawable(name: String? = nil)
}

/// The cell sizes the host should make a message's pictures at, for one screen size: the most
/// the layout gives them. A picture may come back smaller (it keeps its aspect); it is centred.
public struct OverlayPictureSizes: Equatable, Sendable {
    /// Nil when the message has no image, or the screen leaves no room for one.
    public var image: Size?
    /// Nil when the message has no icon, or its layout draws none (`imageOnly`).
    public var icon: Size?

    public init(image: Size?, icon: Size?) {
        self.image = image
        self.icon = icon
    }
}
