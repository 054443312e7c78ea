import InAppEngine
import InboxCore
import TerminalUI
import Testing

/// Golden screens of the in-app overlays over a reader-like list (issue 6 point 8).
@Suite struct OverlayScreenTests {
    typealias F = OverlayFixtures

    static let small = Size(columns: 80, rows: 24)
    static let large = Size(columns: 200, rows: 50)

    func render(
        _ message: InAppMessage, size: Size = small, selected: Int? = nil, entrance: Double = 1,
        image: OverlayArtwork = .none, icon: OverlayArtwork = .none, rightToLeft: Bool = false,
        bidi: BidiMode = .app
    ) -> (Screen, OverlayHitMap) {
        var screen = F.background(size)
        screen.bidi = bidi
        let overlay = Overlay(
            presentation: F.presentation(message, language: rightToLeft ? "ar" : "en", rightToLeft: rightToLeft),
            selectedButton: selected, entrance: entrance, image: image, icon: icon)
        let hits = OverlayView.draw(overlay, on: &screen)
        return (screen, hits)
    }

    @Test(arguments: [small, large])
    func modalWithThreeButtonsAndTheSecondSelected(size: Size) {
        let (screen, _) = render(F.welcome(), size: size, selected: 1)
        assertSnapshot(screen, named: "overlay-modal-\(size.columns)x\(size.rows)")
    }

    @Test(arguments: [small, large])
    func slideUpAtTheBottom(size: Size) {
        let (screen, _) = render(F.slideUp(.bottom), size: size, icon: .picture(F.picture(columns: 4, rows: 2)))
        assertSnapshot(screen, named: "overlay-slideup-bottom-\(size.columns)x\(size.rows)")
    }

    @Test func slideUpAtTheTop() {
        let (screen, _) = render(F.slideUp(.top), icon: .picture(F.picture(columns: 4, rows: 2)))
        assertSnapshot(screen, named: "overlay-slideup-top-80x24")
    }

    @Test(arguments: [small, large])
    func fullScreenCoversEverything(size: Size) {
        let (screen, _) = render(F.fullScreen, size: size, selected: 0)
        assertSnapshot(screen, named: "overlay-fullscreen-\(size.columns)x\(size.rows)")
    }

    @Test(arguments: [BidiMode.app, .terminal])
    func rightToLeftMirrorsAlignmentCloseGlyphAndButtons(bidi: BidiMode) {
        let (screen, hits) = render(F.arabic, selected: 0, rightToLeft: true, bidi: bidi)
        assertSnapshot(screen, named: "overlay-modal-rtl-\(bidi)-80x24")
        // The layout is the same in both: only the order of the letters inside each line differs.
        let (terminal, terminalHits) = render(F.arabic, selected: 0, rightToLeft: true, bidi: .terminal)
        #expect(hits == terminalHits)
        #expect(screen.rows.map(TerminalText.width) == terminal.rows.map(TerminalText.width))
    }

    @Test(arguments: [BidiMode.app, .terminal])
    func rightToLeftSlideUpPutsTheIconOnTheRight(bidi: BidiMode) {
        var message = F.slideUp(.bottom)
        message.header = "لا تفوّت أي عرض"
        message.body = "فعّل الإشعارات لتعرف العروض أولاً."
        message.buttons[0].text = "تفعيل"
        let (screen, _) = render(message, icon: .undrawable(), rightToLeft: true, bidi: bidi)
        assertSnapshot(screen, named: "overlay-slideup-rtl-\(bidi)-80x24")
    }

    @Test(arguments: [small, large])
    func modalWithPictureAndIcon(size: Size) {
        let message = F.welcome(image: true, icon: true)
        let presentation = F.presentation(message)
        let sizes = OverlayView.pictureSizes(for: presentation, in: size)
        let room = sizes.image ?? Size(columns: 0, rows: 0)
        // A wide picture keeps its aspect: the full width, fewer rows than the room allows.
        let picture = F.picture(columns: room.columns, rows: max(1, room.rows - 2))
        let (screen, _) = render(
            message, size: size, image: .picture(picture), icon: .picture(F.picture(columns: 4, rows: 2)))
        assertSnapshot(screen, named: "overlay-modal-picture-\(size.columns)x\(size.rows)")
    }

    /// TERMINAL §2: a placeholder names its picture, cut to the frame; an icon's frame is too
    /// small to say anything.
    @Test func modalWithPlaceholdersWhenPicturesCannotBeDrawn() {
        let (screen, _) = render(
            F.welcome(image: true, icon: true), selected: 0,
            image: .undrawable(name: "welcome-hero-winter-2026.png"), icon: .undrawable(name: "bell.png"))
        assertSnapshot(screen, named: "overlay-modal-placeholder-80x24")
        #expect(screen.rows.joined(separator: "\n").contains("│welcome-hero-wint…│"))
        #expect(!screen.rows.joined(separator: "\n").contains("bell"))
    }

    @Test func imageOnlyPictureFillsTheCard() {
        var message = F.welcome(image: true)
        message.layout = .imageOnly
        let room = OverlayView.pictureSizes(for: F.presentation(message), in: Self.small).image!
        let (screen, _) = render(message, image: .picture(F.picture(columns: room.columns, rows: 10)))
        assertSnapshot(screen, named: "overlay-imageonly-80x24")
    }

    @Test func imageOnlyWithoutItsPictureShowsTheTextFramed() {
        var message = F.welcome(image: true)
        message.layout = .imageOnly
        let (screen, _) = render(message, selected: 2, image: .undrawable(name: "welcome.png"))
        assertSnapshot(screen, named: "overlay-imageonly-placeholder-80x24")
        #expect(
            !screen.rows.joined(separator: "\n").contains("welcome.png"), "the frame holds the header and body instead")
    }

    @Test func slideUpWithAThumbnailPicture() {
        var message = F.slideUp(.bottom, icon: false)
        message.imageURL = ArtworkReference("https://cdn.example.com/cart.png", documentBase: nil)
        let room = OverlayView.pictureSizes(for: F.presentation(message), in: Self.small).image!
        let (screen, _) = render(message, image: .picture(F.picture(columns: room.columns, rows: room.rows)))
        assertSnapshot(screen, named: "overlay-slideup-thumbnail-80x24")
    }

    @Test func entranceHalfWay() {
        let (slide, _) = render(F.slideUp(.bottom), entrance: 0.5, icon: .picture(F.picture(columns: 4, rows: 2)))
        assertSnapshot(slide, named: "overlay-slideup-entrance-half-80x24")
        let (modal, _) = render(F.welcome(), entrance: 0.5)
        assertSnapshot(modal, named: "overlay-modal-entrance-half-80x24")
    }
}
