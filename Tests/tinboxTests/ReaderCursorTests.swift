import Foundation
import InboxCore
import Testing

/// TERMINAL §3 in tmux: the terminal cursor stands on the focused thing in the list, the open
/// message, an overlay and search, hidden by default and shown with `--screen-reader`. Each test
/// runs its own tmux server (`tmux -L`), so it never meets another suite's sessions.
@Suite(.serialized, .enabled(if: ReaderTmux.isAvailable, "needs tmux and a built .build/debug/tinbox"))
struct ReaderCursorTests {
    /// The list's first title starts after the marks: `▲•▶` (4 cells), or ` pinned unread ` (15).
    static func titleColumn(screenReader: Bool) -> Int { screenReader ? 15 : 4 }

    func reader(screenReader: Bool, campaigns: Bool = false) throws -> ReaderTmux {
        let tmux = try ReaderTmux(socket: "tinbox-cursor-\(UUID().uuidString.prefix(8))")
        try tmux.launch(screenReader ? "--screen-reader" : "", campaigns: campaigns)
        try tmux.wait(for: "app-messaging ok", timeout: 10)
        return tmux
    }

    /// Waits until the cursor stands at (`column`, `row`); returns where it stands at the end.
    @discardableResult
    func waitForCursor(_ tmux: ReaderTmux, column: Int, row: Int) throws -> (column: Int, row: Int, visible: Bool) {
        let deadline = Date().addingTimeInterval(5)
        var cursor = try tmux.cursor()
        while (cursor.column, cursor.row) != (column, row), Date() < deadline {
            usleep(50_000)
            cursor = try tmux.cursor()
        }
        return cursor
    }

    /// Focus came back to the list: the cursor is on the first row's title again. Then `q`.
    func expectCursorBackOnTheFirstTitleThenQuit(
        _ tmux: ReaderTmux, screenReader: Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let column = Self.titleColumn(screenReader: screenReader)
        let back = try waitForCursor(tmux, column: column, row: 2)
        #expect((back.column, back.row) == (column, 2), sourceLocation: sourceLocation)
        try tmux.keys("q")
        try tmux.waitForExit()
    }

    /// The display column where `needle` starts on `row` of a capture.
    func column(of needle: String, inRow row: Int, of screen: String) -> Int? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard row < lines.count, let range = lines[row].range(of: needle) else { return nil }
        return TerminalText.width(String(lines[row][..<range.lowerBound]))
    }

    @Test(arguments: [false, true])
    func inTheListTheCursorStandsOnTheSelectedTitle(screenReader: Bool) throws {
        let tmux = try reader(screenReader: screenReader)
        let column = Self.titleColumn(screenReader: screenReader)
        let first = try waitForCursor(tmux, column: column, row: 2)
        let list = try tmux.capture()
        #expect((first.column, first.row) == (column, 2), "\(first)\n\(list)")
        #expect(first.visible == screenReader)
        try tmux.keys("j", "j")
        let third = try waitForCursor(tmux, column: column, row: 4)
        #expect((third.column, third.row) == (column, 4), "\(third)")
        try tmux.keys("k")
        let second = try waitForCursor(tmux, column: column, row: 3)
        #expect((second.column, second.row) == (column, 3))
        #expect(second.visible == screenReader)
        try tmux.keys("q")
        try tmux.waitForExit()
    }

    @Test(arguments: [false, true])
    func inTheOpenMessageTheCursorStandsOnTheFocusedButton(screenReader: Bool) throws {
        let tmux = try reader(screenReader: screenReader)
        // The demo's first message has two buttons; the first has the focus when it opens.
        try tmux.keys("Enter")
        let screen = try tmux.wait(for: "[ ")
        let bar = 22
        let first = try #require(column(of: "[ ", inRow: bar, of: screen), "no button bar:\n\(screen)")
        let cursor = try waitForCursor(tmux, column: first, row: bar)
        #expect((cursor.column, cursor.row) == (first, bar), "\(cursor)\n\(screen)")
        #expect(cursor.visible == screenReader)
        try tmux.keys("Tab")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let second = try #require(
            lines[bar].ranges(of: "[ ").dropFirst().first.map {
                TerminalText.width(String(lines[bar][..<$0.lowerBound]))
            })
        let moved = try waitForCursor(tmux, column: second, row: bar)
        #expect((moved.column, moved.row) == (second, bar), "\(moved)")
        // Back in the list, the cursor is on the row it left.
        try tmux.keys("Escape")
        try expectCursorBackOnTheFirstTitleThenQuit(tmux, screenReader: screenReader)
    }

    @Test(arguments: [false, true])
    func aModalTakesTheCursorToItsFirstButtonAndGivesItBack(screenReader: Bool) throws {
        // The demo's campaigns keep quiet hours at night: the zone is chosen so local time is midday.
        let tmux = try ReaderTmux(
            environment: "TZ=\(ReaderTmux.middayZone())", socket: "tinbox-cursor-\(UUID().uuidString.prefix(8))")
        try tmux.launch(screenReader ? "--screen-reader" : "", campaigns: true)
        // The demo's session-start modal, whole (without --screen-reader it opens in 0.3 s).
        let label = screenReader ? "[ Open inbox ]" : "▶ Open inbox ◀"
        let screen = try tmux.wait(timeout: 10) { $0.contains(label) && $0.contains("Not now") }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(lines.firstIndex { $0.contains(label) }, "\(screen)")
        let start = try #require(column(of: label, inRow: row, of: screen), "\(screen)")
        let cursor = try waitForCursor(tmux, column: start, row: row)
        #expect((cursor.column, cursor.row) == (start, row), "\(cursor)\n\(screen)")
        #expect(cursor.visible == screenReader)
        // The status line names it.
        // The status line names it, unless the refresh at start-up ended after it and said its outcome.
        #expect(
            lines[23].contains("Modal: Welcome back, Sam! 3 buttons, Open inbox") || lines[23].contains(" ok "),
            "\(screen)")
        try tmux.keys("Tab")
        let next = try tmux.wait { $0.contains("▶ Read the welcome note") || $0.contains("Button 2 of 3") }
        let nextRow = try #require(
            next.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("welcome note") })
        let nextStart = try #require(
            column(of: screenReader ? "[ Read the welcome note ]" : "▶ Read", inRow: nextRow, of: next), "\(next)")
        let moved = try waitForCursor(tmux, column: nextStart, row: nextRow)
        #expect((moved.column, moved.row) == (nextStart, nextRow), "\(moved)\n\(next)")
        if screenReader { #expect(next.contains("Button 2 of 3: Read the welcome note"), "\(next)") }
        try tmux.keys("Escape")
        try tmux.wait { !$0.contains("Open inbox") }
        try expectCursorBackOnTheFirstTitleThenQuit(tmux, screenReader: screenReader)
    }

    @Test(arguments: [false, true])
    func inSearchTheCursorStandsAtTheInputPoint(screenReader: Bool) throws {
        let tmux = try reader(screenReader: screenReader)
        try tmux.keys("/")
        let line = 23
        let empty = try waitForCursor(tmux, column: 2, row: line)
        #expect((empty.column, empty.row) == (2, line), "\(empty)")
        #expect(empty.visible == screenReader)
        try tmux.keys("s", "a", "l", "e")
        let typed = try waitForCursor(tmux, column: 6, row: line)
        #expect((typed.column, typed.row) == (6, line), "\(typed)")
        try tmux.keys("Enter")
        // The search is done: the cursor goes back to the first matching title.
        try expectCursorBackOnTheFirstTitleThenQuit(tmux, screenReader: screenReader)
    }
}
