import Foundation
import InboxCore

/// `tinbox replay` on screen (issue 13): the replay bar on the status line, and the overlay
/// drawn in the timeline's terminal size, letterboxed in a larger real terminal.
extension ReaderView {
    /// The bar: where the virtual clock stands and what comes next, the status message when
    /// there is one, then the replay's key hints as room allows.
    static func drawReplayBar(_ bar: ReplayBar, state: ReaderState, into screen: inout Screen) {
        let row = screen.height - 1
        screen.fill(row: row, role: .status)
        let width = screen.width - 2
        var column = 1
        let text = TerminalText.truncate(bar.text(in: state.size), toWidth: width)
        column = screen.put(text, row: row, column: column, limit: width, role: .status)
        if let status = state.status, column + 2 < width {
            let room = width - column - 1
            let message = TerminalText.truncate(status.text, toWidth: room)
            column = screen.put(message, row: row, column: column + 2, limit: room, role: .statusMessage)
        }
        // The replay's hints when they fit, else where to find them.
        let help = state.keys.name(of: .help, in: .list) + " keys"
        for hints in [state.keys.hints(.replay), help] where column + 2 + TerminalText.width(hints) <= width {
            screen.put(hints, row: row, column: screen.width - 1 - TerminalText.width(hints), role: .status)
            break
        }
    }

    /// The message on screen, and where its parts landed for a click. In a replay it is laid
    /// out for the timeline's terminal (`ReplayBar.area`) and centred in the real one; while the
    /// real terminal is smaller than that, the replay waits and no overlay is drawn.
    @discardableResult
    static func drawOverlay(_ state: ReaderState, on screen: inout Screen) -> OverlayHitMap {
        guard let shown = state.shown else { return OverlayHitMap() }
        let overlay = shown.overlay(at: state.frameTime)
        let real = Size(columns: screen.width, rows: screen.height)
        guard let bar = state.replay, bar.area != real else { return OverlayView.draw(overlay, on: &screen) }
        guard !bar.isWaiting(in: real) else { return OverlayHitMap() }
        let top = (real.rows - bar.area.rows) / 2
        let left = (real.columns - bar.area.columns) / 2
        var area = Screen(width: bar.area.columns, height: bar.area.rows)
        for y in 0..<area.height {
            for x in 0..<area.width { area[y, x] = screen[top + y, left + x] }
        }
        let before = area
        let hits = OverlayView.draw(overlay, on: &area)
        // The shade of a modal lands on the cells beneath; the card's panels open on the real
        // screen at their letterboxed places, so curses shows them as panels as the reader does.
        for y in 0..<area.height {
            for x in 0..<area.width where !area.panels.contains(where: { $0.contains(row: y, column: x) }) {
                if area[y, x] != before[y, x] { screen[top + y, left + x] = area[y, x] }
            }
        }
        if area.scrim != nil { screen.scrim = area.scrim }
        for panel in area.panels {
            guard
                let opened = screen.openPanel(
                    top: top + panel.top, left: left + panel.left, width: panel.width, height: panel.height)
            else { continue }
            for y in 0..<opened.height {
                for x in 0..<opened.width {
                    screen[opened.top + y, opened.left + x] = area[panel.top + y, panel.left + x]
                }
            }
        }
        return hits.offset(rows: top, columns: left)
    }
}

extension OverlayHitMap {
    /// The same places moved by (`rows`, `columns`).
    func offset(rows: Int, columns: Int) -> OverlayHitMap {
        OverlayHitMap(
            card: card?.offset(rows: rows, columns: columns), close: close?.offset(rows: rows, columns: columns),
            buttons: buttons.map {
                OverlayHitMap.Button(id: $0.id, index: $0.index, rect: $0.rect.offset(rows: rows, columns: columns))
            })
    }
}
