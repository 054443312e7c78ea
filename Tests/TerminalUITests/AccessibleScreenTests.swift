import Foundation
import InboxCore
import TerminalUI
import Testing

/// TERMINAL §3 and §4 on the screen model: the selection bar, the scrim over the whole screen,
/// the cursor on the focused thing, and the screen reader's words and ASCII frames.
@Suite struct AccessibleScreenTests {
    typealias F = OverlayFixtures

    func loop(screenReader: Bool = false, size: Size = Size(columns: 80, rows: 24)) -> (ReaderLoop, MemoryTerminal) {
        let terminal = MemoryTerminal(size: size)
        let loop = ReaderLoop(
            terminal: terminal, source: MemorySource(entries: Fixtures.inbox), screenReader: screenReader)
        loop.start()
        return (loop, terminal)
    }

    func press(_ loop: ReaderLoop, _ terminal: MemoryTerminal, _ keys: Key...) {
        terminal.enqueue(keys: keys)
        loop.drain()
    }

    @Test func theSelectedRowIsABarAcrossTheWholeWidthAndTheCursorIsOnItsTitle() throws {
        let (loop, terminal) = loop()
        press(loop, terminal, .down)
        let screen = try #require(terminal.screen)
        for column in 0..<screen.width {
            #expect([.selected, .selectedUnread].contains(screen[3, column].role), "column \(column)")
            #expect(![.selected, .selectedUnread].contains(screen[2, column].role), "column \(column)")
        }
        #expect(screen.cursor == ScreenPoint(row: 3, column: 4))
        assertSnapshot(screen, named: "list-bar-80x24.looks", looks: true)
    }

    /// `auto` lays out as `app` does (the reader resolves it at start-up, a screen takes it as it
    /// is): the cursor follows the cells whichever mode put them there.
    @Test(arguments: [BidiMode.app, .auto, .terminal])
    func aRightToLeftTitleHasTheCursorOnItsFirstCharacter(bidi: BidiMode) throws {
        let entries = [Fixtures.make("he", "מבצע סוף שבוע", minutesAgo: 5)]
        let terminal = MemoryTerminal(size: Size(columns: 60, rows: 10))
        let loop = ReaderLoop(terminal: terminal, source: MemorySource(entries: entries), bidi: bidi)
        loop.start()
        let screen = try #require(terminal.screen)
        let cursor = try #require(screen.cursor)
        #expect(screen[cursor.row, cursor.column].text == "מ")
        if bidi != .terminal {
            // Laid out by tinbox: the first character is the title's rightmost, at the column's edge.
            #expect(screen[cursor.row, cursor.column + 1].text == " ")
            #expect(screen[cursor.row, cursor.column - 1].text != " ")
        } else {
            // Logical order on the screen: the first character is the title's leftmost.
            #expect(screen[cursor.row, cursor.column - 1].text == " ")
        }
    }

    /// The cursor is placed from the same layout as the cells: on the logical first character
    /// of a right-to-left line that starts with digits, which stand at its right end.
    @Test(arguments: [BidiMode.app, .terminal])
    func aLineFocusedAsItIsPutHasTheCursorOnItsFirstCharacter(bidi: BidiMode) throws {
        var screen = Screen(width: 30, height: 3, bidi: bidi)
        let end = screen.put("12 מבצע", row: 1, column: 5, role: .normal, focusing: true)
        let cursor = try #require(screen.cursor)
        #expect(cursor.row == 1 && screen[1, cursor.column].text == "1")
        #expect(cursor.column == (bidi == .terminal ? 5 : end - 2))
        screen.put("plain", row: 2, column: 3, role: .normal, focusing: true)
        #expect(screen.cursor == ScreenPoint(row: 2, column: 3))
    }

    @Test func theOpenMessageHasTheCursorOnItsFocusedButtonOrItsHeader() throws {
        let (loop, terminal) = loop()
        press(loop, terminal, .enter)
        let screen = try #require(terminal.screen)
        let cursor = try #require(screen.cursor)
        #expect(cursor.row == 22 && screen[cursor.row, cursor.column].text == "[")
        press(loop, terminal, .tab)
        let moved = try #require(terminal.screen?.cursor)
        #expect(moved.row == 22 && moved.column > cursor.column)
        // A message without buttons: the cursor is on its header.
        let terminal2 = MemoryTerminal(size: Size(columns: 80, rows: 24))
        let plain = ReaderLoop(
            terminal: terminal2, source: MemorySource(entries: [Fixtures.make("p", "No buttons here", minutesAgo: 1)]))
        plain.start()
        press(plain, terminal2, .enter)
        let detail = try #require(terminal2.screen)
        #expect(detail.cursor == ScreenPoint(row: ReaderLayout.listTop, column: 2))
        #expect(detail.rows[ReaderLayout.listTop].hasPrefix("  No buttons here"))
    }

    @Test func searchAndTheConsoleHaveTheCursorAtTheInputPoint() throws {
        let (loop, terminal) = loop()
        press(loop, terminal, .character("/"), .character("s"), .character("e"))
        #expect(terminal.screen?.cursor == ScreenPoint(row: 23, column: 4))
        press(loop, terminal, .escape, .character(":"), .character("e"))
        #expect(terminal.screen?.cursor == ScreenPoint(row: 23, column: 3))
    }

    @Test func theHelpCardHasTheCursorOnItsHeaderAndClosingGivesItBack() throws {
        let (loop, terminal) = loop()
        press(loop, terminal, .down, .character("?"))
        let help = try #require(terminal.screen)
        let cursor = try #require(help.cursor)
        #expect(help.rows[cursor.row].contains("Keys"))
        press(loop, terminal, .escape)
        #expect(terminal.screen?.cursor == ScreenPoint(row: 3, column: 4))
    }

    @Test func aModalFadesTheWholeScreenAndTakesTheCursorToItsFocusedButton() {
        var screen = F.background(Size(columns: 80, rows: 24))
        let overlay = Overlay(presentation: F.presentation(F.welcome()), selectedButton: 1)
        let hits = OverlayView.draw(overlay, on: &screen)
        let button = hits.buttons[1].rect
        #expect(screen.cursor == ScreenPoint(row: button.top, column: button.left))
        assertSnapshot(screen, named: "overlay-modal-scrim-80x24.looks", looks: true)
    }

    @Test func aModalWithoutButtonsTakesTheCursorToItsCloseGlyph() throws {
        var screen = F.background(Size(columns: 80, rows: 24))
        var message = F.welcome()
        message.buttons = []
        let hits = OverlayView.draw(Overlay(presentation: F.presentation(message)), on: &screen)
        let close = try #require(hits.close)
        #expect(screen.cursor == ScreenPoint(row: close.top, column: close.left + 1))
        #expect(screen[close.top, close.left + 1].text == OverlayView.defaultCloseGlyph)
    }

    /// TERMINAL §3: a slide-up takes no focus: the cursor stays where it was, until Tab chose one
    /// of its buttons.
    @Test func aSlideUpLeavesTheCursorWhereItWasUntilAButtonIsChosen() throws {
        var screen = F.background(Size(columns: 80, rows: 24))
        screen.focus(row: 5, column: 4)
        OverlayView.draw(Overlay(presentation: F.presentation(F.slideUp(.bottom))), on: &screen)
        #expect(screen.cursor == ScreenPoint(row: 5, column: 4))
        #expect(!screen.cells.contains { $0.isDimmed })
        let hits = OverlayView.draw(
            Overlay(presentation: F.presentation(F.slideUp(.bottom)), selectedButton: 0), on: &screen)
        let button = try #require(hits.buttons.first)
        #expect(screen.cursor == ScreenPoint(row: button.rect.top, column: button.rect.left))
    }

    // MARK: screen reader

    @Test func withAScreenReaderMarksAreWordsAndFramesAreASCII() throws {
        let (loop, terminal) = loop(screenReader: true)
        let list = try #require(terminal.screen)
        #expect(list.rows[1].allSatisfy { $0 == "-" })
        #expect(list.rows[2].hasPrefix(" pinned unread "), "\(list.rows[2])")
        #expect(!list.rows.joined().contains { "▲•▶─│┌┐└┘".contains($0) })
        #expect(list.cursor == ScreenPoint(row: 2, column: 15))
        assertSnapshot(list, named: "list-screen-reader-80x24")
        press(loop, terminal, .character("?"))
        let help = try #require(terminal.screen)
        #expect(help.rows.contains { $0.contains("+-") && $0.contains("Keys") }, "\(help.rows)")
        #expect(!help.rows.joined().contains { "─│┌┐└┘".contains($0) })
    }

    @Test func withAScreenReaderAModalIsWordsAndItsPictureIsAlt() throws {
        var screen = F.background(Size(columns: 80, rows: 24))
        screen.drawsASCIILines = true
        let overlay = Overlay(
            presentation: F.presentation(F.welcome(image: true)), selectedButton: 0,
            image: .picture(F.picture(columns: 18, rows: 3)))
        let card = try #require(OverlayView.draw(overlay, on: &screen).card)
        let text = screen.rows[card.top..<(card.top + card.height)].map {
            String($0.dropFirst(card.left).prefix(card.width))
        }.joined(separator: "\n")
        #expect(text.contains(OverlayView.imageWords))
        #expect(text.contains("[ Open inbox ]") && !text.contains("▶"))
        #expect(!text.contains(OverlayView.defaultCloseGlyph) && !text.contains { "─│┌┐└┘▀".contains($0) })
        assertSnapshot(screen, named: "overlay-modal-screen-reader-80x24")
    }

    @Test func withAScreenReaderTheRefreshLineDoesNotSpin() {
        var progress = RefreshProgress(expected: 2)
        let still = progress.line(animated: false)
        progress.frame += 1
        #expect(progress.line(animated: false) == still)
        #expect(progress.line(animated: true) != RefreshProgress(expected: 2).line(animated: true))
        progress.results = [RefreshResult(producer: "engagement", kind: .ok, line: "engagement ok 28 messages")]
        #expect(progress.line(animated: false) == "Refreshing: engagement ok 28 messages")
    }

    @Test func withAScreenReaderChangesAreSaidOnTheStatusLine() throws {
        let (loop, terminal) = loop(screenReader: true)
        press(loop, terminal, .character("2"))
        let unread = loop.state.counts[.unread] ?? 0
        #expect(loop.state.status?.text == "Unread: \(unread) messages")
        #expect(terminal.screen?.rows[23].contains("Unread: \(unread) messages") == true)
    }
}
