import Foundation
import InboxCore
import Testing

@testable import TerminalUI

/// The selection bar through the real curses backend (TERMINAL §4): one row down rewrites the
/// two rows and nothing else (the tmux tests check where the cursor ends). In the overlay suite,
/// which runs one test at a time: curses is one per process.
extension OverlayCursesTests {
    /// The reader's list at 120x40 with the first row selected, then the second.
    func listScreens() -> (before: Screen, after: Screen) {
        let entries = (0..<40).map { index in
            Fixtures.make("m\(index)", "Plain title number \(index) of the list", minutesAgo: Double(index + 1))
        }
        let terminal = MemoryTerminal(size: Self.benchSize)
        let loop = ReaderLoop(terminal: terminal, source: MemorySource(entries: entries))
        loop.start()
        let before = terminal.screen!
        terminal.enqueue(keys: [.down])
        loop.drain()
        return (before, terminal.screen!)
    }

    @Test(arguments: [["TERM": "xterm-256color"], ["TERM": "xterm-256color", "NO_COLOR": "1"], ["TERM": "vt100"]])
    func oneRowDownRewritesTheTwoRowsAndPutsTheCursorOnTheTitle(environment: [String: String]) {
        let (before, after) = listScreens()
        let pty = PseudoTerminal(size: Self.benchSize, environment: environment)
        _ = pty.draw(before)
        let moved = text(pty.draw(after))
        #expect(moved.contains("Plain title number 0 of the list"))
        #expect(moved.contains("Plain title number 1 of the list"))
        #expect(!moved.contains("number 2 "), "\(moved.debugDescription)")
        // Without colour the bar is reverse video.
        if environment["NO_COLOR"] != nil || environment["TERM"] == "vt100" {
            #expect(moved.contains("7m"), "\(moved.debugDescription)")
        }
    }

    /// The plain title after an unread row's coloured mark is reached with the colour's reset
    /// alone (`CSI 39 m`): the mark is not bold in 256 colours, so curses sends no `sgr0` and no
    /// colour again (`ESC ( B CSI 0 m`, then the title's), and plain text has a pair of the
    /// terminal's own colours, where pair 0 made curses send the colour reset and `sgr0` both.
    @Test func thePlainTitleAfterTheMarkTakesOnlyTheColoursReset() {
        let moved = rowDownBytes()
        guard let mark = moved.range(of: "•"), let title = moved.range(of: " Plain title number 0 of the list"),
            mark.upperBound <= title.lowerBound
        else {
            Issue.record("the old row's mark and title: \(moved.debugDescription)")
            return
        }
        let between = String(moved[mark.upperBound..<title.lowerBound])
        #expect(between == "\u{1B}[39m", "\(between.debugDescription)")
    }

    /// The status line's N/total counter is in the bar's look, so after the new bar row the
    /// changed digit follows the cursor's move with no attribute change: "2" of "2/40".
    @Test func theCounterAfterTheBarTakesNoAttributeChange() {
        let moved = rowDownBytes()
        // The move to the status line, row 40: `CSI 40 ; column H`, or `CSI 40 d` in or near the
        // same column (then a backspace or two).
        guard let move = moved.range(of: "\u{1B}\\[40(;[0-9]+H|d)", options: .regularExpression) else {
            Issue.record("no move to the status line: \(moved.debugDescription)")
            return
        }
        let after = moved[move.upperBound...].drop { $0 == "\u{08}" }
        #expect(after.hasPrefix("2"), "\(after.debugDescription)")
    }

    private func rowDownBytes() -> String {
        let (before, after) = listScreens()
        let pty = PseudoTerminal(size: Self.benchSize, environment: ["TERM": "xterm-256color"])
        _ = pty.draw(before)
        return text(pty.draw(after))
    }
}
