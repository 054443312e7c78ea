import InAppEngine
import InboxCore

/// The shade beneath a modal card (CLI.md: "a centred card over a dimmed screen"), kept within
/// the byte budget of issue 6: showing or closing a modal at 120x40 writes at most 2,000 bytes.
///
/// A terminal has no way to fade a region: every faded character is sent again with the dim
/// attribute, and sent again when the modal closes. Blank cells are left alone (a faded space
/// looks like any space), and so are cells already drawn subdued (rules, secondary columns),
/// which read the same faded or not. Measured at 120x40 over a full list: fading every character
/// costs 3.5 KB and bringing it back 4.5 KB; fading only the bright text still 2.1 KB and 2.4 KB,
/// on top of the card's own 1.2 KB. So the scrim fades whole rows, starting with the rows the
/// card stands on and going outward, while the bytes it is expected to cost stay within `limit`:
/// a screen with little text is faded whole, a full list gets a band of shade around the card.
enum OverlayScrim {
    /// The bytes fading may cost, as `cost` estimates them (it counts low: a run's attribute
    /// switches around the card are not in it): with a 72x12 card a modal then stays within
    /// 2,000 bytes (1,982 measured).
    static let limit = 450
    /// What a run of faded text costs besides its characters: a cursor move and the attribute.
    static let runCost = 12

    /// Roles that are already drawn subdued.
    static let subdued: Set<CellRole> = [.rule, .secondary, .secondaryUnread]

    /// Fades the text outside `card` in whole rows nearest the card first, while the bytes it
    /// should cost stay within `limit`, and sets the screen's scrim colour.
    static func fade(_ screen: inout Screen, around card: ScreenRect, limit: Int = limit, colour: RGBColour?) {
        screen.scrim = colour
        var budget = limit
        for row in order(rows: screen.height, around: card) {
            let columns = fadable(screen, row: row, card: card)
            let bytes = cost(columns)
            guard bytes <= budget else { break }
            budget -= bytes
            for column in columns { screen[row, column].isDimmed = true }
        }
    }

    /// The bytes fading these columns of one row should take: each run is sent from its first
    /// character to its last, gaps of blanks included, and a gap longer than a cursor move
    /// starts a new run.
    static func cost(_ columns: [Int]) -> Int {
        guard let first = columns.first else { return 0 }
        var total = runCost
        var previous = first
        for column in columns.dropFirst() {
            total += column - previous > runCost ? runCost + 1 : column - previous
            previous = column
        }
        return total + 1
    }

    /// The card's rows from its middle outward, then the rows above and below it alternately.
    static func order(rows: Int, around card: ScreenRect) -> [Int] {
        let middle = card.top + card.height / 2
        var order: [Int] = []
        for distance in 0..<max(1, rows) {
            for row in distance == 0 ? [middle] : [middle - distance, middle + distance] where row >= 0 && row < rows {
                order.append(row)
            }
        }
        return order
    }

    /// The cells of `row` to fade: characters outside the card that are not already subdued.
    static func fadable(_ screen: Screen, row: Int, card: ScreenRect) -> [Int] {
        (0..<screen.width).filter { column in
            let cell = screen[row, column]
            return !cell.isBlank && !cell.isContinuation && !cell.isDimmed && !subdued.contains(cell.role)
                && !card.contains(row: row, column: column)
        }
    }
}
