import InAppEngine
import TerminalUI
import Testing

/// The overlay's hit map, colours, scrim, sizes and entrance, checked on the cells it draws.
@Suite struct OverlayViewTests {
    typealias F = OverlayFixtures
    static let size = Size(columns: 80, rows: 24)

    func draw(
        _ message: InAppMessage, size: Size = size, selected: Int? = nil, entrance: Double = 1,
        image: OverlayArtwork = .none, icon: OverlayArtwork = .none, rightToLeft: Bool = false,
        background: Screen? = nil
    ) -> (Screen, OverlayHitMap) {
        var screen = background ?? F.background(size)
        let overlay = Overlay(
            presentation: F.presentation(message, rightToLeft: rightToLeft), selectedButton: selected,
            entrance: entrance, image: image, icon: icon)
        let hits = OverlayView.draw(overlay, on: &screen)
        return (screen, hits)
    }

    /// The text of the cells in `rect`.
    func text(_ screen: Screen, _ rect: ScreenRect) -> String {
        var text = ""
        for column in rect.left..<(rect.left + rect.width) where !screen[rect.top, column].isContinuation {
            text += screen[rect.top, column].text
        }
        return text
    }

    // MARK: hit map

    @Test func buttonRectanglesLandOnTheDrawnButtons() {
        let message = F.welcome()
        let (screen, hits) = draw(message, selected: 1)
        #expect(hits.buttons.map(\.id) == ["open-inbox", "read-note", "not-now"])
        for button in hits.buttons {
            let label = message.buttons[button.index].text
            let expected = button.index == 1 ? "▶ \(label) ◀" : "[ \(label) ]"
            #expect(text(screen, button.rect) == expected)
            #expect(
                hits.target(row: button.rect.top, column: button.rect.left)
                    == .button(id: button.id, index: button.index))
        }
    }

    @Test func rightToLeftReversesTheButtonsAndPutsTheCloseGlyphOnTheLeft() {
        let (screen, hits) = draw(F.arabic, rightToLeft: true)
        let card = try! #require(hits.card)
        // Drawn left to right: the last button first.
        #expect(hits.buttons.map(\.index) == [1, 0])
        #expect(hits.buttons[0].rect.left < hits.buttons[1].rect.left)
        let close = try! #require(hits.close)
        #expect(close.left == card.left + 1)
        #expect(text(screen, close) == " ✕ ")
        // Leading is the right edge: the header ends two cells before the border.
        let headerRow = card.top + 2
        #expect(screen[headerRow, card.left + card.width - 3].text != " ")
        #expect(screen[headerRow, card.left + 2].text == " ")
        let (ltr, ltrHits) = draw(F.welcome())
        let ltrCard = try! #require(ltrHits.card)
        #expect(ltrHits.close?.left == ltrCard.left + ltrCard.width - 4)
        #expect(text(ltr, ltrHits.close!) == " ✕ ")
    }

    @Test func clicksFindTheCloseGlyphTheSurfaceAndTheOutside() {
        let (_, hits) = draw(F.welcome())
        let card = try! #require(hits.card)
        let close = try! #require(hits.close)
        #expect(hits.target(row: close.top, column: close.left + 1) == .close)
        #expect(hits.target(row: card.top + 1, column: card.left + 1) == .surface)
        #expect(hits.target(row: 0, column: 0) == .outside)
        #expect(hits.target(row: card.top, column: card.left - 1) == .outside)
    }

    @Test func withoutACloseButtonThereIsNoGlyph() {
        var message = F.welcome()
        message.showCloseButton = false
        let (screen, hits) = draw(message)
        #expect(hits.close == nil)
        #expect(!screen.rows.joined().contains("✕"))
    }

    @Test func aSlideUpHalfWayInShowsItsTopRowsAtTheBottomEdgeAndHitsOnlyThem() {
        let (_, full) = draw(F.slideUp(.bottom), icon: .undrawable())
        let (screen, half) = draw(F.slideUp(.bottom), entrance: 0.5, icon: .undrawable())
        let card = try! #require(full.card)
        let visible = try! #require(half.card)
        #expect(visible.height == (card.height + 1) / 2)
        // Above the status line, which says what appeared (TERMINAL §3).
        #expect(visible.top + visible.height == Self.size.rows - 1)
        #expect(card.top + card.height == Self.size.rows - 1)
        // Its first row is the card's border, its button is still off screen.
        #expect(screen[visible.top, 0].line == .topLeft)
        #expect(half.buttons.isEmpty && !full.buttons.isEmpty)
        let (_, none) = draw(F.slideUp(.top), entrance: 0)
        #expect(none.card == nil)
    }

    @Test func aModalOpensFromItsMiddleRow() {
        let (_, final) = draw(F.welcome())
        let (_, start) = draw(F.welcome(), entrance: 0)
        let card = try! #require(final.card)
        let opening = try! #require(start.card)
        #expect(opening.height == 1)
        #expect(opening.top == card.top + (card.height - 1) / 2)
    }

    @Test func aSlideUpAtTheTopSlidesDownFromTheTopEdge() {
        let (screen, hits) = draw(F.slideUp(.top), entrance: 0.4, icon: .undrawable())
        let visible = try! #require(hits.card)
        #expect(visible.top == 0)
        #expect(screen[visible.height - 1, 0].line == .bottomLeft)
    }

    // MARK: colours

    @Test func theStyleColoursTheCard() {
        let message = F.welcome()
        let (screen, hits) = draw(message, selected: 1)
        let card = try! #require(hits.card)
        let style = message.style
        let header = screen.rows[card.top + 2].firstRange(of: "Welcome")!
        let column = screen.rows[card.top + 2].distance(
            from: screen.rows[card.top + 2].startIndex, to: header.lowerBound)
        let cell = screen[card.top + 2, column]
        #expect(
            cell.role == .heading && cell.foreground == style.headerColor && cell.background == style.backgroundColor)
        #expect(screen[card.top + 1, card.left + 3].background == style.backgroundColor)
        #expect(screen[card.top, card.left].foreground == style.borderColor)
        let close = try! #require(hits.close)
        #expect(screen[close.top, close.left + 1].foreground == style.closeButtonColor)
        let first = hits.buttons[0].rect
        #expect(screen[first.top, first.left].background == message.buttons[0].backgroundColor)
        #expect(screen[first.top, first.left].foreground == message.buttons[0].textColor)
        let selected = hits.buttons[1].rect
        #expect(screen[selected.top, selected.left].role == .buttonSelected)
        #expect(screen[hits.buttons[2].rect.top, hits.buttons[2].rect.left].role == .button)
    }

    @Test func withoutStyleColoursTheThemeRolesDraw() {
        let (screen, hits) = draw(F.fullScreen)
        let card = try! #require(hits.card)
        let cells = (0..<card.height).flatMap { screen.row(card.top + $0) }
        #expect(cells.allSatisfy { $0.foreground == nil && $0.background == nil })
        #expect(screen[0, 0].role == .overlayBorder)
        #expect(cells.contains { $0.role == .heading })
    }

    @Test func aBackgroundWithoutATextColourGetsTextThatContrasts() {
        var message = F.fullScreen
        message.style.backgroundColor = F.colour("#101010")
        let (screen, _) = draw(message)
        let body = screen.rows.firstIndex { $0.contains("New maps") }!
        let column = screen.rows[body].distance(
            from: screen.rows[body].startIndex, to: screen.rows[body].firstRange(of: "New")!.lowerBound)
        #expect(screen[body, column].foreground == F.colour("#FFFFFF"))
    }

    @Test func pictureCellsKeepTheirColours() {
        let picture = F.picture(columns: 8, rows: 4)
        var message = F.slideUp(.bottom, icon: false)
        message.imageURL = ArtworkReference("https://cdn.example.com/cart.png", documentBase: nil)
        let (screen, hits) = draw(message, image: .picture(picture))
        let card = try! #require(hits.card)
        #expect(
            screen[card.top + 1, 2]
                == Cell(
                    "▀", role: .overlay, foreground: picture[0, 0].foreground,
                    background: picture[0, 0].background))
    }

    // MARK: scrim

    /// TERMINAL §4: the scrim dims the whole screen behind the card, secondary columns too; the
    /// card, lines and the status line (which names the modal) stay as they are.
    @Test func aModalDimsEveryCharacterAroundItAndLeavesTheCardAlone() {
        let (screen, hits) = draw(F.welcome())
        let card = try! #require(hits.card)
        for row in 0..<screen.height {
            for column in 0..<screen.width {
                let cell = screen[row, column]
                let inside = card.contains(row: row, column: column)
                if inside || cell.line != nil || row == screen.height - 1 {
                    #expect(!cell.isDimmed, "(\(row), \(column))")
                } else if !cell.isBlank {
                    #expect(cell.isDimmed, "(\(row), \(column)) \(cell)")
                }
            }
        }
        // Spaces between words fade with them; the long runs of blanks and the row's edges stay.
        let title = screen.rows[card.top + 1]
        let space = try! #require(title.firstIndex(of: " ", after: 5))
        #expect(screen[card.top + 1, space].isDimmed)
        #expect(!screen[card.top + 1, 0].isDimmed && !screen[card.top + 1, screen.width - 1].isDimmed)
        #expect(screen.scrim == F.welcome().style.frameColor)
        #expect(screen.modalCard == card)
        #expect(screen[card.top + 1, 4].isDimmed)
    }

    @Test func aScreenWithLittleTextIsDimmedWhole() {
        var background = Screen(width: 80, height: 24)
        background.put("All 2  Unread 1", row: 0, column: 1, role: .tab)
        background.put("A short title", row: 2, column: 4, role: .row)
        background.put("Another one", row: 22, column: 4, role: .rowUnread)
        let (screen, _) = draw(F.welcome(), background: background)
        #expect(screen[0, 1].isDimmed && screen[2, 4].isDimmed && screen[22, 4].isDimmed)
    }

    @Test func aFullListAtTheBenchmarkSizeIsDimmedWhole() {
        let size = Size(columns: 120, rows: 40)
        let (screen, hits) = draw(F.welcome(), size: size)
        let card = try! #require(hits.card)
        #expect(screen[card.top + card.height / 2, 4].isDimmed)
        #expect(screen[0, 1].isDimmed && screen[2, 4].isDimmed && screen[size.rows - 2, 4].isDimmed)
    }

    @Test func slideUpsAndFullScreensDimNothing() {
        for message in [F.slideUp(.bottom), F.fullScreen] {
            let (screen, _) = draw(message)
            #expect(!screen.cells.contains { $0.isDimmed })
        }
    }

    // MARK: sizes

    @Test func fitsIsFalseWhenTheSmallestLayoutDoesNot() {
        let welcome = F.presentation(F.welcome())
        #expect(OverlayView.fits(welcome, in: Size(columns: 40, rows: 10)))
        #expect(!OverlayView.fits(welcome, in: Size(columns: 34, rows: 24)))
        #expect(!OverlayView.fits(welcome, in: Size(columns: 80, rows: 6)))
        var crowded = F.welcome()
        crowded.buttons = (1...8).map { MessageButton(id: "b\($0)", text: "Button number \($0)") }
        #expect(!OverlayView.fits(F.presentation(crowded), in: Size(columns: 40, rows: 10)))
        #expect(OverlayView.fits(F.presentation(crowded), in: Size(columns: 80, rows: 24)))
        #expect(OverlayView.fits(F.presentation(F.slideUp(.bottom)), in: Size(columns: 40, rows: 10)))
        #expect(OverlayView.fits(F.presentation(F.fullScreen), in: Size(columns: 40, rows: 10)))
        var unsupported = F.welcome()
        unsupported.kind = .unsupported("banner")
        #expect(!OverlayView.fits(F.presentation(unsupported), in: Size(columns: 80, rows: 24)))
    }

    @Test func pictureSizesAreTheRoomTheLayoutGives() {
        let modal = OverlayView.pictureSizes(for: F.presentation(F.welcome(image: true, icon: true)), in: Self.size)
        #expect(modal.image?.columns == 44)
        #expect((modal.image?.rows ?? 0) >= 4)
        #expect(modal.icon == Size(columns: 4, rows: 2))
        let none = OverlayView.pictureSizes(for: F.presentation(F.welcome()), in: Self.size)
        #expect(none.image == nil && none.icon == nil)
        var imageOnly = F.welcome(image: true, icon: true)
        imageOnly.layout = .imageOnly
        let filled = OverlayView.pictureSizes(for: F.presentation(imageOnly), in: Self.size)
        #expect(filled.image?.columns == 46 && filled.icon == nil)
        let wide = OverlayView.pictureSizes(
            for: F.presentation(F.welcome(image: true)), in: Size(columns: 200, rows: 50))
        #expect(wide.image?.columns == 68)
    }

    @Test func aPictureDrawnAtTheSizeAskedForFitsTheCard() {
        for size in [Self.size, Size(columns: 200, rows: 50), Size(columns: 40, rows: 10)] {
            let presentation = F.presentation(F.welcome(image: true, icon: true))
            guard let room = OverlayView.pictureSizes(for: presentation, in: size).image else {
                #expect(size.rows <= 10, "no room for the picture at \(size)")
                continue
            }
            let (_, hits) = draw(
                F.welcome(image: true, icon: true), size: size,
                image: .picture(F.picture(columns: room.columns, rows: room.rows)),
                icon: .picture(F.picture(columns: 4, rows: 2)))
            let card = try! #require(hits.card)
            #expect(card.top >= 0 && card.top + card.height <= size.rows, "\(size)")
            // Every button inside the frame; all three where the message fits (40x10 is too small:
            // the host holds it back there, and its third row of buttons fell on the bottom border).
            for button in hits.buttons {
                #expect(button.rect.top > card.top && button.rect.top < card.top + card.height - 1, "\(size)")
            }
            if OverlayView.fits(presentation, in: size) { #expect(hits.buttons.count == 3, "\(size)") }
        }
    }

    @Test func closeGlyphFallsBackToASCIIWhereTheTerminalMayLackIt() {
        #expect(OverlayView.closeGlyph(environment: ["TERM": "xterm-256color", "LANG": "en_US.UTF-8"]) == "✕")
        #expect(OverlayView.closeGlyph(environment: ["TERM": "tmux-256color", "LC_ALL": "C.UTF-8"]) == "✕")
        #expect(OverlayView.closeGlyph(environment: ["TERM": "linux", "LANG": "en_US.UTF-8"]) == "x")
        #expect(OverlayView.closeGlyph(environment: ["TERM": "vt100", "LANG": "en_US.UTF-8"]) == "x")
        #expect(OverlayView.closeGlyph(environment: ["TERM": "xterm", "LANG": "C"]) == "x")
    }

    @Test func anUnsupportedMessageDrawsNothing() {
        var message = F.welcome()
        message.kind = .unsupported("banner")
        let background = F.background(Self.size)
        let (screen, hits) = draw(message, background: background)
        #expect(screen == background)
        #expect(hits == OverlayHitMap())
    }

    // MARK: terminal

    @Test func theMemoryTerminalKeepsTheOverlayAsAPanelWithWhatItCovers() {
        let terminal = MemoryTerminal(size: Self.size)
        let background = F.background(Self.size)
        let (screen, hits) = draw(F.welcome(), background: background)
        terminal.draw(screen)
        let drawn = try! #require(terminal.screen)
        let card = try! #require(hits.card)
        #expect(drawn.panels.count == 1)
        let panel = drawn.panels[0]
        #expect((panel.top, panel.left, panel.width, panel.height) == (card.top, card.left, card.width, card.height))
        // Beneath the panel lies the (faded) list; in it, the card.
        #expect(drawn.baseRow(card.top + 1).map(\.text).joined().hasPrefix(background.rows[card.top + 1].prefix(10)))
        #expect(drawn.panelRow(panel, 0).first?.line == .topLeft)
    }
}

extension String {
    /// The column of the first `character` at or after `column` (ASCII text: columns are characters).
    fileprivate func firstIndex(of character: Character, after column: Int) -> Int? {
        dropFirst(column).firstIndex(of: character).map { distance(from: startIndex, to: $0) }
    }
}

/// Buttons a card has no room for cannot be reached: its frame says how many there are.
@Suite struct HiddenButtonsTests {
    @Test func theFrameCountsTheButtonsThatDoNotFit() throws {
        var message = OverlayFixtures.welcome()
        message.buttons = (1...10).map { MessageButton(id: "b\($0)", text: "Button number \($0)") }
        var screen = OverlayFixtures.background(Size(columns: 40, rows: 12))
        let hits = OverlayView.draw(Overlay(presentation: OverlayFixtures.presentation(message)), on: &screen)
        let drawn = hits.buttons.count
        try #require(drawn > 0 && drawn < 10)
        let hidden = 10 - drawn
        #expect(screen.rows.contains { $0.contains("+\(hidden) more buttons with more room") }, "\(screen.rows)")
        var roomy = OverlayFixtures.background(Size(columns: 120, rows: 50))
        OverlayView.draw(Overlay(presentation: OverlayFixtures.presentation(message)), on: &roomy)
        #expect(!roomy.rows.contains { $0.contains("more button") })
    }
}
