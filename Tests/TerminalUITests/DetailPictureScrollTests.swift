import Foundation
import InboxCore
import Testing

@testable import TerminalUI

/// The detail view's picture in pixels is placed only whole (TERMINAL §2: a picture never
/// outlives its place); scrolled partly out, its rows that still show are its symbols, not
/// blanks (found by a helper: rows of nothing above the text in xterm and kitty).
@Suite struct DetailPictureScrollTests {
    static let payload = ScreenPicture.Payload(encoding: .png, bytes: [0x89, 0x50, 0x4E, 0x47], id: 77)

    func open(_ picture: OverlayPicture) -> (ReaderLoop, MemoryTerminal) {
        let body = (1...40).map { "Line \($0) of a body long enough to scroll." }.joined(separator: "\n")
        let source = MemorySource(entries: [
            Fixtures.make("p", "A picture", body: body, image: "https://x.example/p.png")
        ])
        source.image = .picture(picture)
        let terminal = MemoryTerminal(size: Size(columns: 60, rows: 20))
        let loop = ReaderLoop(terminal: terminal, source: source)
        loop.start()
        terminal.enqueue(keys: [.enter])
        loop.drain()
        // The picture comes through the mailbox, as from the kit's worker.
        loop.deliverMail()
        return (loop, terminal)
    }

    func rows(_ terminal: MemoryTerminal) -> [String] { terminal.screen?.rows ?? [] }

    @Test func aPictureScrolledPartlyOutShowsItsSymbolsThenItsPixelsAgain() throws {
        let blank = Array(repeating: Cell(" "), count: 30)
        let symbols = Array(repeating: Cell("▚"), count: 30)
        let picture = OverlayPicture(columns: 10, rows: 3, cells: blank, pixels: Self.payload, partCells: symbols)
        let (loop, terminal) = open(picture)
        let whole = try #require(terminal.screen)
        #expect(whole.pictures.count == 1, "placed whole")
        #expect(!rows(terminal).contains { $0.contains("▚") }, "its cells are blanks under the pixels")
        let head = loop.state.detailText(try #require(loop.state.detail)).headCount
        // Scrolled until the picture's first row is out: its two other rows show as symbols.
        for _ in 0...head {
            terminal.enqueue(keys: [.character("j")])
            loop.drain()
        }
        #expect(terminal.screen?.pictures.isEmpty == true)
        #expect(rows(terminal).filter { $0.contains("▚▚▚▚▚▚▚▚▚▚") }.count == 2, "\(rows(terminal))")
        // Back up: whole again, in pixels.
        terminal.enqueue(keys: [.character("g")])
        loop.drain()
        #expect(terminal.screen?.pictures.count == 1)
        #expect(!rows(terminal).contains { $0.contains("▚") })
    }

    @Test func withoutSymbolsThePartThatShowsIsBlank() {
        let blank = Array(repeating: Cell(" "), count: 30)
        let picture = OverlayPicture(columns: 10, rows: 3, cells: blank, pixels: Self.payload)
        let (loop, terminal) = open(picture)
        let head = (try? loop.state.detailText(#require(loop.state.detail)).headCount) ?? 0
        for _ in 0...head {
            terminal.enqueue(keys: [.character("j")])
            loop.drain()
        }
        #expect(terminal.screen?.pictures.isEmpty == true)
    }
}
