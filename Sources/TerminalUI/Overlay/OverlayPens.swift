import InAppEngine
import InboxCore

/// The campaign's colours for each part of an overlay (PROTOCOL 2.1 `style` and button styles).
/// A colour the campaign leaves out is nil and the cell keeps its role's theme colour, except
/// where that could be unreadable: text on a campaign background it does not colour is black or
/// white, whichever contrasts with it.
struct OverlayPens {
    let background: RGBColour?
    let text: RGBColour?
    let header: RGBColour?
    let border: RGBColour?
    let close: RGBColour?
    /// The theme's bold border role, or the card's own when the campaign colours the border:
    /// then the border differs from the inside by its colour alone, which costs the terminal a
    /// colour change per border cell run instead of an attribute reset and every colour again.
    let borderRole: CellRole
    let closeRole: CellRole

    init(style: MessageStyle) {
        background = style.backgroundColor
        text = style.textColor ?? style.backgroundColor.map(CampaignPalette.contrasting)
        header = style.headerColor ?? text
        border = style.borderColor
        close = style.closeButtonColor ?? style.borderColor ?? text
        borderRole = border == nil ? .overlayBorder : .overlay
        closeRole = close == nil ? .overlayBorder : .overlay
    }

    /// A button's colours. The selection does not change them (a button that swapped its colours
    /// would look like plain text on a card of the same colour); it shows as `▶ label ◀` in the
    /// selected role, which is bold everywhere and reversed without colour.
    func button(_ button: MessageButton) -> (foreground: RGBColour?, background: RGBColour?) {
        let background = button.backgroundColor
        return (button.textColor ?? background.map(CampaignPalette.contrasting), background)
    }

    /// `[ label ]` as the selected button: `▶ label ◀`, the same width, so nothing moves.
    static func selectedLabel(_ label: String) -> String {
        guard label.hasPrefix("[ "), label.hasSuffix(" ]") else { return label }
        return "▶ " + label.dropFirst(2).dropLast(2) + " ◀"
    }

    /// The card's background and border over `rect`.
    func frame(_ rect: ScreenRect, on screen: inout Screen) {
        if rect.width >= 2, rect.height >= 2 {
            screen.box(
                top: rect.top, left: rect.left, width: rect.width, height: rect.height, role: .overlay,
                border: borderRole, foreground: text, background: background, borderColour: border)
        } else {
            for row in rect.top..<(rect.top + rect.height) {
                screen.fill(
                    row: row, column: rect.left, width: rect.width, role: .overlay, foreground: text,
                    background: background)
            }
        }
    }

    /// A picture cell by cell, or a framed placeholder when there is none to draw (for
    /// `imageOnly` the layout puts the campaign's header and body inside it).
    func draw(_ slot: OverlayLayout.PictureSlot, on card: inout Screen) {
        let rect = slot.rect
        guard let picture = slot.picture else {
            frame(rect, on: &card)
            return
        }
        for y in 0..<min(rect.height, picture.rows) {
            for x in 0..<min(rect.width, picture.columns) {
                var cell = picture[y, x]
                if cell.isContinuation || cell.text.isEmpty || TerminalText.width(cell.text) > 1 {
                    cell = Cell(" ", role: cell.role, foreground: cell.foreground, background: cell.background)
                }
                if cell.background == nil { cell.background = background }
                if cell.role == .normal { cell.role = .overlay }
                card[rect.top + y, rect.left + x] = cell
            }
        }
        if let pixels = picture.pixels, picture.columns <= rect.width, picture.rows <= rect.height {
            card.place(
                ScreenPicture(
                    top: rect.top, left: rect.left, columns: picture.columns, rows: picture.rows, payload: pixels))
        }
    }
}
