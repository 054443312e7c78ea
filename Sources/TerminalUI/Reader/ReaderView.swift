import Foundation
import InboxCore

/// Draws a `ReaderState` into a `Screen`. Pure: the same state always gives the same cells.
public enum ReaderView {
    /// The notice a terminal under 40x10 shows instead of a broken layout; it fits in 30 columns.
    public static let tooSmallNotice = "Enlarge the terminal to 40x10"

    /// The longest form of `tooSmallNotice` that fits `columns`: cut anywhere, 28 columns read
    /// "Enlarge the terminal to 40x1", a size of its own.
    static func tooSmallNotice(fitting columns: Int) -> String {
        [tooSmallNotice, "Enlarge the terminal"].first { TerminalText.width($0) <= columns } ?? "Enlarge"
    }

    public static func render(_ state: ReaderState) -> Screen {
        var screen = Screen(width: state.size.columns, height: state.size.rows, bidi: state.bidi)
        screen.drawsASCIILines = state.screenReader
        guard !state.isTooSmall else {
            screen.put(tooSmallNotice(fitting: state.size.columns), row: 0, column: 0, role: .notice)
            screen.focus(row: 0, column: 0)
            return screen
        }
        drawTabs(state, into: &screen)
        screen.rule(row: 1)
        if let detail = state.detail {
            drawDetail(detail, state: state, into: &screen)
        } else {
            drawList(state, into: &screen)
        }
        let statusFocus = drawStatus(state, into: &screen)
        // A replay's bar stays above an overlay that covers the status line: the row drawn once
        // beneath it goes back over it, cell for cell, with the cursor it took.
        let bar = state.replay != nil && state.shown != nil ? Array(screen.row(screen.height - 1)) : nil
        drawInApp(state, into: &screen)
        if let bar {
            for (column, cell) in bar.enumerated() { screen[screen.height - 1, column] = cell }
            if let statusFocus { screen.focus(row: statusFocus.row, column: statusFocus.column) }
        }
        switch state.overlay {
        case .help?: drawHelp(state.keys, replay: state.replay != nil, scroll: state.helpScroll, into: &screen)
        case .confirmDeleteAll?: drawConfirm(count: state.counts[.all] ?? 0, keys: state.keys, into: &screen)
        case nil: break
        }
        return screen
    }

    static func drawTabs(_ state: ReaderState, into screen: inout Screen) {
        screen.fill(row: 0, role: .tab)
        for span in ReaderLayout.tabs(counts: state.counts, width: screen.width) {
            screen.put(span.label, row: 0, column: span.column, role: span.filter == state.tab ? .tabActive : .tab)
        }
    }

    static func drawList(_ state: ReaderState, into screen: inout Screen) {
        let columns = ReaderLayout.rowColumns(width: screen.width, words: state.screenReader)
        // Until a row is drawn selected, the cursor waits where the first row's title starts.
        screen.focus(row: ReaderLayout.listTop, column: columns.prefix)
        if state.total == 0, state.window.isCurrent {
            // The search is cut to fit inside its quotes (a long one ran off the screen, unclosed),
            // and isolated so a right-to-left one keeps the sentence's order.
            let quoted = TerminalText.truncate(state.search, toWidth: max(1, screen.width - 4 - 18))
            let text = state.search.isEmpty ? "No messages" : "No titles match “\(TerminalText.isolate(quoted))”"
            screen.put(text, row: ReaderLayout.listTop + 1, column: 2, role: .secondary)
            screen.focus(row: ReaderLayout.listTop + 1, column: 2)
            return
        }
        for line in 0..<state.listRows {
            let index = state.top + line
            guard index < state.total, let entry = state.window.entry(at: index),
                let label = state.window.label(at: index)
            else { continue }
            drawRow(
                entry, label: label, selected: index == state.selected, row: ReaderLayout.listTop + line,
                columns: columns, state: state, into: &screen)
        }
    }

    /// One list row: pinned mark, unread mark, title, producer, received, button count. The
    /// selected row is a full-width bar in one look (TERMINAL §4), so a move rewrites the two
    /// rows with one attribute change each, and the cursor stands on its title's first character.
    static func drawRow(
        _ entry: InboxEntry, label: RowLabel, selected: Bool, row: Int, columns: ReaderLayout.RowColumns,
        state: ReaderState,
        into screen: inout Screen
    ) {
        let message = entry.message
        let unread = entry.state == .unread
        let bar: CellRole? = selected ? (unread ? .selectedUnread : .selected) : nil
        let base = bar ?? (unread ? .rowUnread : .row)
        let secondary = bar ?? (unread ? .secondaryUnread : .secondary)
        screen.fill(row: row, role: base)
        if state.screenReader {
            // Words, not marks; the bar and the cursor say which row is selected.
            if message.isPinned { screen.put(ReaderLayout.pinnedWord, row: row, column: 1, role: bar ?? .pinned) }
            let unreadColumn = 2 + ReaderLayout.pinnedWord.count
            if unread { screen.put(ReaderLayout.unreadWord, row: row, column: unreadColumn, role: bar ?? .unreadMark) }
        } else {
            // The pointer sits just before the title.
            screen.put(selected ? ReaderLayout.pointer : " ", row: row, column: 3, role: bar ?? .pointer)
            screen.put(
                message.isPinned ? "▲" : " ", row: row, column: 1, role: bar ?? (unread ? .pinnedUnread : .pinned))
            screen.put(unread ? "•" : " ", row: row, column: 2, role: bar ?? (unread ? .unreadMark : base))
        }
        var column = columns.prefix
        let fits = label.titleWidth <= columns.title
        let cut = fits ? label.title : TerminalText.truncate(label.title, toWidth: columns.title)
        // Right-to-left titles end at the column's right edge. Only the title's own cells take
        // its role; the padding keeps the row's.
        let pad = label.isRightToLeft ? max(0, columns.title - (fits ? label.titleWidth : TerminalText.width(cut))) : 0
        // TERMINAL §3: the cursor on the cell of the selected title's logical first character.
        screen.put(cut, row: row, column: column + pad, limit: columns.title - pad, role: base, focusing: selected)
        column += columns.title + 1
        if columns.producer > 0 {
            let producer = TerminalText.fit(label.producer, width: columns.producer)
            screen.put(producer, row: row, column: column, limit: columns.producer, role: secondary)
            column += columns.producer + 1
        }
        let time = RelativeTime.compact(message.receiveDate, now: state.now)
        screen.put(
            TerminalText.fitRight(time, width: ReaderLayout.RowColumns.time), row: row, column: column,
            limit: ReaderLayout.RowColumns.time, role: secondary)
        column += ReaderLayout.RowColumns.time + 1
        let count = message.buttons.count
        let buttons = count == 0 ? "" : (count > 9 ? "[+]" : "[\(count)]")
        screen.put(buttons, row: row, column: column, limit: ReaderLayout.RowColumns.buttons, role: secondary)
    }

    /// The status line: what is typed, the replay's bar, or the status, the hints and the counts.
    /// - Returns: where it put the cursor (on what is typed), if it did.
    @discardableResult
    static func drawStatus(_ state: ReaderState, into screen: inout Screen) -> ScreenPoint? {
        let row = screen.height - 1
        screen.fill(row: row, role: .status)
        // What is typed is isolated after its prompt, so right-to-left input never moves the prompt.
        if let typed = state.isEditingSearch ? state.search : state.command {
            // Longer than the line, its end shows, where the input point is, after "…": the start
            // showed, and what was typed past it went on unseen.
            // What is typed past the limit is not taken: said beside the typing, which gives up
            // room for it while at least 10 columns of it still show.
            var note = ""
            if state.isEditingSearch, typed.count >= ReaderState.searchLimit {
                note = "\(ReaderState.searchLimit) characters at most"
                if screen.width - 4 - TerminalText.width(note) - 1 < 10 { note = "" }
            }
            let room = screen.width - 3 - 1 - (note.isEmpty ? 0 : TerminalText.width(note) + 1)
            var shown = typed
            if TerminalText.width(typed) > room {
                // The last characters that fit beside "…", counted once from the end.
                var start = typed.endIndex
                var used = 0
                while start > typed.startIndex {
                    let before = typed.index(before: start)
                    used += TerminalText.width(of: typed[before])
                    if used > room - 1 { break }
                    start = before
                }
                shown = "…" + typed[start...]
            }
            if !note.isEmpty {
                screen.put(note, row: row, column: screen.width - 1 - TerminalText.width(note), role: .status)
            }
            let prompt = state.isEditingSearch ? "/" : ":"
            // Right-to-left input grows leftwards: where tinbox lays it out, its input point is its
            // left end, where the next letter shows, and the cursor stands there, before the text
            // (TERMINAL §3); it stood at the right end, beside the text's first letter.
            // What shows decides, for the layout and the cursor alike: an entry cut to "…" and its
            // tail is laid out, and typed into, as that tail (a right-to-left entry with a long
            // left-to-right end had the cursor at its left while the letters came at its right).
            let direction: TerminalText.Direction = TerminalText.isRightToLeft(shown) ? .rightToLeft : .leftToRight
            if screen.bidi != .terminal, direction == .rightToLeft {
                screen.put(prompt, row: row, column: 1, role: .status)
                screen.put(" ", row: row, column: 2, role: .cursor)
                screen.put(
                    TerminalText.isolate(shown, direction: direction), row: row, column: 3, limit: screen.width - 4,
                    role: .status,
                    direction: .leftToRight)
                screen.focus(row: row, column: 2)
                return ScreenPoint(row: row, column: 2)
            }
            let end = screen.put(
                prompt + TerminalText.isolate(shown, direction: direction), row: row, column: 1,
                limit: screen.width - 3, role: .status,
                direction: .leftToRight)
            screen.put(" ", row: row, column: end, role: .cursor)
            screen.focus(row: row, column: end)
            return ScreenPoint(row: row, column: end)
        }
        if let replay = state.replay {
            drawReplayBar(replay, state: state, into: &screen)
            return nil
        }
        var right = state.syncStatus
        // "N/total", in the bar's look (`CellRole.position`).
        var position = ""
        if state.detail == nil, state.total > 0 {
            position = "\(state.selected + 1)/\(state.total)" + (state.totalIsExact ? "" : "+")
            right = position + (right.isEmpty ? "" : "  " + right)
        }
        let rightWidth = TerminalText.width(right)
        let leftLimit = max(0, screen.width - 2 - (rightWidth > 0 ? rightWidth + 2 : 0))
        if let status = state.status {
            let fits = TerminalText.width(status.text) <= leftLimit
            let text = TerminalText.truncate(fits ? status.text : status.brief ?? status.text, toWidth: leftLimit)
            screen.put(text, row: row, column: 1, limit: leftLimit, role: .statusMessage)
            if let url = status.link, text == status.text {
                screen.links.append(ScreenLink(row: row, column: 1, width: TerminalText.width(text), url: url))
            }
        } else if let refresh = state.refresh {
            screen.put(
                TerminalText.truncate(refresh.line(animated: !state.screenReader), toWidth: leftLimit), row: row,
                column: 1, limit: leftLimit,
                role: .statusMessage)
        } else {
            screen.put(
                TerminalText.truncate(hints(state), toWidth: leftLimit), row: row, column: 1, limit: leftLimit,
                role: .status)
        }
        if rightWidth > 0, rightWidth < screen.width - 2 {
            // The counter in its own look, then the rest (the sync state) in the status line's.
            let after = screen.put(position, row: row, column: screen.width - 1 - rightWidth, role: .position)
            screen.put(String(right.dropFirst(position.count)), row: row, column: after, role: .status)
        }
        return nil
    }

    /// The refresh spinner's frames: ASCII, so every terminal (vt100 included) draws them.
    public static let spinnerFrames = ["|", "/", "-", "\\"]

    /// "14:05" in local time, for "synced 14:05".
    public static func clock(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// The hint line, from the key table's hint words (`KeyBindings.hints`).
    static func hints(_ state: ReaderState) -> String {
        // A modal or full screen takes every key, a focused slide-up Tab, Enter and Esc: the
        // overlay's keys, not the list's beneath it. A slide-up nobody went to with Tab leaves
        // the keys to the list, and the line says how to reach its buttons.
        // It takes the view's own button keys (the detail view's Tab), and the line says so.
        if let shown = state.shown, shown.hasFocus { return state.keys.hints(.overlay) }
        let slideUp = state.shown.map { _ in state.keys.name(of: .nextButton, in: .overlay) + " slide-up  " } ?? ""
        let taken: Set<KeyAction> = state.shown == nil ? [] : [.nextButton, .previousButton]
        if state.detail != nil { return slideUp + state.keys.hints(.detail, except: taken) }
        if !state.search.isEmpty {
            return slideUp + "search: \(state.search)  " + state.keys.hints(.list, searching: true, except: taken)
        }
        return slideUp + state.keys.hints(.list, except: taken)
    }
}
