import CNcursesw
import Foundation
import InAppEngine
import Testing

@testable import TerminalUI

/// Pictures in pixels through the real curses backend on a pseudo-terminal (TERMINAL.md §2):
/// the raw bytes a terminal receives when a modal with artwork shows, stays and closes. Nested
/// in OverlayCursesTests, whose `.serialized` holds for it too: curses is one per process.
extension OverlayCursesTests {
    @Suite struct PictureCursesTests {
        typealias F = OverlayFixtures
        static let size = Size(columns: 120, rows: 40)
        /// Stands for a PNG or a sixel sequence: the backend frames bytes, it never reads them.
        static let sixel = Array("\u{1B}P0;1;0q\"1;1;80;48#0;2;100;0;0#0!80~\u{1B}\\".utf8)
        static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47] + Array(repeating: 7, count: 6_000)

        func modal(payload: ScreenPicture.Payload?) -> Screen {
            var screen = F.background(Self.size)
            var picture = F.picture(columns: 10, rows: 3)
            if let payload {
                picture = OverlayPicture(
                    columns: 10, rows: 3, cells: Array(repeating: Cell(" ", role: .overlay), count: 30), pixels: payload
                )
            }
            OverlayView.draw(
                Overlay(presentation: F.presentation(F.welcome(image: true)), image: .picture(picture)), on: &screen)
            return screen
        }

        func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

        @Test func kittyIsSentOncePlacedByIdAndDeletedWhenTheOverlayCloses() throws {
            let pty = PseudoTerminal(
                size: Self.size, environment: ["TERM": "xterm-256color"], graphics: GraphicsChoice(mode: .kitty))
            let payload = ScreenPicture.Payload(encoding: .png, bytes: Self.png, id: 4242)
            let shown = modal(payload: payload)
            #expect(shown.pictures.count == 1)
            _ = pty.draw(F.background(Self.size))
            let first = text(pty.draw(shown))
            #expect(first.contains("\u{1B}_Ga=t,f=100,t=d,i=4242,q=2,m=1;iVBORw"))
            #expect(first.contains("\u{1B}_Ga=p,i=4242,p=1,c=10,r=3,C=1,q=2\u{1B}\\"))
            // Inside DECSC/DECRC, at the picture's place.
            let picture = try #require(shown.pictures.first)
            #expect(first.contains("\u{1B}7\u{1B}[\(picture.top + 1);\(picture.left + 1)H\u{1B}_G"))
            #expect(first.hasSuffix("\u{1B}8"))
            // The same screen again sends nothing, no image data above all.
            let again = pty.draw(shown)
            #expect(!text(again).contains("\u{1B}_G"), "\(again.count) bytes")
            // Closing the overlay deletes the placement by id; the data stays for the next time.
            let closed = text(pty.draw(F.background(Self.size)))
            #expect(closed.contains("\u{1B}_Ga=d,d=i,i=4242,q=2\u{1B}\\"))
            let reopened = text(pty.draw(shown))
            #expect(reopened.contains("\u{1B}_Ga=p,i=4242"))
            #expect(!reopened.contains("a=t,"))
            // kitty drops what it holds when its window is resized: after one, the picture is
            // sent again, where it was only placed by id and stayed blank.
            _ = pty.terminal.functionKey(tinbox_key_resize())
            #expect(text(pty.draw(shown)).contains("\u{1B}_Ga=t,f=100,t=d,i=4242,q=2,m=1;iVBORw"))
            // Quitting frees it.
            pty.terminal.shutdown()
            #expect(text(pty.drain()).contains("\u{1B}_Ga=d,d=I,i=4242,q=2\u{1B}\\"))
        }

        @Test func sixelsAreSentInsideSaveAndRestoreAndTheirRowsRepaintedWhenTheyGo() throws {
            let pty = PseudoTerminal(
                size: Self.size, environment: ["TERM": "xterm-256color"], graphics: GraphicsChoice(mode: .sixel))
            let shown = modal(payload: ScreenPicture.Payload(encoding: .sixel, bytes: Self.sixel, id: 9))
            let picture = try #require(shown.pictures.first)
            _ = pty.draw(F.background(Self.size))
            let first = text(pty.draw(shown))
            #expect(
                first.contains("\u{1B}7\u{1B}[\(picture.top + 1);\(picture.left + 1)H" + text(Self.sixel) + "\u{1B}8"))
            #expect(!text(pty.draw(shown)).contains("\u{1B}P"))
            // Closing: spaces are written over its cells (xterm drops a sixel's pixels only under
            // characters written, not under an erase, and painted the rest again at its next
            // redraw), then curses writes the rows again.
            let closed = text(pty.draw(F.background(Self.size)))
            var erase = "\u{1B}7\u{1B}[0m"
            for row in picture.top..<(picture.top + picture.rows) {
                erase += "\u{1B}[\(row + 1);\(picture.left + 1)H" + String(repeating: " ", count: picture.columns)
            }
            #expect(closed.hasPrefix(erase + "\u{1B}8"), "\(closed.prefix(200).debugDescription)")
            let row = F.background(Self.size).rows[picture.top]
            let words = row.split(separator: " ").prefix(3).joined(separator: " ")
            #expect(closed.contains(words), "row \(picture.top) not repainted")
            #expect(!closed.contains("\u{1B}P"))
        }

        /// The hard case: the cells under the picture are the same with and without it, so curses
        /// alone would send nothing and the pixels would stay.
        @Test(arguments: [GraphicsMode.sixel, .iterm])
        func pixelsOverUnchangedCellsAreRepaintedAwayWhenThePictureGoes(mode: GraphicsMode) {
            let pty = PseudoTerminal(
                size: Self.size, environment: ["TERM": "xterm-256color"], graphics: GraphicsChoice(mode: mode))
            let background = F.background(Self.size)
            var shown = background
            let payload = ScreenPicture.Payload(encoding: mode == .sixel ? .sixel : .png, bytes: Self.sixel, id: 1)
            shown.place(ScreenPicture(top: 4, left: 4, columns: 30, rows: 2, payload: payload))
            _ = pty.draw(background)
            #expect(text(pty.draw(shown)).contains("\u{1B}[5;5H"))
            let gone = text(pty.draw(background))
            #expect(gone.contains(F.titles[2]), "row 4 not repainted: \(gone.debugDescription)")
            #expect(gone.contains(F.titles[3]), "row 5 not repainted")
            #expect(!gone.contains(F.titles[4]), "only the picture's rows are repainted")
        }

        @Test func iTerm2GetsAnInlineFileOfTheCells() {
            let pty = PseudoTerminal(
                size: Self.size, environment: ["TERM": "xterm-256color"], graphics: GraphicsChoice(mode: .iterm))
            _ = pty.draw(F.background(Self.size))
            let first = text(pty.draw(modal(payload: ScreenPicture.Payload(encoding: .png, bytes: Self.png, id: 3))))
            #expect(
                first.contains(
                    "\u{1B}]1337;File=inline=1;size=\(Self.png.count);width=10;height=3;preserveAspectRatio=0:iVBORw"))
            #expect(first.contains("\u{07}\u{1B}8"))
        }

        @Test func underTmuxEveryPictureSequenceGoesThroughThePassthrough() {
            let pty = PseudoTerminal(
                size: Self.size, environment: ["TERM": "xterm-256color"],
                graphics: GraphicsChoice(mode: .kitty, passthrough: true))
            _ = pty.draw(F.background(Self.size))
            let first = text(pty.draw(modal(payload: ScreenPicture.Payload(encoding: .png, bytes: Self.png, id: 5))))
            #expect(first.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t,f=100,t=d,i=5,q=2,m=1;"))
            #expect(first.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=p,i=5,p=1,c=10,r=3,C=1,q=2\u{1B}\u{1B}\\\u{1B}\\"))
            #expect(!first.contains("H\u{1B}_G"))
        }

        @Test func symbolsSendNoPictureSequenceEvenForAPictureInPixels() {
            let pty = PseudoTerminal(size: Self.size, environment: ["TERM": "xterm-256color"])
            _ = pty.draw(F.background(Self.size))
            let shown = text(pty.draw(modal(payload: ScreenPicture.Payload(encoding: .png, bytes: Self.png, id: 5))))
            #expect(!shown.contains("\u{1B}_G") && !shown.contains("1337;File") && !shown.contains("\u{1B}P"))
        }

        @Test func aResizeOrAPanelOverThePictureTakesItAway() {
            let pty = PseudoTerminal(
                size: Self.size, environment: ["TERM": "xterm-256color"], graphics: GraphicsChoice(mode: .kitty))
            let shown = modal(payload: ScreenPicture.Payload(encoding: .png, bytes: Self.png, id: 77))
            _ = pty.draw(shown)
            var covered = shown
            covered.panel(top: 0, left: 0, width: 120, height: 40, role: .overlay, border: .overlayBorder)
            #expect(covered.pictures.isEmpty)
            #expect(text(pty.draw(covered)).contains("\u{1B}_Ga=d,d=i,i=77"))
        }
    }
}
