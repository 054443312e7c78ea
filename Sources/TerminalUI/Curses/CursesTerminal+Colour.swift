import CNcursesw
import Foundation
import InAppEngine
import InboxCore

/// Campaign colours and the dimmed screen in the curses backend (issue 6 point 1; see
/// `CampaignPalette` for the modes). The reader's own cells keep the theme's looks untouched.
extension CursesTerminal {
    /// Two campaign colours as a cell carries them.
    struct CampaignColours: Hashable {
        var foreground: RGBColour?
        var background: RGBColour?
    }

    /// The grey a scrim colour is mixed with, so dimmed text stays faintly readable on dark and
    /// light terminal backgrounds whatever the campaign's `frameColor` is.
    static let scrimGrey = RGBColour(red: 0xC0, green: 0xC0, blue: 0xC0)

    /// What a space shows of a look: its background, reverse, and an underline (in the text's
    /// colour, so the pair counts then). Two looks that agree on it draw a space the same.
    struct BlankLook: Equatable {
        var background: Int16
        var attributes: attr_t
        var underlinePair: Int16

        init(_ look: Theme.Look, background: Int16) {
            let underline = tinbox_a_underline()
            self.background = background
            attributes = look.attributes & (tinbox_a_reverse() | underline)
            underlinePair = look.attributes & underline != 0 ? look.pair : -1
        }
    }

    /// The curses look of one cell, and what a space in it shows. A dimmed cell loses bold and
    /// gains A_DIM; under a scrim colour its text takes that colour (mixed with grey). Campaign
    /// colours replace the role's colour on their channel.
    func look(for cell: Cell) -> (look: Theme.Look, blank: BlankLook) {
        var look = theme.look(cell.role)
        // TERMINAL §4: a terminal without dim shows the screen behind a modal as it is and the
        // card reversed; reversing a reversed look (the chosen button) takes it back out.
        if drawsReversed { look.attributes ^= tinbox_a_reverse() }
        // Text the theme already draws subdued (a grey secondary column) reads as faded: it keeps
        // its look, so the scrim does not send it again.
        let dimmed = cell.isDimmed && hasDim && !theme.isSubdued(cell.role)
        let roleBackground = theme.colours(cell.role).background
        guard cell.foreground != nil || cell.background != nil || dimmed else {
            return (look, BlankLook(look, background: roleBackground))
        }
        var colours = CampaignColours(foreground: cell.foreground, background: cell.background)
        if dimmed {
            // One look for all faded text on a background: a faded row is one run, so fading it
            // costs its characters and little more. Reverse stays (it is a bar's background).
            look.attributes = (look.attributes & tinbox_a_reverse()) | tinbox_a_dim()
            look.pair = roleBackground < 0 ? theme.plainPair : look.pair
            colours.foreground = drawingScrim.map { CampaignPalette.mix($0, Self.scrimGrey) }
            if colours.foreground == nil, roleBackground >= 0, palette.indexed != .none {
                colours.foreground = XtermPalette.colour(at: 244)
            }
        }
        guard palette.indexed != .none, colours.foreground != nil || colours.background != nil,
            let key = pairKey(colours, role: cell.role),
            let assignment = pairTable.pair(for: key, isOnScreen: { self.isOnScreen($0) })
        else { return (look, BlankLook(look, background: roleBackground)) }
        if case .new(let pair) = assignment { init_pair(pair, key.foreground, key.background) }
        look.pair = assignment.pair
        return (look, BlankLook(look, background: key.background))
    }

    /// The colour numbers for a cell's campaign colours, the role's where it gives none.
    func pairKey(_ colours: CampaignColours, role: CellRole) -> ColourPairTable.Key? {
        let numbers: (foreground: Int16?, background: Int16?)
        if let known = paletteIndexes[colours] {
            numbers = known
        } else {
            numbers = palette.numbers(foreground: colours.foreground, background: colours.background)
            paletteIndexes[colours] = numbers
        }
        let roleColours = theme.colours(role)
        return ColourPairTable.Key(
            foreground: numbers.foreground ?? roleColours.foreground,
            background: numbers.background ?? roleColours.background)
    }

    /// Whether the screen being drawn needs `key`; worked out once per frame, and only when the
    /// pair table is full and a pair must be recycled.
    private func isOnScreen(_ key: ColourPairTable.Key) -> Bool {
        if pairsOnScreen == nil {
            var keys: Set<ColourPairTable.Key> = []
            if let screen = drawingScreen {
                let covered = screen.panels.flatMap(\.under)
                for cell in screen.cells + covered
                where cell.foreground != nil || cell.background != nil || cell.isDimmed {
                    var colours = CampaignColours(foreground: cell.foreground, background: cell.background)
                    if cell.isDimmed, let scrim = screen.scrim {
                        colours.foreground = CampaignPalette.mix(scrim, Self.scrimGrey)
                    }
                    if let key = pairKey(colours, role: cell.role) { keys.insert(key) }
                }
            }
            pairsOnScreen = keys
        }
        return pairsOnScreen?.contains(key) ?? false
    }

    // MARK: 24-bit colour

    /// `COLORTERM=truecolor`: writes the cells with campaign colours again, in 24-bit SGR, where
    /// the row changed since the last frame (every row after a full redraw). Curses has just drawn
    /// them in the nearest palette colours, so its idea of the screen stays close to what shows.
    /// It may rewrite unchanged cells between two changes of a row, so the whole span from the
    /// first change to the last is written again. The cursor, attributes and character set are
    /// saved and restored around the write (DECSC/DECRC), so curses' next update starts where it
    /// believes it is. Dimmed cells keep their palette colours: a scrim need not be exact.
    func writeDirectColours(_ screen: Screen, full: Bool) {
        let comparable = !full && previous.map { $0.width == screen.width && $0.height == screen.height } ?? false
        var bytes = ""
        for row in 0..<screen.height {
            let cells = screen.row(row)
            guard cells.contains(where: { Self.isDirect($0) }) else { continue }
            var span = 0..<screen.width
            if comparable, let previous {
                let old = previous.row(row)
                let changed = (0..<screen.width).filter { cells[cells.startIndex + $0] != old[old.startIndex + $0] }
                guard let first = changed.first, let last = changed.last else { continue }
                span = first..<(last + 1)
            }
            bytes += directRow(cells, row: row, span: span)
        }
        guard !bytes.isEmpty else { return }
        writeAll(Array(("\u{1B}7\u{1B}(B" + bytes + "\u{1B}[0m\u{1B}8").utf8), to: output)
    }

    /// The 24-bit writes for the campaign cells of one row within `span`. A long run of blanks is
    /// erased (ECH takes the current background) instead of spelled out; a blank does not change
    /// the attributes when the current ones draw it the same.
    private func directRow(_ cells: ArraySlice<Cell>, row: Int, span: Range<Int>) -> String {
        var bytes = ""
        var current: (attributes: String, foreground: String, background: String)?
        var cursorAt = -1
        var column = span.lowerBound
        while column < span.upperBound {
            let cell = cells[cells.startIndex + column]
            guard !cell.isContinuation, Self.isDirect(cell) else {
                column += 1
                continue
            }
            var blanks = 1
            while cell.isBlank, column + blanks < span.upperBound, cells[cells.startIndex + column + blanks] == cell {
                blanks += 1
            }
            if cursorAt != column { bytes += "\u{1B}[\(row + 1);\(column + 1)H" }
            let sgr = directSGR(cell)
            let sameForBlank =
                cell.isBlank && current?.background == sgr.background
                && current?.attributes == sgr.attributes && !sgr.attributes.contains("4")
            if !sameForBlank, current.map({ $0 != sgr }) ?? true {
                // With the same attributes only the colours that differ are sent.
                var parts = [sgr.attributes, sgr.foreground, sgr.background]
                if let current, current.attributes == sgr.attributes {
                    parts = [
                        current.foreground == sgr.foreground ? nil : sgr.foreground,
                        current.background == sgr.background ? nil : sgr.background,
                    ].compactMap { $0 }
                }
                bytes += "\u{1B}[" + parts.joined(separator: ";") + "m"
                current = sgr
            }
            if cell.isBlank, blanks >= 14 {
                bytes += "\u{1B}[\(blanks)X"
                column += blanks
                cursorAt = -1
                continue
            }
            let text = cell.line?.text ?? (cell.text.isEmpty ? " " : cell.text)
            bytes += text
            column += max(1, TerminalText.width(text))
            cursorAt = column
        }
        return bytes
    }

    /// A cell the 24-bit pass writes: campaign colours, not dimmed.
    static func isDirect(_ cell: Cell) -> Bool {
        (cell.foreground != nil || cell.background != nil) && !cell.isDimmed
    }

    /// The SGR of a campaign cell, in three parts: the role's attributes, then the campaign
    /// colours in 24 bits or the role's colour numbers for a channel the campaign leaves alone.
    func directSGR(_ cell: Cell) -> (attributes: String, foreground: String, background: String) {
        let attributes = theme.look(cell.role).attributes
        var parts = ["0"]
        if attributes & tinbox_a_bold() != 0 { parts.append("1") }
        if attributes & tinbox_a_dim() != 0 { parts.append("2") }
        if attributes & tinbox_a_underline() != 0 { parts.append("4") }
        if attributes & tinbox_a_reverse() != 0 { parts.append("7") }
        let role = theme.colours(cell.role)
        return (
            parts.joined(separator: ";"),
            Self.channel(cell.foreground, number: role.foreground, rgb: "38;2", indexed: "38;5", reset: "39"),
            Self.channel(cell.background, number: role.background, rgb: "48;2", indexed: "48;5", reset: "49")
        )
    }

    private static func channel(_ colour: RGBColour?, number: Int16, rgb: String, indexed: String, reset: String)
        -> String
    {
        if let colour { return "\(rgb);\(colour.red);\(colour.green);\(colour.blue)" }
        return number < 0 ? reset : "\(indexed);\(number)"
    }
}
