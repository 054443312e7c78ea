import InAppEngine
import InboxCore

/// What a cell means, not how it looks: the backend's theme maps each role to colours and
/// attributes, so the screen model stays the same under 256 colours, 8 colours and NO_COLOR.
///
/// The selected list row is a full-width bar (TERMINAL §4): every cell of it is `selected` (or
/// `selectedUnread`), one look (reverse video without colour, as neomutt's indicator; white on
/// blue in 256 colours), so moving the selection rewrites the two rows with one attribute change
/// for the bar. The status line's N/total counter (`position`) is drawn in the bar's look, so a
/// row down reaches it with no attribute change (issue 11: within 1.1x of neomutt's bytes per row
/// down, `Benchmarks/reader.sh`).
/// An unread row is marked by a coloured `unreadMark` (bold where there is no colour); the themes
/// draw the rest of it like a read row, so a page of rows replacing another sends only the
/// characters that differ instead of every title whose weight changed (issue 3: <= 2,500 bytes per
/// page down). In 256 colours neither the mark nor the bar is bold: leaving bold costs curses an
/// `sgr0` and every colour again, twice per row down.
public enum CellRole: UInt8, Sendable, CaseIterable {
    case normal, tab, tabActive, rule, row, rowUnread, selected, selectedUnread, secondary, pinned
    case status, statusMessage, button, buttonSelected, heading, link, notice, overlay, overlayBorder
    case pointer, secondaryUnread, pinnedUnread, cursor, unreadMark, position
}

/// Line-drawing glyphs. The backend draws them with the terminal's own line set (WACS_*), so
/// TERM=linux and vt100 get real lines instead of stray `lqqk` letters.
public enum LineGlyph: UInt8, Sendable {
    case horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight

    /// The Unicode box-drawing character tests and plain-text rendering show.
    public var text: String {
        switch self {
        case .horizontal: return "─"
        case .vertical: return "│"
        case .topLeft: return "┌"
        case .topRight: return "┐"
        case .bottomLeft: return "└"
        case .bottomRight: return "┘"
        }
    }

    /// The plain ASCII a screen reader's user gets instead (TERMINAL §3: `+-|`).
    public var ascii: String {
        switch self {
        case .horizontal: return "-"
        case .vertical: return "|"
        case .topLeft, .topRight, .bottomLeft, .bottomRight: return "+"
        }
    }
}

/// One terminal cell: a grapheme of sanitized text (one or two cells wide), the right half of a
/// wide grapheme (`isContinuation`), or a line glyph.
///
/// The role says what the cell means; a campaign's own colours (PROTOCOL 2.1 `style`, button
/// colours, artwork) ride along in `foreground`/`background` and replace the role's colour on
/// that channel only, keeping its attributes. The backend maps them to the terminal's depth.
public struct Cell: Equatable, Sendable {
    public var text: String
    public var role: CellRole
    public var line: LineGlyph?
    public var isContinuation: Bool
    /// A campaign colour for the text; `nil` keeps the role's.
    public var foreground: RGBColour?
    /// A campaign colour behind the text; `nil` keeps the role's.
    public var background: RGBColour?
    /// Faded, as the screen beneath a modal is (CLI.md: "a centred card over a dimmed screen").
    public var isDimmed: Bool

    public init(
        _ text: String = " ", role: CellRole = .normal, line: LineGlyph? = nil, isContinuation: Bool = false,
        foreground: RGBColour? = nil, background: RGBColour? = nil, isDimmed: Bool = false
    ) {
        self.text = text
        self.role = role
        self.line = line
        self.isContinuation = isContinuation
        self.foreground = foreground
        self.background = background
        self.isDimmed = isDimmed
    }

    /// A space or an empty cell with no line glyph: nothing shows but its background.
    public var isBlank: Bool {
        line == nil && !isContinuation && (text == " " || text.isEmpty)
    }

    public static let blank = Cell()
}

/// A validated http(s) link drawn at a place on the screen; backends that can, wrap it in OSC 8.
public struct ScreenLink: Equatable, Sendable {
    public var row: Int
    public var column: Int
    public var width: Int
    public var url: String

    public init(row: Int, column: Int, width: Int, url: String) {
        self.row = row
        self.column = column
        self.width = width
        self.url = url
    }
}

/// A rectangle of the screen drawn on top of the rest (CLI.md: overlays are ncurses panels).
/// The grid holds what shows; `under` keeps the cells the panel covers, so a backend with real
/// panels draws those beneath it and the panel's own cells in the panel's window.
public struct ScreenPanel: Equatable, Sendable {
    public var top: Int
    public var left: Int
    public var width: Int
    public var height: Int
    /// The covered cells, row by row.
    public var under: [Cell]

    public func contains(row: Int, column: Int) -> Bool {
        row >= top && row < top + height && column >= left && column < left + width
    }
}

/// A cell's place on the screen.
public struct ScreenPoint: Equatable, Sendable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// A grid of cells: what the reader shows, independent of any terminal. `rows` renders it as
/// plain text so every screen can be checked in a test.
public struct Screen: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    public var links: [ScreenLink] = []
    /// Where the terminal cursor stands once the screen is drawn: on the focused thing, which
    /// screen readers and braille displays follow (TERMINAL §3). The last view to draw something
    /// focusable sets it, so an overlay takes it from the list beneath and gives it back on close.
    public var cursor: ScreenPoint?
    /// Line glyphs become `+`, `-` and `|` (TERMINAL §3: with `screenReader` frames are plain ASCII).
    public var drawsASCIILines = false
    /// Overlays, bottom to top.
    public private(set) var panels: [ScreenPanel] = []
    /// The colour of the shade over the dimmed cells (a campaign's `frameColor`), if any.
    public var scrim: RGBColour?
    /// The card of a modal over a dimmed screen: a terminal that cannot fade draws it in reverse
    /// video instead (TERMINAL §4).
    public var modalCard: ScreenRect?
    /// Who puts right-to-left text in visual order: under `app` (and `auto`, which the reader
    /// resolves at start-up) `put` lays out every line that needs it; under `terminal` text goes
    /// to the cells in logical order.
    public var bidi: BidiMode
    /// Pictures in pixels over the cells, bottom to top (`ScreenPicture`); only those wholly
    /// on the screen are kept, and a panel opened over one removes it.
    public private(set) var pictures: [ScreenPicture] = []

    public init(width: Int, height: Int, bidi: BidiMode = .app) {
        self.bidi = bidi
        // `put` measures with `TerminalText`, which needs the UTF-8 locale (every non-ASCII scalar
        // is -1 in the "C" locale); set once per process, so a screen drawn first in a test measures right.
        TerminalText.prepareLocale()
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(row: Int, column: Int) -> Cell {
        get { cells[row * width + column] }
        set { cells[row * width + column] = newValue }
    }

    /// The cells of one row.
    public func row(_ row: Int) -> ArraySlice<Cell> {
        cells[(row * width)..<(row * width + width)]
    }

    /// The screen as plain text, one string per row, with trailing spaces kept so widths show.
    public var rows: [String] {
        (0..<height).map { row in
            var line = ""
            for cell in self.row(row) where !cell.isContinuation {
                line += cell.line?.text ?? cell.text
            }
            return line
        }
    }

    /// Fills `width` cells from (`row`, `column`) with one role, clipped to the screen.
    public mutating func fill(
        row: Int, column: Int = 0, width count: Int? = nil, role: CellRole, text: String = " ",
        foreground: RGBColour? = nil, background: RGBColour? = nil
    ) {
        guard row >= 0, row < height else { return }
        let end = min(width, column + (count ?? width - column))
        let cell = Cell(text, role: role, foreground: foreground, background: background)
        for x in max(0, column)..<max(max(0, column), end) { self[row, x] = cell }
    }

    /// Writes sanitized text from (`row`, `column`), at most `limit` cells, clipped to the screen.
    /// A wide grapheme that would cross the limit becomes a space, so nothing spills past it.
    ///
    /// This is where text becomes cells, so it is where right-to-left text is laid out (TERMINAL.md
    /// 1): under `bidi` `app`, a line that needs it is cut to its cells in logical order first, then
    /// drawn in visual order (`TerminalText.visualOrder`), filling exactly the cells its logical
    /// text measures. Isolates (`TerminalText.isolate`) are never sent to the terminal.
    /// - Parameters:
    ///   - direction: the paragraph's direction when the line is part of a wrapped paragraph or
    ///     of right-to-left campaign text; nil takes that of its first strong character.
    ///   - focusing: puts the cursor on the cell of the line's logical first character (TERMINAL
    ///     §3), found in the same layout as the cells: a right-to-left line laid out by tinbox
    ///     starts at its right end, any other line at `column`.
    /// - Returns: the column after the last cell written.
    @discardableResult
    public mutating func put(
        _ text: String, row: Int, column: Int, limit: Int? = nil, role: CellRole,
        foreground: RGBColour? = nil, background: RGBColour? = nil, direction: TerminalText.Direction? = nil,
        focusing: Bool = false
    ) -> Int {
        guard row >= 0, row < height else { return column }
        var pen = Cell(" ", role: role, foreground: foreground, background: background)
        let end = min(width, column + (limit ?? width))
        var x = column
        var text = text
        var first = 0
        if bidi != .terminal, direction == .rightToLeft || TerminalText.needsVisualOrder(text) {
            let paragraph = direction ?? TerminalText.Direction(of: text)
            let logical = TerminalText.clip(text, toWidth: end - column)
            text = TerminalText.visualOrder(logical, direction: paragraph)
            if focusing, paragraph == .rightToLeft {
                first = TerminalText.visualOffsetOfFirstCharacter(logical, direction: paragraph)
            }
        }
        if focusing { focus(row: row, column: column + first) }
        // Cells follow scalars, as curses places them: a scalar with width starts a cell, the
        // zero-width scalars after it ride along (so 👋🏽 is two wide cells, like on the terminal).
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let base = pending {
            var cluster = String(base)
            pending = scalars.next()
            while let next = pending, Self.cells(next) == 0 {
                if !TerminalText.isIsolate(next) { cluster.unicodeScalars.append(next) }
                pending = scalars.next()
            }
            let cells = Self.cells(base)
            if cells <= 0 { continue }
            if x >= end { break }
            if x + cells > end {
                pen.text = " "
                self[row, x] = pen
                x += 1
                break
            }
            if x >= 0 {
                clearWide(row: row, column: x, cells: cells)
                pen.text = cluster
                self[row, x] = pen
                if cells == 2 {
                    pen.text = ""
                    pen.isContinuation = true
                    self[row, x + 1] = pen
                    pen.isContinuation = false
                }
            }
            x += cells
        }
        return x
    }

    /// One scalar's cells, from InboxCore's one measure (`TerminalText.cells(of:)`), without
    /// making a String per scalar: `put` runs for every cell of every frame, so ASCII skips the call.
    static func cells(_ scalar: Unicode.Scalar) -> Int {
        scalar.value < 0x7F && scalar.value >= 0x20 ? 1 : TerminalText.cells(of: scalar)
    }

    /// Draws a line glyph, or its ASCII stand-in (`drawsASCIILines`).
    public mutating func put(
        _ glyph: LineGlyph, row: Int, column: Int, role: CellRole, foreground: RGBColour? = nil,
        background: RGBColour? = nil
    ) {
        guard row >= 0, row < height, column >= 0, column < width else { return }
        clearWide(row: row, column: column, cells: 1)
        self[row, column] =
            drawsASCIILines
            ? Cell(glyph.ascii, role: role, foreground: foreground, background: background)
            : Cell(" ", role: role, line: glyph, foreground: foreground, background: background)
    }

    /// Puts the cursor on (`row`, `column`) when that cell is on the screen.
    public mutating func focus(row: Int, column: Int) {
        guard row >= 0, row < height, column >= 0, column < width else { return }
        cursor = ScreenPoint(row: row, column: column)
    }

    /// A horizontal rule across `count` cells.
    public mutating func rule(
        row: Int, column: Int = 0, width count: Int? = nil, role: CellRole = .rule, foreground: RGBColour? = nil,
        background: RGBColour? = nil
    ) {
        let end = min(width, column + (count ?? width - column))
        for x in max(0, column)..<max(max(0, column), end) {
            put(.horizontal, row: row, column: x, role: role, foreground: foreground, background: background)
        }
    }

    /// A box outline with a blank inside. The colours, when given, are the inside's text and
    /// background colours and the border's line colour (on that background).
    public mutating func box(
        top: Int, left: Int, width boxWidth: Int, height boxHeight: Int, role: CellRole, border: CellRole,
        foreground: RGBColour? = nil, background: RGBColour? = nil, borderColour: RGBColour? = nil
    ) {
        guard boxWidth >= 2, boxHeight >= 2 else { return }
        for y in top..<(top + boxHeight) {
            fill(row: y, column: left, width: boxWidth, role: role, foreground: foreground, background: background)
        }
        let right = left + boxWidth - 1
        let bottom = top + boxHeight - 1
        func line(_ glyph: LineGlyph, _ row: Int, _ column: Int) {
            put(glyph, row: row, column: column, role: border, foreground: borderColour, background: background)
        }
        for x in (left + 1)..<right {
            line(.horizontal, top, x)
            line(.horizontal, bottom, x)
        }
        for y in (top + 1)..<bottom {
            line(.vertical, y, left)
            line(.vertical, y, right)
        }
        line(.topLeft, top, left)
        line(.topRight, top, right)
        line(.bottomLeft, bottom, left)
        line(.bottomRight, bottom, right)
    }

    /// Opens a panel over the rectangle (clipped to the screen) and draws a box in it.
    public mutating func panel(
        top: Int, left: Int, width boxWidth: Int, height boxHeight: Int, role: CellRole,
        border: CellRole
    ) {
        guard let rect = openPanel(top: top, left: left, width: boxWidth, height: boxHeight),
            rect.width >= 2, rect.height >= 2
        else { return }
        box(top: rect.top, left: rect.left, width: rect.width, height: rect.height, role: role, border: border)
    }

    /// Opens a panel over the rectangle, clipped to the screen, and leaves its cells for the
    /// caller to draw: what they hold now is kept as what lies beneath.
    /// - Returns: the panel as clipped, or nil when nothing of it is on the screen.
    @discardableResult
    public mutating func openPanel(top: Int, left: Int, width panelWidth: Int, height panelHeight: Int)
        -> ScreenPanel?
    {
        let bottom = min(height, top + panelHeight)
        let right = min(width, left + panelWidth)
        let top = max(0, top)
        let left = max(0, left)
        guard right > left, bottom > top else { return nil }
        var under: [Cell] = []
        under.reserveCapacity((right - left) * (bottom - top))
        for y in top..<bottom { under += cells[(y * width + left)..<(y * width + right)] }
        let panel = ScreenPanel(top: top, left: left, width: right - left, height: bottom - top, under: under)
        panels.append(panel)
        pictures.removeAll { $0.overlaps(top: panel.top, left: panel.left, width: panel.width, height: panel.height) }
        // A wide character cut by the panel's edge leaves no half beside it.
        for y in top..<bottom {
            if right < width, self[y, right].isContinuation { self[y, right] = Cell(" ", role: self[y, right].role) }
            if left > 0, self[y, left].isContinuation { self[y, left - 1] = Cell(" ", role: self[y, left - 1].role) }
        }
        return panel
    }

    /// Puts a picture in pixels over cells already drawn; one not wholly on the screen is left out.
    public mutating func place(_ picture: ScreenPicture) {
        guard picture.columns > 0, picture.rows > 0,
            picture.isInside(top: 0, left: 0, width: width, height: height)
        else { return }
        pictures.append(picture)
    }

    /// Takes every picture away (a modal's scrim covers them).
    public mutating func removePictures() {
        pictures.removeAll()
    }

    /// A row as it is beneath every panel.
    public func baseRow(_ row: Int) -> [Cell] {
        var cells = Array(self.row(row))
        for panel in panels where row >= panel.top && row < panel.top + panel.height {
            let offset = (row - panel.top) * panel.width
            for x in 0..<panel.width { cells[panel.left + x] = panel.under[offset + x] }
        }
        return cells
    }

    /// The cells of one panel's row.
    public func panelRow(_ panel: ScreenPanel, _ line: Int) -> ArraySlice<Cell> {
        let start = (panel.top + line) * width + panel.left
        return cells[start..<(start + panel.width)]
    }

    /// Overwriting half of a wide character blanks its other half, so no orphan half remains.
    private mutating func clearWide(row: Int, column: Int, cells: Int) {
        if self[row, column].isContinuation, column > 0 {
            self[row, column - 1] = Cell(" ", role: self[row, column - 1].role)
        }
        let last = column + cells - 1
        if last + 1 < width, self[row, last + 1].isContinuation {
            self[row, last + 1] = Cell(" ", role: self[row, last + 1].role)
        }
    }
}
