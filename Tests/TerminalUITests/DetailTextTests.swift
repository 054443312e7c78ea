import Foundation
import InboxCore
import Testing

@testable import TerminalUI

/// The open message's text is wrapped once per change of what it is wrapped from, kept in the
/// state for the keys and the draw, and never drawn from when it is stale.
@Suite struct DetailTextTests {
    func openLongMessage(size: Size = Size(columns: 80, rows: 24)) -> (ReaderLoop, MemoryTerminal) {
        let body = (1...40).map { "Line \($0) of a body long enough to wrap and to scroll past the screen." }
        let entries = [Fixtures.make("long", "A long message", body: body.joined(separator: "\n"))]
        let terminal = MemoryTerminal(size: size)
        let loop = ReaderLoop(terminal: terminal, source: MemorySource(entries: entries))
        loop.start()
        terminal.enqueue(keys: [.enter])
        loop.drain()
        return (loop, terminal)
    }

    func wrapped(_ state: ReaderState) throws -> ReaderLayout.DetailText {
        let detail = try #require(state.detail)
        return ReaderLayout.detailText(
            detail.entry, width: state.size.columns, now: state.now, image: state.detailImage)
    }

    @Test func theKeptTextIsTheMessageWrappedAtTheScreenWidth() throws {
        let (loop, terminal) = openLongMessage()
        let fresh = try wrapped(loop.state)
        #expect(loop.state.detailTextMemo.source?.width == 80)
        #expect(loop.state.detailTextMemo.text.lines.map(\.text) == fresh.lines.map(\.text))
        #expect(loop.state.detailTextMemo.text.headCount == fresh.headCount)
        terminal.enqueue(keys: [.character("G")])
        loop.drain()
        let rows = ReaderLayout.detailRows(size: loop.state.size, hasButtons: false)
        #expect(loop.state.detail?.scroll == fresh.lines.count - rows)
    }

    @Test func aResizeWrapsAgainAtTheNewWidth() throws {
        let (loop, terminal) = openLongMessage()
        let wide = loop.state.detailTextMemo.text.lines.count
        terminal.enqueue(.resize(Size(columns: 44, rows: 24)))
        loop.drain()
        #expect(loop.state.detailTextMemo.source?.width == 44)
        #expect(loop.state.detailTextMemo.text.lines.map(\.text) == (try wrapped(loop.state)).lines.map(\.text))
        #expect(loop.state.detailTextMemo.text.lines.count > wide)
        // The scroll limit follows the new wrap: `G` reaches the last line, not the old last one.
        terminal.enqueue(keys: [.character("G")])
        loop.drain()
        let rows = ReaderLayout.detailRows(size: loop.state.size, hasButtons: false)
        #expect(loop.state.detail?.scroll == loop.state.detailTextMemo.text.lines.count - rows)
    }

    @Test func aStaleTextIsNeverDrawn() throws {
        let (loop, _) = openLongMessage()
        // Changed behind `update`'s back: the kept text is for 80 columns and the start's clock.
        var narrower = loop.state
        narrower.size = Size(columns: 50, rows: 20)
        var later = loop.state
        later.now = later.now.addingTimeInterval(3 * 86_400)
        for state in [narrower, later] {
            var unkept = state
            unkept.detailTextMemo = DetailTextMemo()
            #expect(ReaderView.render(state).rows == ReaderView.render(unkept).rows)
        }
        #expect(ReaderView.render(later).rows.contains { $0.contains("3 days ago") })
    }

    @Test func theKeptTextNeverMakesTwoStatesDiffer() {
        let (loop, _) = openLongMessage()
        var unkept = loop.state
        unkept.detailTextMemo = DetailTextMemo()
        #expect(loop.state.detailTextMemo.source != nil)
        #expect(unkept == loop.state)
    }
}

/// TERMINAL §2: where pictures are not drawn (`--graphics none`), the detail view's placeholder
/// names the picture by its alt text, else its file name, sanitized as all feed text is.
@Suite struct DetailPicturePlaceholderTests {
    func placeholder(image: String, alt: String? = nil, _ shown: DetailImage = .notDrawn) -> String? {
        placeholders(image: image, alt: alt, shown).first
    }

    func placeholders(image: String, alt: String? = nil, _ shown: DetailImage) -> [String] {
        var entry = Fixtures.make("m", "A picture", body: "Body", image: image)
        entry.message.imageAlt = alt
        let text = ReaderLayout.detailText(entry, width: 60, now: Fixtures.now, image: shown)
        let lines = text.lines.map(\.text)
        let after = lines[text.headCount...]
        return Array(after.prefix { !$0.isEmpty })
    }

    /// A URL's last part may be long: its placeholder is one line, cut with `…`.
    @Test func aLongFileNameIsCutToOneLine() {
        let lines = placeholders(image: "https://x.example/" + String(repeating: "n", count: 500) + ".png", .notDrawn)
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasSuffix("…]") == true && (lines.first?.count ?? 99) <= 60, "\(lines)")
    }

    /// A picture that could not be had still says what it showed, when the feed says.
    @Test func anUnavailablePictureSaysItsAltText() {
        #expect(placeholder(image: "https://x.example/hero.png", .unavailable) == "[image unavailable]")
        #expect(
            placeholder(image: "https://x.example/hero.png", alt: "Tokyo store front", .unavailable)
                == "[image unavailable: Tokyo store front]")
    }

    /// TERMINAL §3: with `screenReader` a picture is its alt text or `[image]`, never a file name.
    @Test func aScreenReaderHearsTheAltTextElseImage() {
        #expect(placeholder(image: "https://x.example/hero.png", .inWords) == "[image]")
        #expect(
            placeholder(image: "https://x.example/hero.png", alt: "A red sunset", .inWords) == "[image: A red sunset]")
        let long = String(repeating: "a long alt text ", count: 10)
        let wrapped = placeholders(image: "https://x.example/hero.png", alt: long, .inWords)
        #expect(wrapped.count > 1 && wrapped.allSatisfy { $0.count <= 60 }, "wrapped to the width: \(wrapped)")
    }

    @Test func thePlaceholderSaysTheAltTextElseTheFileName() {
        #expect(placeholder(image: "https://cdn.acme.example/inbox/hero.png?v=3") == "[image: hero.png]")
        #expect(
            placeholder(image: "https://cdn.acme.example/inbox/hero.png", alt: "Our new season")
                == "[image: Our new season]")
    }

    @Test func aHostileAltTextOrFileNameIsSanitized() throws {
        let alt = try #require(placeholder(image: "https://x.example/a.png", alt: "\u{1B}]0;pwned\u{07}\u{202E}gnp"))
        let file = try #require(placeholder(image: "https://x.example/%1B%5B2J%E2%80%AEevil.png"))
        for line in [alt, file] {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{202E}" })
        }
    }
}
