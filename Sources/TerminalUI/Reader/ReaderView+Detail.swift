import Foundation
import InboxCore

extension ReaderView {
    /// The open message: wrapped text that scrolls, and a bar of CTA buttons above the status line.
    static func drawDetail(_ detail: ReaderState.Detail, state: ReaderState, into screen: inout Screen) {
        let buttons = detail.entry.message.buttons
        let rows = ReaderLayout.detailRows(size: state.size, hasButtons: !buttons.isEmpty)
        let image = state.detailImage
        let text = state.detailText(detail)
        let lines = text.lines
        // Where the text scrolls, its last row ends before the marker: "more ↓" was drawn over
        // the row's last word.
        let marker =
            lines.count > rows
            ? (detail.scroll + rows < lines.count ? (state.screenReader ? "more below" : "more ↓") : "end") : nil
        for line in 0..<rows {
            let index = detail.scroll + line
            guard index < lines.count else { break }
            let text = lines[index]
            let room = screen.width - 4 - (line == rows - 1 ? marker.map { TerminalText.width($0) + 1 } ?? 0 : 0)
            let pad = text.direction == .rightToLeft ? max(0, room - TerminalText.width(text.text)) : 0
            screen.put(
                text.text, row: ReaderLayout.listTop + line, column: 2 + pad, limit: max(0, room - pad),
                role: text.role, direction: text.direction)
        }
        // TERMINAL §3: with no button focused the cursor stands on the header (the first line).
        screen.focus(row: ReaderLayout.listTop, column: 2)
        if case .picture(let picture) = image {
            drawDetailPicture(picture, line: text.headCount - detail.scroll, rows: rows, into: &screen)
        }
        if let more = marker {
            screen.put(
                more, row: ReaderLayout.listTop + rows - 1, column: screen.width - 1 - TerminalText.width(more),
                role: .secondary)
        }
        guard !buttons.isEmpty else { return }
        let bar = screen.height - 2
        screen.rule(row: bar - 1)
        for span in ReaderLayout.buttons(buttons, width: screen.width) {
            screen.put(
                span.label, row: bar, column: span.column, limit: screen.width - span.column,
                role: span.index == detail.button ? .buttonSelected : .button)
            if span.index == detail.button { screen.focus(row: bar, column: span.column) }
        }
    }

    /// The picture at `line` of the text area (which has `rows` rows), centred. In pixels only
    /// while all of it shows (TERMINAL §2: a picture never outlives its place): scrolled partly
    /// out, its visible rows are its symbols (`partCells`), or blanks where there are none.
    private static func drawDetailPicture(_ picture: OverlayPicture, line: Int, rows: Int, into screen: inout Screen) {
        let left = 2 + max(0, (screen.width - 4 - picture.columns) / 2)
        let whole = line >= 0 && line + picture.rows <= rows
        var shown = picture
        if !whole, let part = picture.partCells { shown.cells = part }
        for y in 0..<picture.rows where line + y >= 0 && line + y < rows {
            for x in 0..<min(picture.columns, screen.width - left) {
                var cell = shown[y, x]
                if cell.isContinuation || cell.text.isEmpty || TerminalText.width(cell.text) > 1 { cell.text = " " }
                screen[ReaderLayout.listTop + line + y, left + x] = cell
            }
        }
        guard let pixels = picture.pixels, whole else { return }
        screen.place(
            ScreenPicture(
                top: ReaderLayout.listTop + line, left: left, columns: picture.columns, rows: picture.rows,
                payload: pixels))
    }

    /// How many of the help card's lines a screen of `size` shows at once.
    static func helpRows(_ size: Size) -> Int { max(0, size.rows - 2 - 4) }

    /// The help card, centred; it shows as many lines as fit, from line `scroll`, with a mark on
    /// its frame where more lie above or below (j/k and the page keys scroll). Its lines are the
    /// key table's (`KeyBindings.helpLines`), so a rebound key shows as rebound.
    static func drawHelp(_ keys: KeyBindings, replay: Bool = false, scroll: Int = 0, into screen: inout Screen) {
        let helpLines = keys.helpLines(replay: replay)
        let keyWidth = 16
        let width = min(screen.width - 2, 44)
        let height = min(screen.height - 2, helpLines.count + 4)
        let top = (screen.height - height) / 2
        let left = (screen.width - width) / 2
        screen.panel(top: top, left: left, width: width, height: height, role: .overlay, border: .overlayBorder)
        screen.put(" Keys ", row: top, column: left + 2, role: .overlayBorder)
        screen.focus(row: top, column: left + 3)
        let rows = max(0, height - 4)
        let first = max(0, min(scroll, helpLines.count - rows))
        for (index, line) in helpLines.dropFirst(first).prefix(rows).enumerated() {
            let row = top + 2 + index
            screen.put(line.0, row: row, column: left + 2, limit: keyWidth, role: .heading)
            screen.put(line.1, row: row, column: left + 2 + keyWidth, limit: width - keyWidth - 4, role: .overlay)
        }
        if first > 0 { screen.put(" ↑ more ", row: top + 1, column: left + width - 10, role: .overlayBorder) }
        if first + rows < helpLines.count {
            screen.put(" ↓ more ", row: top + height - 1, column: left + 2, role: .overlayBorder)
        }
        let close = keys.name(of: .close, in: .help) + " closes"
        screen.put(close, row: top + height - 1, column: left + width - 2 - close.count - 1, role: .overlayBorder)
    }

    /// CLI.md: `D` deletes all only after this question.
    static func drawConfirm(count: Int, keys: KeyBindings, into screen: inout Screen) {
        let answer = "\(keys.name(of: .yes, in: .confirm)) delete all   \(keys.name(of: .no, in: .confirm)) keep them"
        drawQuestion("Delete all \(count) message\(count == 1 ? "" : "s")?", answer: answer, into: &screen)
    }

    /// A yes/no question in a small centred card.
    static func drawQuestion(_ question: String, answer: String, into screen: inout Screen) {
        let width = min(screen.width - 2, max(question.count, answer.count) + 6)
        let top = (screen.height - 6) / 2
        let left = (screen.width - width) / 2
        screen.panel(top: top, left: left, width: width, height: 6, role: .overlay, border: .overlayBorder)
        screen.put(question, row: top + 2, column: left + 3, limit: width - 6, role: .heading)
        screen.focus(row: top + 2, column: left + 3)
        screen.put(answer, row: top + 3, column: left + 3, limit: width - 6, role: .overlay)
    }
}
