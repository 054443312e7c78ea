import Foundation
import InboxCore
import TerminalUI
import Testing

/// TERMINAL.md 1 on the reader's screens: under `app` every line with right-to-left text is
/// drawn in visual order (what a terminal without bidi, and tmux, must be sent); under `terminal`
/// it stays in logical order. The layout, the widths and the right edges are the same in both.
@Suite struct BidiScreenTests {
    static let size = Size(columns: 60, rows: 16)
    let hebrewTitle = "מבצע סוף שבוע: 30% הנחה על כל משחקי הפאזל"
    let hebrewBody =
        "אוהבים לחשוב? כל משחקי הפאזל בחנות של Acme בהנחה של 30% עד סוף השבוע, פרטים ב-https://acme.example/puzzle\n\n"
        + "Members of Acme Plus also get 500 bonus points (נקודות) on every purchase."

    var entries: [InboxEntry] {
        [
            Fixtures.make(
                "he", hebrewTitle, minutesAgo: 5, body: hebrewBody,
                buttons: [CTAButton(buttonId: "buy", label: "לקנייה", webUrl: "https://acme.example/buy")]),
            Fixtures.make("mixed", "Sale: שלום and 30% off (today)", minutesAgo: 6),
            Fixtures.make("ar", "أهلاً سارة! عروض نهاية الأسبوع: خصم ٣٠٪ على جميع الألعاب", minutesAgo: 7),
        ]
    }

    func loop(_ bidi: BidiMode, size: Size = size) -> (ReaderLoop, MemoryTerminal) {
        let terminal = MemoryTerminal(size: size)
        let loop = ReaderLoop(terminal: terminal, source: MemorySource(entries: entries), bidi: bidi)
        loop.start()
        return (loop, terminal)
    }

    func press(_ loop: ReaderLoop, _ terminal: MemoryTerminal, _ keys: [Key]) {
        terminal.enqueue(keys: keys)
        loop.drain()
    }

    /// What a line is drawn as in `bidi`.
    func drawn(_ line: String, _ bidi: BidiMode, direction: TerminalText.Direction? = nil) -> String {
        bidi == .app ? TerminalText.visualOrder(line, direction: direction) : line
    }

    @Test(arguments: [BidiMode.app, .terminal])
    func listRowsCutInLogicalOrderAndKeepTheirEdges(bidi: BidiMode) throws {
        let (_, terminal) = loop(bidi)
        let screen = try #require(terminal.screen)
        let columns = ReaderLayout.rowColumns(width: Self.size.columns)
        let titleEnd = columns.prefix + columns.title
        // The Hebrew and Arabic titles are cut at their logical end, then laid out: under `app`
        // the ellipsis stands at the left of the title, its first word at the right edge.
        for (row, title) in [(2, hebrewTitle), (4, entries[2].message.title)] {
            let cut = TerminalText.truncate(title, toWidth: columns.title)
            #expect(cut.hasSuffix(TerminalText.ellipsis))
            #expect(screen.rows[row].contains(drawn(cut, bidi) + " engagement"), "row \(row): \(screen.rows[row])")
            #expect(!screen[row, titleEnd - 1].isBlank)
            if bidi == .app {
                let firstCell = (columns.prefix..<titleEnd).first { !screen[row, $0].isBlank }
                #expect(firstCell.map { screen[row, $0].text } == TerminalText.ellipsis)
            }
        }
        // A right-to-left word inside a left-to-right title is reversed in place; the title
        // stays left-aligned.
        #expect(screen.rows[3].hasPrefix("  • " + drawn("Sale: שלום and 30% off (today)", bidi)))
        for row in 2..<5 { #expect(TerminalText.width(screen.rows[row]) == Self.size.columns) }
        assertSnapshot(screen, named: "bidi-list-\(bidi)-60x16")
    }

    @Test(arguments: [BidiMode.app, .terminal])
    func theDetailViewWrapsInLogicalOrderAndAlignsEachParagraph(bidi: BidiMode) throws {
        let (loop, terminal) = loop(bidi)
        press(loop, terminal, [.enter])
        let screen = try #require(terminal.screen)
        let width = Self.size.columns - 4
        let lines = TerminalText.wrapParagraphs(TerminalText.sanitize(hebrewBody, keepingNewlines: true), width: width)
        #expect(lines.count > 3)
        for line in lines where !line.text.isEmpty {
            let shown = drawn(line.text, bidi, direction: line.direction)
            let row = try #require(screen.rows.firstIndex { $0.contains(shown) }, "\(shown) not on screen")
            // Right-to-left paragraphs end at the text's right edge, left-to-right ones start at its left.
            if line.direction == .rightToLeft {
                #expect(screen.rows[row].hasSuffix(shown + "  "), "row \(row): \(screen.rows[row])")
            } else {
                #expect(screen.rows[row].hasPrefix("  " + shown), "row \(row): \(screen.rows[row])")
            }
        }
        // The button keeps its brackets around its right-to-left label.
        #expect(screen.rows[Self.size.rows - 2].contains("[ " + drawn("לקנייה", bidi) + " ]"))
        assertSnapshot(screen, named: "bidi-detail-\(bidi)-60x16")
    }

    @Test(arguments: [BidiMode.app, .terminal])
    func theConsoleAndTheDecisionLogLayOutWhatTheyShow(bidi: BidiMode) throws {
        let (loop, terminal) = loop(bidi)
        press(loop, terminal, [.character("L")])
        let line = "[tinbox-iam] ar-1: showing أهلاً سارة (ar)"
        loop.send(.inApp(.log([line])))
        let typed = ":lang עברית"
        press(loop, terminal, typed.map { .character($0) })
        let screen = try #require(terminal.screen)
        #expect(screen.rows.contains { $0.contains(drawn(line, bidi)) })
        #expect(screen.rows[Self.size.rows - 1].hasPrefix(" " + drawn(typed, bidi)))
        // Right-to-left input stays after its prompt; laid out by tinbox, the input point (the
        // cursor's blank) is at its left end, where the next letter shows.
        press(loop, terminal, [.escape, .character("/")] + "שלום".map { .character($0) })
        let search = try #require(terminal.screen).rows[Self.size.rows - 1]
        let expected = bidi == .app ? " / " + drawn("שלום", bidi) : " /" + drawn("שלום", bidi) + " "
        #expect(search.hasPrefix(expected), "\(search)")
    }

    @Test(arguments: [BidiMode.app, .terminal])
    func nothingOfTheIsolatesReachesTheCells(bidi: BidiMode) throws {
        let (loop, terminal) = loop(bidi)
        press(loop, terminal, [.enter])
        let screen = try #require(terminal.screen)
        let scalars = screen.cells.flatMap { $0.text.unicodeScalars }
        #expect(!scalars.contains(where: TerminalText.isIsolate))
        #expect(!scalars.contains { $0.properties.generalCategory == .format })
    }
}
