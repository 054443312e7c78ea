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

    /// The curses look of one cell, and whether a space in it shows (a background, reverse or
    /// underline). A dimmed cell loses bold and gains A_DIM; under a scrim colour its text takes
    /// that colour (mixed with grey). Campaign colours replace the role's colour on their channel.
    func look(for cell: Cell) -> (look: Theme.Look, showsOnBlank: Bool) {
        var look = theme.look(cell.role)
        let shows = theme.blankShows(cell.role)
        guard cell.foreground != nil || cell.background != nil || cell.isDimmed else { return (look, shows) }
        var colours = CampaignColours(foreground: cell.foreground, background: cell.background)
        if cell.isDimmed {
            look.attributes = (look.attributes & ~tinbox_a_bold()) | tinbox_a_dim()
            if let scrim = drawingScrim { colours.foreground = CampaignPalette.mix(scrim, Self.scrimGrey) }
        }
        guard palette.indexed != .none, colours.foreground != nil || colours.background != nil,
            let key = pairKey(colours, role: cell.role),
            let assignment = pairTable.pair(for: key, isOnScreen: { self.isOnScreen($0) })
        else { return (look, shows) }
        if case .new(let pair) = assignment { init_pair(pair, key.foreground, key.background) }
        look.pair = assignment.pair
        let visibleOnSpace = tinbox_a_reverse() | tinbox_a_underline()
        return (look, look.attributes & visibleOnSpace != 0 || key.background >= 0)
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

    /// `COLORTERM=truecolor`: writes the cells with campaign colours again, in 24-bit SGR, on the
    /// rows that changed since the last frame (all of them after a full redraw). Curses has just
    /// drawn them in the nearest palette colours, so its idea of the screen stays close to what
    /// shows. The cursor, attributes and character set are saved and restored around the write
    /// (DECSC/DECRC), so curses' next update starts where it believes it is. Dimmed cells keep
    /// their palette colours: a scrim need not be exact, and leaving it to curses keeps the bytes
    /// of showing a modal down.
    func writeDirectColours(_ screen: Screen, full: Bool) {
        var bytes = ""
        for row in 0..<screen.height {
            let cells = screen.row(row)
            guard cells.contains(where: { Self.isDirect($0) }) else { continue }
            if !full, let previous, previous.width == screen.width, previous.height == screen.height,
                previous.row(row) == cells
            {
                continue
            }
            var column = 0
            var lastSGR = ""
            var cursorAt = -1
            for cell in cells {
                defer { column += 1 }
                guard !cell.isContinuation, Self.isDirect(cell) else { continue }
                if cursorAt != column { bytes += "\u{1B}[\(row + 1);\(column + 1)H" }
                let sgr = directSGR(cell)
                if sgr != lastSGR {
                    bytes += sgr
                    lastSGR = sgr
                }
                let text = cell.line?.text ?? (cell.text.isEmpty ? " " : cell.text)
                bytes += text
                cursorAt = column + max(1, TerminalText.width(text))
            }
        }
        guard !bytes.isEmpty else { return }
        let data = Array(("\u{1B}7\u{1B}(B" + bytes + "\u{1B}[0m\u{1B}8").utf8)
        _ = data.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
    }

    /// A cell the 24-bit pass writes: campaign colours, not dimmed.
    static func isDirect(_ cell: Cell) -> Bool {
        (cell.foreground != nil || cell.background != nil) && !cell.isDimmed
    }

    /// The SGR of a campaign cell: the role's attributes, the campaign colours in 24 bits and the
    /// role's colour numbers for a channel the campaign leaves alone.
    func directSGR(_ cell: Cell) -> String {
        let attributes = theme.look(cell.role).attributes
        var parts = ["0"]
        if attributes & tinbox_a_bold() != 0 { parts.append("1") }
        if attributes & tinbox_a_dim() != 0 { parts.append("2") }
        if attributes & tinbox_a_underline() != 0 { parts.append("4") }
        if attributes & tinbox_a_reverse() != 0 { parts.append("7") }
        let role = theme.colours(cell.role)
        parts.append(Self.channel(cell.foreground, number: role.foreground, rgb: "38;2", indexed: "38;5", reset: "39"))
        parts.append(Self.channel(cell.background, number: role.background, rgb: "48;2", indexed: "48;5", reset: "49"))
        return "\u{1B}[" + parts.joined(separator: ";") + "m"
    }

    private static func channel(_ colour: RGBColour?, number: Int16, rgb: String, indexed: String, reset: String)
        -> String
    {
        if let colour { return "\(rgb);\(colour.red);\(colour.green);\(colour.blue)" }
        return number < 0 ? reset : "\(indexed);\(number)"
    }
}
