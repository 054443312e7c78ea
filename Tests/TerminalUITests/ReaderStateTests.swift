import Foundation
import InboxCore
import TerminalUI
import Testing

/// The reader's behaviour as plain values: keys in, state and effects out, through the loop
/// with an in-memory terminal and inbox.
@Suite struct ReaderStateTests {
    func loop(_ entries: [InboxEntry] = Fixtures.inbox, size: Size = Size(columns: 80, rows: 24))
        -> (ReaderLoop, MemoryTerminal, MemorySource)
    {
        let terminal = MemoryTerminal(size: size)
        let source = MemorySource(entries: entries)
        let loop = ReaderLoop(terminal: terminal, source: source)
        loop.start()
        return (loop, terminal, source)
    }

    func press(_ loop: ReaderLoop, _ terminal: MemoryTerminal, _ keys: [Key]) {
        terminal.enqueue(keys: keys)
        loop.drain()
    }

    @Test func startReadsOnePageWindowNotTheWholeInbox() {
        let (loop, _, source) = loop(Fixtures.many(100_000))
        #expect(source.pageCalls.count == 1)
        #expect(source.pageCalls[0].2 == 21 * 3)
        #expect(loop.state.window.entries.count == 63)
        #expect(loop.state.total == 100_000)
    }

    @Test func movingWithinTheWindowReadsNothing() {
        let (loop, terminal, source) = loop(Fixtures.many(1_000))
        press(loop, terminal, Array(repeating: .character("j"), count: 20))
        #expect(source.pageCalls.count == 1)
        #expect(loop.state.selected == 20)
    }

    @Test func pagingAndJumpsReadOnlyTheScreensAroundTheSelection() {
        let (loop, terminal, source) = loop(Fixtures.many(100_000))
        press(loop, terminal, [.character("G")])
        #expect(loop.state.selected == 99_999)
        #expect(loop.state.top == 100_000 - 21)
        #expect(source.pageCalls.last?.1 == 100_000 - 42)
        press(loop, terminal, [.character("g"), .pageDown, .character(" ")])
        #expect(loop.state.selected == 42 && loop.state.top == 42)
        #expect(source.pageCalls.allSatisfy { $0.2 <= 63 })
        press(loop, terminal, [.pageUp])
        #expect(loop.state.selected == 21 && loop.state.top == 21)
        #expect(terminal.screen?.rows[2].contains("Message number 21") == true)
    }

    @Test func impressionsAreOneBatchPerScreenfulAndNeverTwice() {
        let (loop, terminal, source) = loop(Fixtures.many(100))
        #expect(source.impressions.count == 1 && source.impressions[0].count == 21)
        press(loop, terminal, [.pageDown])
        #expect(source.impressions.count == 2 && source.impressions[1].count == 21)
        press(loop, terminal, [.pageUp, .pageDown, .character("k"), .character("j")])
        #expect(source.impressions.count == 2)
        let all = source.impressions.flatMap { $0 }
        #expect(Set(all).count == all.count)
    }

    @Test func enterOpensRecordsOpenAndEscGoesBackButNeverQuits() {
        let (loop, terminal, source) = loop()
        press(loop, terminal, [.character("j"), .character("j"), .enter])
        #expect(source.opened == [MessageKey(producer: "app-messaging", id: "order")])
        #expect(loop.state.detail?.entry.state == .read)
        #expect(loop.state.counts[.unread] == 2)
        press(loop, terminal, [.escape])
        #expect(loop.state.mode == .list && !loop.state.isQuitting)
        press(loop, terminal, [.escape, .escape])
        #expect(loop.state.mode == .list && !loop.state.isQuitting && loop.state.selected == 2)
        press(loop, terminal, [.character("q")])
        #expect(loop.state.isQuitting)
    }

    @Test func ctaTapRecordsClickAndShowsTheLinkWhenNoBrowser() throws {
        let (loop, terminal, source) = loop()
        press(loop, terminal, [.enter, .tab, .enter])
        #expect(source.taps.map(\.1) == ["plus"])
        #expect(loop.state.status?.link == "https://acme.example/plus")
        let screen = try #require(terminal.screen)
        #expect(screen.links == [ScreenLink(row: 23, column: 1, width: 25, url: "https://acme.example/plus")])
        source.browserAvailable = true
        press(loop, terminal, [.enter])
        #expect(source.browsed == ["https://acme.example/plus"])
    }

    @Test func unsafeButtonURLsAreNeitherOpenedNorLinked() {
        for url in [
            "javascript:alert(1)", "https://evil.example/\u{1B}]52;c;x\u{07}", "file:///etc/passwd", "https://",
        ] {
            #expect(SafeLink.validated(url) == nil, "\(url)")
        }
        #expect(SafeLink.validated("https://acme.example/a?b=c#d") == "https://acme.example/a?b=c#d")
    }

    @Test func tabsAndDigitsSwitchTheListAndReadTheirRows() {
        let (loop, terminal, _) = loop()
        press(loop, terminal, [.tab])
        #expect(loop.state.tab == .unread && loop.state.total == 3)
        press(loop, terminal, [.character("4")])
        #expect(loop.state.tab == .deleted && loop.state.total == 1)
        #expect(terminal.screen?.rows[2].contains("An old deleted message") == true)
        press(loop, terminal, [.backTab, .character("1")])
        #expect(loop.state.tab == .all)
    }

    @Test func readDeleteAndMarkAllUpdateTheCounts() {
        let (loop, terminal, _) = loop()
        press(loop, terminal, [.character("r")])
        #expect(loop.state.counts[.unread] == 2)
        press(loop, terminal, [.character("d")])
        #expect(loop.state.counts[.deleted] == 2 && loop.state.counts[.all] == 5)
        press(loop, terminal, [.character("R")])
        #expect(loop.state.counts[.unread] == 0)
        press(loop, terminal, [.character("D"), .character("n")])
        #expect(loop.state.counts[.all] == 5)
        press(loop, terminal, [.character("D"), .character("y")])
        #expect(loop.state.counts[.all] == 0)
        #expect(terminal.screen?.rows[3].contains("No messages") == true)
    }

    @Test func searchNarrowsAsYouTypeAndEscClearsIt() {
        let (loop, terminal, _) = loop()
        press(loop, terminal, [.character("/"), .character("o"), .character("r"), .character("d")])
        #expect(loop.state.total == 1)
        press(loop, terminal, [.backspace, .backspace, .backspace, .character("i"), .character("p")])
        #expect(loop.state.total == 2)
        press(loop, terminal, [.backspace, .backspace, .character("o")])
        press(loop, terminal, [.enter])
        #expect(!loop.state.isEditingSearch && loop.state.search == "o")
        press(loop, terminal, [.escape])
        #expect(loop.state.search.isEmpty && loop.state.total == 6 && !loop.state.isQuitting)
    }

    /// A combining mark typed after its letter stays on it (it was sanitized alone, as a mark
    /// with no base, and dropped); Backspace takes the letter with its mark; a control is its picture.
    @Test func typedMarksKeepTheirLetterInTheSearchAndTheConsole() {
        let (loop, terminal, _) = loop()
        press(loop, terminal, [.character("/"), .character("e"), .character("\u{0301}"), .character("x")])
        #expect(loop.state.search == "e\u{0301}x")
        press(loop, terminal, [.backspace])
        #expect(loop.state.search == "e\u{0301}")
        press(loop, terminal, [.character("\u{1B}")])
        #expect(loop.state.search == "e\u{0301}␛")
        press(loop, terminal, [.enter, .escape, .character(":"), .character("a"), .character("\u{0308}")])
        #expect(loop.state.command == "a\u{0308}")
    }

    /// The reader over the fixtures' inbox on a screen `columns` wide and 12 rows, after `text`
    /// was typed (its first character opens the search or the console).
    static func typed(_ text: String, columns: Int) -> (ReaderLoop, MemoryTerminal) {
        let terminal = MemoryTerminal(size: Size(columns: columns, rows: 12))
        let loop = ReaderLoop(terminal: terminal, source: MemorySource(entries: Fixtures.inbox))
        loop.start()
        terminal.enqueue(keys: text.map { .character($0) })
        loop.drain()
        return (loop, terminal)
    }

    /// Longer than the status line, what is typed shows its end, where the input point is.
    @Test func aLongInputShowsItsEnd() throws {
        let (_, terminal) = Self.typed(":event some_event_name key=value other=123 more=abcdef", columns: 45)
        let status = try #require(terminal.screen?.rows.last)
        #expect(status.hasPrefix(" :…") && status.contains("more=abcdef"), "\(status)")
        #expect(TerminalText.width(status) <= 45)
    }

    /// A search that matches nothing is quoted whole within the screen: a long one ran off it,
    /// its closing quote never drawn.
    @Test func aLongSearchThatMatchesNothingIsQuotedWithinTheScreen() throws {
        let (_, terminal) = Self.typed("/zzz no such title anywhere in this inbox", columns: 45)
        let row = try #require(terminal.screen?.rows.first { $0.contains("No titles match") })
        #expect(row.trimmingCharacters(in: .whitespaces).hasSuffix("…”"), "\(row)")
        #expect(TerminalText.width(row) <= 45)
    }

    /// A help card taller than the screen scrolls, and says where more lies: it was cut.
    @Test func aHelpCardTallerThanTheScreenScrolls() throws {
        let terminal = MemoryTerminal(size: Size(columns: 80, rows: 16))
        let loop = ReaderLoop(terminal: terminal, source: MemorySource(entries: Fixtures.inbox))
        loop.start()
        let lines = KeyBindings.defaults.helpLines(replay: false)
        let last = try #require(lines.last)
        terminal.enqueue(keys: [.character("?")])
        loop.drain()
        var rows = terminal.screen?.rows.joined(separator: "\n") ?? ""
        #expect(rows.contains("↓ more") && !rows.contains(last.1), "\(rows)")
        terminal.enqueue(keys: Array(repeating: .character("j"), count: lines.count))
        loop.drain()
        rows = terminal.screen?.rows.joined(separator: "\n") ?? ""
        #expect(rows.contains(last.1) && rows.contains("↑ more") && !rows.contains("↓ more"), "\(rows)")
        terminal.enqueue(keys: [.pageUp, .pageUp, .pageUp])
        loop.drain()
        rows = terminal.screen?.rows.joined(separator: "\n") ?? ""
        #expect(rows.contains(try #require(lines.first).1) && !rows.contains("↑ more"), "\(rows)")
        terminal.enqueue(keys: [.escape])
        loop.drain()
        #expect(loop.state.overlay == nil)
    }

    /// Right-to-left input grows leftwards: the cursor stands at its left end, before it, where
    /// the next letter shows; left-to-right input keeps it after its end.
    @Test func theInputPointOfRightToLeftTextIsItsLeftEnd() throws {
        let (loop, terminal) = Self.typed("/שלום", columns: 40)
        var screen = try #require(terminal.screen)
        #expect(screen.rows.last?.hasPrefix(" / םולש") == true, "\(screen.rows.last ?? "")")
        #expect(screen.cursor == ScreenPoint(row: 11, column: 2))
        terminal.enqueue(keys: [.backspace, .backspace, .backspace, .backspace] + "sale".map { .character($0) })
        loop.drain()
        screen = try #require(terminal.screen)
        #expect(screen.rows.last?.hasPrefix(" /sale ") == true, "\(screen.rows.last ?? "")")
        #expect(screen.cursor == ScreenPoint(row: 11, column: 6))
        // Cut to "…" and its tail, the entry is typed into as the tail that shows: a Hebrew word
        // and 50 x's put the cursor after the x's, where the next one comes.
        terminal.enqueue(keys: Array(repeating: .backspace, count: 4) + "שלום".map { .character($0) })
        terminal.enqueue(keys: Array(repeating: .character("x"), count: 50))
        loop.drain()
        screen = try #require(terminal.screen)
        let status = try #require(screen.rows.last)
        #expect(status.hasPrefix(" /…xxx"), "\(status)")
        #expect(screen.cursor == ScreenPoint(row: 11, column: 38))
    }

    /// A search takes 80 characters; the 81st is not taken, and the status line says why.
    @Test func aSearchAtItsLimitSaysSo() throws {
        // At 80 columns the search is longer than the line: its end shows, beside the note.
        let (loop, terminal) = Self.typed("/" + String(repeating: "x", count: 79), columns: 80)
        #expect(try #require(terminal.screen?.rows.last).contains("at most") == false)
        terminal.enqueue(keys: [.character("y"), .character("z")])
        loop.drain()
        #expect(loop.state.search == String(repeating: "x", count: 79) + "y")
        let status = try #require(terminal.screen?.rows.last)
        #expect(status.hasPrefix(" /…xxx") && status.contains("xy "), "\(status)")
        #expect(status.hasSuffix(" 80 characters at most "), "\(status)")
        #expect(TerminalText.width(status) == 80)
    }

    @Test func mouseSelectsRowsTabsAndScrolls() {
        let (loop, terminal, source) = loop(Fixtures.many(100))
        terminal.enqueue(.mouse(MouseEvent(.press, row: 5, column: 10)))
        loop.drain()
        #expect(loop.state.selected == 3)
        terminal.enqueue(.mouse(MouseEvent(.wheelDown, row: 5, column: 10)))
        loop.drain()
        #expect(loop.state.selected == 6)
        terminal.enqueue(.mouse(MouseEvent(.press, row: 8, column: 10)))
        loop.drain()
        #expect(source.opened.count == 1)
        let unread = ReaderLayout.tabs(counts: loop.state.counts, width: 80)[1]
        terminal.enqueue(.mouse(MouseEvent(.press, row: 0, column: unread.column + 1)))
        loop.drain()
        #expect(loop.state.tab == .unread && loop.state.mode == .list)
    }

    @Test func resizeKeepsTheSelectionOnScreenAndRecoversFromTiny() {
        let (loop, terminal, _) = loop(Fixtures.many(100))
        press(loop, terminal, Array(repeating: .character("j"), count: 15))
        terminal.enqueue(.resize(Size(columns: 40, rows: 10)))
        loop.drain()
        #expect(loop.state.selected == 15)
        #expect(loop.state.top <= 15 && 15 < loop.state.top + loop.state.listRows)
        terminal.enqueue(.resize(Size(columns: 20, rows: 5)))
        loop.drain()
        #expect(terminal.screen?.rows[0].hasPrefix("Enlarge") == true)
        terminal.enqueue(.resize(Size(columns: 80, rows: 24)))
        loop.drain()
        #expect(terminal.screen?.rows[0].hasPrefix(" All 100") == true)
        #expect(loop.state.selected == 15)
    }

    @Test func hangUpQuits() {
        let (loop, terminal, _) = loop()
        terminal.enqueue(.hangUp)
        loop.drain()
        #expect(loop.state.isQuitting)
    }

    @Test func aSearchInMostTitlesIsCountedInPartUntilTheSelectionNearsTheCountedEnd() {
        let (loop, terminal, _) = loop(Fixtures.many(3_000))
        press(loop, terminal, [.character("/")] + "Message".map { .character($0) } + [.enter])
        #expect(loop.state.total == ReaderState.firstSearchCountLimit)
        #expect(!loop.state.totalIsExact)
        #expect(terminal.screen?.rows.last?.contains("1/1000+") == true, "\(terminal.screen?.rows.last ?? "")")
        press(loop, terminal, Array(repeating: .pageDown, count: 48))
        #expect(loop.state.total > 1_000, "counted further as the selection came near 1000")
        press(loop, terminal, [.character("G")])
        #expect(loop.state.totalIsExact)
        #expect(loop.state.total == 3_000)
        #expect(loop.state.selected == 2_999)
    }
}

/// CLI.md's tab line keeps every count: at 40 columns four-digit counts cut `Deleted N` to `Deleted`.
@Suite struct TabLineTests {
    static func line(_ counts: [StateFilter: Int], width: Int) -> String {
        var line = Array(repeating: Character(" "), count: width + 20)
        for span in ReaderLayout.tabs(counts: counts, width: width) {
            for (offset, character) in span.label.enumerated() { line[span.column + offset] = character }
        }
        return String(line).trimmingCharacters(in: .whitespaces)
    }

    @Test func everyCountFitsTheNarrowestScreen() {
        let counts: [StateFilter: Int] = [.all: 1000, .unread: 1000, .read: 0, .deleted: 0]
        #expect(Self.line(counts, width: 80) == "All 1000  Unread 1000  Read 0  Deleted 0")
        #expect(Self.line(counts, width: 40) == "All 1000 Unread 1000 Read 0 Deleted 0")
        let wide: [StateFilter: Int] = [.all: 10000, .unread: 10000, .read: 0, .deleted: 0]
        #expect(Self.line(wide, width: 40) == "All 10000 Unread 10000 Read 0 Deleted 0")
        let spans = ReaderLayout.tabs(counts: wide, width: 39)
        #expect(spans.first?.column == 0 && spans.last.map { $0.column + $0.width } == 39, "\(spans)")
    }
}
