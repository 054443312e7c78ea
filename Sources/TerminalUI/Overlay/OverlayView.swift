import InAppEngine
import InboxCore

/// Draws an in-app message over the reader (issue 6 point 1). Pure: the same `Overlay` on the
/// same screen always gives the same cells and hit map, so every overlay is a golden screen.
///
/// A slide-up spans the width at the top or bottom; a modal is a centred card over the dimmed
/// screen; a full screen covers everything (CLI.md). Each is one panel of the `Screen`, so the
/// curses backend shows it as an ncurses panel of its own.
public enum OverlayView {
    /// The close glyph where the terminal has it.
    public static let defaultCloseGlyph = "✕"
    /// What a picture is with `screenReader` when the campaign gives it no alt text (TERMINAL §3).
    public static let imageWords = "[image]"

    /// Draws `overlay` onto `screen` as a panel (after dimming the screen, for a modal) and
    /// returns where its parts landed. A message this version cannot draw (`unsupported`, or a
    /// campaign without a message) draws nothing and hits nothing.
    @discardableResult
    public static func draw(_ overlay: Overlay, on screen: inout Screen) -> OverlayHitMap {
        let size = Size(columns: screen.width, rows: screen.height)
        // TERMINAL §3: with ASCII frames (`screenReader`) a picture is its placeholder, `[image]`.
        var overlay = overlay
        if screen.drawsASCIILines { overlay = overlay.inWords }
        guard let message = overlay.presentation.campaign.message,
            let layout = OverlayLayout(
                message: message, content: content(overlay.presentation, message), screen: size,
                image: .init(overlay.image), icon: .init(overlay.icon))
        else { return OverlayHitMap() }
        let pens = OverlayPens(style: message.style)
        let progress = min(1, max(0, overlay.entrance.isNaN ? 1 : overlay.entrance))
        if layout.shape == .modal {
            // A picture of the screen behind would stand bright over the scrim (kitty's float
            // above their cells): the modal takes them away.
            screen.removePictures()
            let card = ScreenRect(top: layout.top, left: layout.left, width: layout.width, height: layout.height)
            OverlayScrim.fade(&screen, around: card, colour: message.style.frameColor)
        }
        if case .slideUp(let position) = layout.shape {
            guard progress > 0 else { return OverlayHitMap() }
            // Slides in from its edge: the card's side that faces the middle of the screen shows first.
            let visible = min(layout.height, max(1, Int((Double(layout.height) * progress).rounded(.up))))
            let firstRow = position == .bottom ? 0 : layout.height - visible
            // A bottom one ends above the status line (`OverlayLayout`).
            let top = position == .bottom ? layout.top + layout.height - visible : 0
            let card = drawCard(layout, overlay: overlay, pens: pens, bidi: screen.bidi, ascii: screen.drawsASCIILines)
            // TERMINAL §3: a slide-up does not take focus; the cursor stays where it was, until Tab
            // puts the focus on one of its buttons (on the slide-up itself when it has none).
            let hits = paste(
                card, rows: firstRow..<(firstRow + visible), top: top, left: layout.left, layout: layout,
                on: &screen)
            if overlay.selectedButton != nil || overlay.focused {
                focus(hits, layout: layout, selected: overlay.selectedButton, on: &screen)
            }
            return hits
        }
        // A modal or full screen opens from its middle row outward. The rows shown are the final
        // ones in their final places, so each frame sends only the rows it adds: the entrance costs
        // the terminal no more bytes than the card itself (issue 6: <= 2,000 bytes to show a modal).
        let shown = min(layout.height, max(1, Int((Double(layout.height) * progress).rounded())))
        let first = (layout.height - shown) / 2
        let card = drawCard(layout, overlay: overlay, pens: pens, bidi: screen.bidi, ascii: screen.drawsASCIILines)
        let hits = paste(
            card, rows: first..<(first + shown), top: layout.top + first, left: layout.left, layout: layout,
            on: &screen)
        focus(hits, layout: layout, selected: overlay.selectedButton, on: &screen)
        return hits
    }

    /// TERMINAL §3: a modal or full screen takes the cursor: its focused button, else the close
    /// glyph, else the header's first character, else the card's corner.
    private static func focus(_ hits: OverlayHitMap, layout: OverlayLayout, selected: Int?, on screen: inout Screen) {
        guard let card = hits.card else { return }
        if let button = hits.buttons.first(where: { $0.index == selected }) {
            screen.focus(row: button.rect.top, column: button.rect.left)
        } else if let close = hits.close {
            // The glyph stands between two spaces.
            screen.focus(row: close.top, column: close.left + min(1, close.width - 1))
        } else if let header = layout.header.first,
            card.contains(row: layout.top + header.row, column: layout.left + header.column)
        {
            screen.focus(row: layout.top + header.row, column: layout.left + header.column)
        } else {
            screen.focus(row: card.top, column: card.left)
        }
    }

    /// The buttons `overlay` has room for on a screen of `size`, by index, in the order Tab goes
    /// through them: those its card places (`OverlayLayout.placeButtons`).
    public static func reachableButtons(_ overlay: Overlay, in size: Size) -> [Int] {
        guard let message = overlay.presentation.campaign.message,
            let layout = OverlayLayout(
                message: message, content: content(overlay.presentation, message), screen: size,
                image: .init(overlay.image), icon: .init(overlay.icon))
        else { return [] }
        return layout.buttons.map(\.index).sorted()
    }

    /// Whether the message's smallest layout fits a screen of `size` (the host holds it with
    /// `noRoom` otherwise; the engine already does below 40x10).
    public static func fits(_ presentation: Presentation, in size: Size) -> Bool {
        layout(presentation, size)?.fits ?? false
    }

    /// The cell sizes to make the message's image and icon at on a screen of `size`: the room
    /// the layout gives them after the text has what it needs.
    public static func pictureSizes(for presentation: Presentation, in size: Size) -> OverlayPictureSizes {
        guard let layout = layout(presentation, size) else { return OverlayPictureSizes(image: nil, icon: nil) }
        let image = layout.image.map(\.room).flatMap { $0.rows > 0 && $0.columns > 0 ? $0 : nil }
        return OverlayPictureSizes(image: image, icon: layout.icon?.room)
    }

    /// "✕" (U+2715), or "x" on a terminal whose font may lack it: the Linux console, a VT100
    /// or a dumb terminal, and any terminal not in a UTF-8 locale.
    public static func closeGlyph(environment: [String: String]) -> String {
        let term = environment["TERM"] ?? ""
        if term.hasPrefix("linux") || term.hasPrefix("vt") || term == "dumb" { return "x" }
        let locale =
            [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let upper = locale.uppercased()
        return upper.contains("UTF-8") || upper.contains("UTF8") ? defaultCloseGlyph : "x"
    }

    // MARK: layout

    /// The layout for sizing questions: room asked for every picture the message names.
    private static func layout(_ presentation: Presentation, _ size: Size) -> OverlayLayout? {
        guard let message = presentation.campaign.message else { return nil }
        return OverlayLayout(
            message: message, content: content(presentation, message), screen: size,
            image: message.imageURL == nil ? .none : .wanted, icon: message.iconURL == nil ? .none : .wanted)
    }

    /// The texts, the buttons in their order (a right-to-left card reverses each row of them as it
    /// lays them out, BEHAVIOR B.17). Header and
    /// body align as the style says, else centred on a modal or full screen and leading on a
    /// slide-up.
    /// Every campaign text passes the one sanitizer here, before it is measured or drawn.
    static func content(_ presentation: Presentation, _ message: InAppMessage) -> OverlayLayout.Content {
        let buttons = presentation.buttons.enumerated().map {
            (index: $0.offset, id: $0.element.id, text: TerminalText.sanitize($0.element.text))
        }
        let fallback: MessageStyle.Alignment = message.kind == .slideup ? .leading : .center
        return OverlayLayout.Content(
            header: TerminalText.sanitize(presentation.header ?? ""),
            body: TerminalText.sanitize(presentation.body ?? "", keepingNewlines: true), buttons: buttons,
            isRightToLeft: presentation.isRightToLeft, headerAlignment: message.style.headerAlignment ?? fallback,
            bodyAlignment: message.style.bodyAlignment ?? fallback, showsClose: message.showCloseButton)
    }

    // MARK: drawing

    /// The file name a placeholder shows (TERMINAL §2), cut to its inner width; none in a frame
    /// too narrow to say anything of it.
    static func placeholderLabel(_ slot: OverlayLayout.PictureSlot) -> String? {
        guard let name = slot.label, !name.isEmpty, slot.rect.width - 2 >= 4 else { return nil }
        return TerminalText.truncate(name, toWidth: slot.rect.width - 2)
    }

    /// The whole card, in a screen of its own size.
    static func drawCard(
        _ layout: OverlayLayout, overlay: Overlay, pens: OverlayPens, bidi: BidiMode, ascii: Bool = false
    ) -> Screen {
        var card = Screen(width: layout.width, height: layout.height, bidi: bidi)
        card.drawsASCIILines = ascii
        pens.frame(ScreenRect(top: 0, left: 0, width: layout.width, height: layout.height), on: &card)
        for slot in [layout.image, layout.icon].compactMap({ $0 }) {
            pens.draw(slot, on: &card, alt: ascii ? OverlayView.imageWords : placeholderLabel(slot))
        }
        for line in layout.header {
            card.put(
                line.text, row: line.row, column: line.column, limit: line.width, role: .heading,
                foreground: pens.header, background: pens.background, direction: line.direction)
        }
        for line in layout.body {
            card.put(
                line.text, row: line.row, column: line.column, limit: line.width, role: .overlay,
                foreground: pens.text, background: pens.background, direction: line.direction)
        }
        let buttons = overlay.presentation.buttons
        for slot in layout.buttons where slot.index < buttons.count {
            let selected = slot.index == overlay.selectedButton
            let colours = pens.button(buttons[slot.index])
            card.put(
                selected && !ascii ? OverlayPens.selectedLabel(slot.label) : slot.label, row: slot.rect.top,
                column: slot.rect.left, limit: slot.rect.width, role: selected ? .buttonSelected : .button,
                foreground: colours.foreground, background: colours.background, direction: .leftToRight)
        }
        if let close = layout.close {
            card.put(
                " " + overlay.closeGlyph + " ", row: close.top, column: close.left, limit: close.width,
                role: pens.closeRole, foreground: pens.close, background: pens.background)
        }
        // Buttons the card has no room for cannot be reached: the frame says how many, so the
        // user knows a larger terminal shows them.
        let hidden = buttons.count - layout.buttons.count
        if hidden > 0, !layout.buttons.isEmpty {
            let note = " +\(hidden) more button\(hidden == 1 ? "" : "s") with more room "
            if TerminalText.width(note) <= layout.width - 4 {
                card.put(note, row: layout.height - 1, column: 2, role: .overlayBorder, foreground: pens.close)
            }
        }
        return card
    }

    /// Copies `rows` of the card onto the screen at (`top`, `left`) as a new panel, and maps
    /// the layout's places to the screen, keeping only what shows.
    private static func paste(
        _ card: Screen, rows: Range<Int>, top: Int, left: Int, layout: OverlayLayout, on screen: inout Screen
    ) -> OverlayHitMap {
        guard let panel = screen.openPanel(top: top, left: left, width: card.width, height: rows.count) else {
            return OverlayHitMap()
        }
        let rowShift = panel.top - top + rows.lowerBound
        let columnShift = panel.left - left
        for y in 0..<panel.height {
            for x in 0..<panel.width {
                screen[panel.top + y, panel.left + x] = card[rowShift + y, columnShift + x]
            }
        }
        let visible = ScreenRect(top: panel.top, left: panel.left, width: panel.width, height: panel.height)
        // A picture shows only once its rows are all out (an entrance shows its blanks first).
        for picture in card.pictures {
            let placed = picture.offset(rows: top - rows.lowerBound, columns: left)
            if placed.isInside(top: visible.top, left: visible.left, width: visible.width, height: visible.height) {
                screen.place(placed)
            }
        }
        func onScreen(_ rect: ScreenRect) -> ScreenRect? {
            rect.offset(rows: top - rows.lowerBound, columns: left).clipped(to: visible)
        }
        let buttons = layout.buttons.compactMap { slot in
            onScreen(slot.rect).map { OverlayHitMap.Button(id: slot.id, index: slot.index, rect: $0) }
        }
        return OverlayHitMap(card: visible, close: layout.close.flatMap(onScreen), buttons: buttons)
    }
}
