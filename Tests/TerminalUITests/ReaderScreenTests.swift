import Foundation
import InboxCore
import TerminalUI
import Testing

/// Golden screens of the reader, rendered from state alone (no terminal).
@Suite struct ReaderScreenTests {
    func loop(
        _ entries: [InboxEntry] = Fixtures.inbox, size: Size = Size(columns: 80, rows: 24), bidi: BidiMode = .app
    ) -> (ReaderLoop, MemoryTerminal, MemorySource) {
        let terminal = MemoryTerminal(size: size)
        let source = MemorySource(entries: entries)
        let loop = ReaderLoop(terminal: terminal, source: source, bidi: bidi)
        loop.start()
        return (loop, terminal, source)
    }

    func press(_ loop: ReaderLoop, _ terminal: MemoryTerminal, _ keys: Key...) {
        terminal.enqueue(keys: keys)
        loop.drain()
    }

    @Test func listOpensOnAllWithTheFirstRowSelected() throws {
        let (loop, terminal, _) = loop()
        let screen = try #require(terminal.screen)
        #expect(screen.rows[0].hasPrefix(" All 6  Unread 3  Read 3  Deleted 1"))
        #expect(loop.state.tab == .all && loop.state.selected == 0)
        #expect(screen[2, 5].role == .selectedUnread)
        assertSnapshot(screen, named: "list-80x24")
    }

    @Test func detailShowsWrappedBodyImageAndButtons() throws {
        let (loop, terminal, _) = loop()
        press(loop, terminal, .enter)
        assertSnapshot(try #require(terminal.screen), named: "detail-80x24")
    }

    /// The marker of a text that scrolls stands after the last row's text, not over it ("word
    /// wmore ↓").
    @Test func theMoreMarkerDoesNotCoverTheText() throws {
        let long = Fixtures.make("long", "Long", minutesAgo: 5, body: String(repeating: "word ", count: 400))
        let (loop, terminal, _) = loop([long])
        press(loop, terminal, .enter)
        let screen = try #require(terminal.screen)
        let row = try #require(screen.rows.first { $0.contains("more ↓") })
        #expect(row.hasSuffix("  more ↓ "), "a gap between the text and the marker: \(row)")
    }

    @Test func helpOverlay() throws {
        let (loop, terminal, _) = loop()
        press(loop, terminal, .character("?"))
        assertSnapshot(try #require(terminal.screen), named: "help-80x24")
    }

    @Test func searchFiltersAsYouType() throws {
        let (loop, terminal, _) = loop()
        press(loop, terminal, .character("/"), .character("s"), .character("e"), .character("a"))
        #expect(loop.state.total == 2)
        assertSnapshot(try #require(terminal.screen), named: "search-80x24")
    }

    @Test func confirmBeforeDeleteAll() throws {
        let (loop, terminal, _) = loop()
        press(loop, terminal, .character("D"))
        assertSnapshot(try #require(terminal.screen), named: "confirm-delete-all-80x24")
    }

    @Test func tinyTerminalShowsOneLineNoticeThatFitsThirtyColumns() throws {
        let (loop, terminal, _) = loop(size: Size(columns: 30, rows: 8))
        let screen = try #require(terminal.screen)
        #expect(TerminalText.width(ReaderView.tooSmallNotice) <= 30)
        assertSnapshot(screen, named: "tiny-30x8")
        terminal.enqueue(.resize(Size(columns: 80, rows: 24)))
        loop.drain()
        let restored = try #require(terminal.screen)
        #expect(restored.rows[0].hasPrefix(" All 6"))
    }

    /// Narrower than the notice, a shorter form: cut anywhere, it said "to 40x1" or "to 4".
    @Test(arguments: [
        (29, "Enlarge the terminal to 40x10"), (28, "Enlarge the terminal"), (20, "Enlarge the terminal"),
        (19, "Enlarge"), (7, "Enlarge"), (3, "Enl"),
    ])
    func theNoticeIsCutAtAWord(columns: Int, shown: String) throws {
        let (_, terminal, _) = loop(size: Size(columns: columns, rows: 5))
        let screen = try #require(terminal.screen)
        #expect(screen.rows[0].trimmingCharacters(in: .whitespaces) == shown)
    }

    /// TERMINAL.md 1: in both layouts right-to-left titles end at the title column's right edge
    /// and every later column stays put; `app` draws them in visual order, `terminal` logically.
    @Test(arguments: [BidiMode.app, .terminal])
    func rightToLeftAndWideTitlesKeepTheRowEdge(bidi: BidiMode) throws {
        let entries = [
            Fixtures.make("he", "מבצע סוף שבוע: 30% הנחה", minutesAgo: 5),
            Fixtures.make("ar", "عروض نهاية الأسبوع", minutesAgo: 6, producer: "app-messaging"),
            Fixtures.make("ja", "新ステージ「星の迷宮」が登場！限定報酬を手に入れよう", minutesAgo: 7),
            Fixtures.make("zh", "限时特惠：精选角色皮肤五折起，本周末截止！", minutesAgo: 8),
            Fixtures.make("emoji", "🎄🎁🏆 Emoji 🇯🇵 flags and 👋🏽 skin tones 🎄🎄🎄🎄🎄🎄🎄🎄🎄🎄", minutesAgo: 9),
            Fixtures.make("odd", "x新新新新新新新新新新新新新新新新新新新新新新新新新新新新新新", minutesAgo: 10),
        ]
        let (_, terminal, _) = loop(entries, size: Size(columns: 60, rows: 10), bidi: bidi)
        let screen = try #require(terminal.screen)
        for row in 2..<8 {
            // The time column ends at the same cell on every row.
            #expect(screen[row, 55].text == "m", "row \(row): \(screen.rows[row])")
            #expect(TerminalText.width(screen.rows[row]) == 60)
        }
        let hebrew = "מבצע סוף שבוע: 30% הנחה"
        let drawn = bidi == .app ? TerminalText.visualOrder(hebrew) : hebrew
        #expect(screen.rows[2].contains(drawn + " engagement"))
        assertSnapshot(screen, named: "rtl-cjk-\(bidi)-60x10")
    }
}
