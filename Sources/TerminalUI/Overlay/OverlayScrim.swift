import InAppEngine
import InboxCore

/// The shade beneath a modal card: TERMINAL §4, the whole screen behind it is dimmed, in every
/// colour mode, and showing or closing the modal costs no more bytes than one full repaint of
/// that screen.
///
/// A terminal has no way to fade a region: every faded character is sent again with the dim
/// attribute, and sent again when the modal closes. So every character outside the card is
/// faded, with the short gaps between words; longer runs of blanks are left alone (a faded space
/// looks like any space, and curses jumps over cells that did not change). The backend draws all
/// faded text on one background in one look, so a faded row costs about what its own paint
/// costs; the card stands where the screen's text stood, so the two together cost no more than
/// one repaint (OverlayCursesTests, and `make bench`: Benchmarks/overlay.sh).
///
/// Where the terminal has no dim attribute (vt100, the Linux console) the backend leaves the
/// screen behind as it is and draws the card in reverse video (`Screen.modalCard`).
enum OverlayScrim {
    /// Fades every character outside `card`, and the short gaps between them, and notes the card
    /// and the scrim colour. Line glyphs stay: they say nothing, and fading a rule resends three
    /// bytes per cell. The status line stays too: it speaks for the modal (TERMINAL §3, "the
    /// status line names it").
    static func fade(_ screen: inout Screen, around card: ScreenRect, colour: RGBColour?) {
        screen.scrim = colour
        screen.modalCard = card
        for row in 0..<max(0, screen.height - 1) {
            var gap: [Int] = []
            var afterText = false
            for column in 0..<screen.width {
                let cell = screen[row, column]
                let fadable = !card.contains(row: row, column: column) && cell.line == nil
                if fadable, cell.isBlank {
                    gap.append(column)
                    continue
                }
                if fadable {
                    // A gap between two faded characters fades with them when it is short:
                    // it is cheaper to send again than to jump over.
                    if afterText, gap.count <= gapLimit { for blank in gap { screen[row, blank].isDimmed = true } }
                    screen[row, column].isDimmed = true
                }
                afterText = fadable
                gap = []
            }
        }
    }

    /// The longest run of blanks between two faded characters that fades with them: up to what
    /// a cursor jump over them costs (`CSI n G` is 4-6 bytes, `CSI r;c H` 6-8), sending them is
    /// no dearer, and an unfaded gap between faded text costs two attribute changes besides.
    static let gapLimit = 6
}
