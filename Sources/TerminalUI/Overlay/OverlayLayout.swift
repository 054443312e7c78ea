import InAppEngine
import InboxCore

/// Where every part of an overlay goes, in the card's own cells (row 0, column 0 is its top
/// left corner), and where the card sits on the screen. Pure: the view draws with it, the hit
/// map comes from it, and `fits` and `pictureSizes` ask it without drawing anything.
///
/// Sizes (issue 6 point 1): a slide-up spans the width, at most a third of the screen high (5
/// rows at least); a modal card is 60% of the width within 36...72 columns, as high as its
/// content and at most the screen less a row above and below; a full screen covers everything,
/// its text in a column of at most 100 cells so lines stay readable on wide terminals. Content
/// that does not fit gives way in this order: the image's room, the body's lines (one stays),
/// the blank rows between parts, the header's second line. If it still does not fit, `fits` is
/// false and the host holds the message (`noRoom`).
struct OverlayLayout: Equatable {
    enum Shape: Equatable {
        case slideUp(InAppMessage.SlidePosition)
        case modal
        case fullScreen
    }

    /// What a picture is at layout time: drawn, undrawable, absent, or room to ask for.
    enum Art: Equatable {
        case none
        case picture(OverlayPicture)
        case undrawable(name: String?)
        case wanted

        init(_ artwork: OverlayArtwork) {
            switch artwork {
            case .none: self = .none
            case .picture(let picture): self = .picture(picture)
            case .undrawable(let name): self = .undrawable(name: name)
            }
        }
    }

    /// One line of text at its place.
    struct Line: Equatable {
        var text: String
        var row: Int
        var column: Int
        /// The cells it may take.
        var width: Int
        /// The direction it is laid out on: its paragraph's, or right to left for the whole
        /// message in a right-to-left language (TERMINAL.md 1, BEHAVIOR B.17).
        var direction: TerminalText.Direction = .leftToRight
    }

    struct ButtonSlot: Equatable {
        var index: Int
        var id: String
        var label: String
        var rect: ScreenRect
    }

    /// A picture's place: the picture, or (without one) a framed placeholder.
    struct PictureSlot: Equatable {
        var rect: ScreenRect
        var picture: OverlayPicture?
        /// The room the layout gave it: what the host should make the picture at.
        var room: Size
        /// What a placeholder says: the picture's file name, when the host gave one.
        var label: String?
    }

    /// The message's text in display order, with its direction and alignments resolved.
    struct Content {
        var header: String
        var body: String
        var buttons: [(index: Int, id: String, text: String)]
        var isRightToLeft: Bool
        var headerAlignment: MessageStyle.Alignment
        var bodyAlignment: MessageStyle.Alignment
        var showsClose: Bool
    }

    var shape: Shape
    var top: Int
    var left: Int
    var width: Int
    var height: Int
    var image: PictureSlot?
    var icon: PictureSlot?
    var header: [Line] = []
    var body: [Line] = []
    var buttons: [ButtonSlot] = []
    var close: ScreenRect?
    var fits: Bool

    /// The icon's room beside the header: square-ish in cells twice as high as wide.
    static let iconSize = Size(columns: 4, rows: 2)
    /// The placeholder where an image could not be drawn (`textWithImage`).
    static let placeholderSize = Size(columns: 20, rows: 3)
    static let minimumTextWidth = 10
    static let minimumModalWidth = 36

    /// Nil for a message this version cannot draw (`unsupported`).
    init?(message: InAppMessage, content: Content, screen: Size, image: Art, icon: Art) {
        switch message.kind {
        case .slideup: shape = .slideUp(message.slidePosition)
        case .modal: shape = .modal
        case .fullscreen: shape = .fullScreen
        case .unsupported: return nil
        }
        (top, left, width, height, fits) = (0, 0, 0, 0, false)
        if message.layout == .imageOnly {
            layOutImageOnly(content, screen: screen, image: image)
        } else if case .slideUp = shape {
            layOutSlideUp(content, screen: screen, image: image, icon: icon)
        } else {
            layOutCard(content, screen: screen, image: image, icon: icon)
        }
        if content.showsClose, width >= 8 {
            close = ScreenRect(top: 0, left: content.isRightToLeft ? 1 : width - 4, width: 3, height: 1)
        }
        switch shape {
        case .modal:
            top = (screen.rows - height) / 2
            left = (screen.columns - width) / 2
        case .fullScreen: break
        // A bottom slide-up stands above the status line, which says what appeared (TERMINAL
        // §3): over it, the announcement could not be seen.
        case .slideUp(let position): top = position == .bottom ? max(0, screen.rows - 1 - height) : 0
        }
    }

    // MARK: shapes

    /// The narrowest card the shape allows: a modal is at least 36 columns wide.
    private var minimumWidth: Int {
        shape == .modal ? Self.minimumModalWidth : 0
    }

    /// The card's width and the most rows it may take.
    private func frame(_ screen: Size) -> (width: Int, maxHeight: Int) {
        switch shape {
        case .modal:
            let share = Int((Double(screen.columns) * 0.6).rounded())
            return (min(screen.columns, min(72, max(36, share))), screen.rows - 2)
        case .fullScreen: return (screen.columns, screen.rows)
        case .slideUp: return (screen.columns, max(5, screen.rows / 3))
        }
    }

    /// Modal and full screen, `textWithImage`: image, icon and header, body, buttons, top down.
    private mutating func layOutCard(_ content: Content, screen: Size, image: Art, icon: Art) {
        let (cardWidth, maxHeight) = frame(screen)
        let isModal = shape == .modal
        let textWidth = isModal ? cardWidth - 4 : min(cardWidth - 4, 100)
        let x0 = (cardWidth - textWidth) / 2
        let iconRoom = icon == .none ? 0 : Self.iconSize.columns + 1
        let headerLines = Self.wrap(content.header, width: textWidth - iconRoom)
        let bodyLines = Self.wrap(content.body, width: textWidth)
        let buttonRows = Self.buttonRows(content.buttons, width: textWidth, rtl: content.isRightToLeft)
        let imageCap = max(0, min(textWidth / 2, screen.rows / 2))
        var imageRows: Int
        switch image {
        case .none: imageRows = 0
        case .picture(let picture): imageRows = min(picture.rows, imageCap)
        case .undrawable: imageRows = Self.placeholderSize.rows
        case .wanted: imageRows = imageCap
        }
        var headerCount = min(2, headerLines.count)
        var bodyCount = bodyLines.count
        var padding = 1
        var gap = 1
        let iconRows = icon == .none ? 0 : Self.iconSize.rows
        func total() -> Int {
            let blocks = [imageRows, max(headerCount, iconRows), bodyCount, buttonRows.count].filter { $0 > 0 }
            return 2 + 2 * padding + blocks.reduce(0, +) + gap * max(0, blocks.count - 1)
        }
        if image == .wanted { imageRows = max(min(imageRows, 2), imageRows - max(0, total() - maxHeight)) }
        bodyCount = max(min(1, bodyCount), bodyCount - max(0, total() - maxHeight))
        if total() > maxHeight { padding = 0 }
        if total() > maxHeight { gap = 0 }
        if total() > maxHeight { headerCount = min(1, headerCount) }
        if case .picture = image { imageRows = max(1, imageRows - max(0, total() - maxHeight)) }
        width = cardWidth
        height = isModal ? min(total(), max(2, maxHeight)) : screen.rows
        fits = total() <= maxHeight && textWidth >= Self.minimumTextWidth && cardWidth >= minimumWidth

        var y = 1 + padding
        if imageRows > 0 {
            placeImage(image, top: y, x0: x0, width: textWidth, rows: imageRows)
            y += imageRows + gap
        }
        let headerBlock = max(headerCount, iconRows)
        if headerBlock > 0 {
            let iconColumn = content.isRightToLeft ? x0 + textWidth - Self.iconSize.columns : x0
            if icon != .none {
                self.icon = Self.slot(
                    icon,
                    rect: ScreenRect(
                        top: y, left: iconColumn, width: Self.iconSize.columns, height: Self.iconSize.rows),
                    room: Self.iconSize)
            }
            let headerX = content.isRightToLeft ? x0 : x0 + iconRoom
            header = Self.place(
                Self.clip(headerLines, to: headerCount, width: textWidth - iconRoom), top: y, x0: headerX,
                width: textWidth - iconRoom, alignment: content.headerAlignment, rtl: content.isRightToLeft)
            y += headerBlock + gap
        }
        if bodyCount > 0 {
            body = Self.place(
                Self.clip(bodyLines, to: bodyCount, width: textWidth), top: y, x0: x0, width: textWidth,
                alignment: content.bodyAlignment, rtl: content.isRightToLeft)
            y += bodyCount + gap
        }
        let buttonsTop = isModal ? y : height - 1 - padding - buttonRows.count
        buttons = Self.placeButtons(buttonRows, top: max(y, buttonsTop), x0: x0, width: textWidth, cardHeight: height)
    }

    /// The image above the text: a picture centred in its room, else a small framed placeholder.
    private mutating func placeImage(_ art: Art, top: Int, x0: Int, width: Int, rows: Int) {
        let room = Size(columns: width, rows: rows)
        switch art {
        case .none: return
        case .picture(let picture):
            let columns = min(picture.columns, width)
            image = PictureSlot(
                rect: ScreenRect(top: top, left: x0 + (width - columns) / 2, width: columns, height: rows),
                picture: picture, room: room)
        case .undrawable(let name):
            let columns = min(width, Self.placeholderSize.columns)
            image = PictureSlot(
                rect: ScreenRect(top: top, left: x0 + (width - columns) / 2, width: columns, height: rows),
                picture: nil, room: room, label: name)
        case .wanted:
            image = PictureSlot(
                rect: ScreenRect(top: top, left: x0, width: width, height: rows), picture: nil, room: room)
        }
    }

    /// A slide-up: the image as a thumbnail on the leading side, then the icon in a column of its
    /// own beside the header and body (so a slide-up with an icon still fits 5 rows), the buttons
    /// below the text.
    private mutating func layOutSlideUp(_ content: Content, screen: Size, image: Art, icon: Art) {
        let (cardWidth, maxHeight) = frame(screen)
        let thumbCap = Size(columns: 2 * min(4, maxHeight - 2), rows: min(4, maxHeight - 2))
        var thumb = Size(columns: 0, rows: 0)
        switch image {
        case .none: break
        case .picture(let picture):
            thumb = Size(columns: min(picture.columns, thumbCap.columns), rows: min(picture.rows, thumbCap.rows))
        case .undrawable, .wanted: thumb = thumbCap
        }
        let thumbRoom = thumb.columns > 0 ? thumb.columns + 2 : 0
        let textWidth = cardWidth - 4 - thumbRoom
        let iconRoom = icon == .none ? 0 : Self.iconSize.columns + 1
        let lineWidth = textWidth - iconRoom
        let headerLines = Self.wrap(content.header, width: lineWidth)
        let bodyLines = Self.wrap(content.body, width: lineWidth)
        let buttonRows = Self.buttonRows(content.buttons, width: textWidth, rtl: content.isRightToLeft)
        let iconRows = icon == .none ? 0 : Self.iconSize.rows
        var headerCount = min(2, headerLines.count)
        var bodyCount = bodyLines.count
        func total() -> Int {
            2 + max(thumb.rows, max(iconRows, headerCount + bodyCount) + buttonRows.count)
        }
        bodyCount = max(min(1, bodyCount), bodyCount - max(0, total() - maxHeight))
        if total() > maxHeight { headerCount = min(1, headerCount) }
        width = cardWidth
        height = min(total(), maxHeight)
        fits = total() <= maxHeight && lineWidth >= Self.minimumTextWidth

        let rtl = content.isRightToLeft
        let x0 = rtl ? 2 : 2 + thumbRoom
        if thumb.columns > 0 {
            let rect = ScreenRect(
                top: 1, left: rtl ? cardWidth - 2 - thumb.columns : 2, width: thumb.columns, height: thumb.rows)
            self.image = Self.slot(image, rect: rect, room: thumbCap)
        }
        if icon != .none {
            let rect = ScreenRect(
                top: 1, left: rtl ? x0 + textWidth - Self.iconSize.columns : x0, width: Self.iconSize.columns,
                height: Self.iconSize.rows)
            self.icon = Self.slot(icon, rect: rect, room: Self.iconSize)
        }
        let textX = rtl ? x0 : x0 + iconRoom
        header = Self.place(
            Self.clip(headerLines, to: headerCount, width: lineWidth), top: 1, x0: textX, width: lineWidth,
            alignment: content.headerAlignment, rtl: rtl)
        body = Self.place(
            Self.clip(bodyLines, to: bodyCount, width: lineWidth), top: 1 + headerCount, x0: textX, width: lineWidth,
            alignment: content.bodyAlignment, rtl: rtl)
        let buttonsTop = 1 + max(iconRows, headerCount + bodyCount)
        buttons = Self.placeButtons(buttonRows, top: buttonsTop, x0: x0, width: textWidth, cardHeight: height)
    }

    /// `imageOnly`: the picture fills the card (buttons below it); without one, a framed
    /// placeholder shows the campaign's header and body instead.
    private mutating func layOutImageOnly(_ content: Content, screen: Size, image: Art) {
        let (cardWidth, maxHeight) = frame(screen)
        let textWidth = cardWidth - 4
        let buttonRows = Self.buttonRows(content.buttons, width: textWidth, rtl: content.isRightToLeft)
        let buttonBlock = buttonRows.isEmpty ? 0 : buttonRows.count + 1
        let room = Size(columns: cardWidth - 2, rows: max(1, maxHeight - 2 - buttonBlock))
        var contentRows: Int
        width = cardWidth
        switch image {
        case .picture(let picture):
            let size = Size(columns: min(picture.columns, room.columns), rows: min(picture.rows, room.rows))
            let rect = ScreenRect(
                top: 1, left: 1 + (room.columns - size.columns) / 2, width: size.columns, height: size.rows)
            self.image = PictureSlot(rect: rect, picture: picture, room: room)
            contentRows = size.rows
        case .wanted:
            self.image = PictureSlot(
                rect: ScreenRect(top: 1, left: 1, width: room.columns, height: room.rows), picture: nil, room: room)
            contentRows = room.rows
        case .none, .undrawable:
            let innerWidth = textWidth - 4
            let headerLines = Self.wrap(content.header, width: innerWidth)
            let bodyLines = Self.wrap(content.body, width: innerWidth)
            let headerCount = min(2, headerLines.count)
            let bodyCount = max(min(1, bodyLines.count), min(bodyLines.count, room.rows - 4 - headerCount))
            let frameRows = 2 + max(1, headerCount + bodyCount)
            let rect = ScreenRect(top: 2, left: 2, width: textWidth, height: frameRows)
            let header = Self.place(
                Self.clip(headerLines, to: headerCount, width: innerWidth), top: 3, x0: 4, width: innerWidth,
                alignment: content.headerAlignment, rtl: content.isRightToLeft)
            self.header = header
            body = Self.place(
                Self.clip(bodyLines, to: bodyCount, width: innerWidth), top: 3 + headerCount, x0: 4,
                width: innerWidth, alignment: content.bodyAlignment, rtl: content.isRightToLeft)
            self.image = PictureSlot(rect: rect, picture: nil, room: room)
            contentRows = frameRows + 2
        }
        let total = 2 + contentRows + buttonBlock
        fits = total <= maxHeight && textWidth >= Self.minimumTextWidth && cardWidth >= minimumWidth
        height = shape == .fullScreen ? screen.rows : min(total, maxHeight)
        let buttonsTop = shape == .fullScreen ? height - 1 - buttonRows.count : 1 + contentRows + 1
        buttons = Self.placeButtons(buttonRows, top: buttonsTop, x0: 2, width: textWidth, cardHeight: height)
    }

    // MARK: pieces

    private static func slot(_ art: Art, rect: ScreenRect, room: Size) -> PictureSlot? {
        switch art {
        case .none: return nil
        case .picture(let picture): return PictureSlot(rect: rect, picture: picture, room: room)
        case .undrawable(let name): return PictureSlot(rect: rect, picture: nil, room: room, label: name)
        case .wanted: return PictureSlot(rect: rect, picture: nil, room: room)
        }
    }

    /// Sanitized text wrapped to `width` cells, each line with its paragraph's direction; none
    /// for empty text.
    static func wrap(_ text: String, width: Int) -> [TerminalText.WrappedLine] {
        text.isEmpty ? [] : TerminalText.wrapParagraphs(text, width: max(1, width))
    }

    /// The first `count` lines; when some are left out, the last one kept ends with "…" (cut in
    /// logical order, so on the left of a right-to-left line once it is laid out).
    static func clip(_ lines: [TerminalText.WrappedLine], to count: Int, width: Int) -> [TerminalText.WrappedLine] {
        guard lines.count > count else { return lines }
        guard count > 0 else { return [] }
        var kept = Array(lines.prefix(count))
        kept[count - 1].text = TerminalText.truncate(kept[count - 1].text + " " + lines[count].text, toWidth: width)
        return kept
    }

    /// Lines from row `top`, each aligned in `width` cells from `x0`. Right to left, leading
    /// is the right edge (BEHAVIOR B.17). The text stays in logical order here: the screen model
    /// lays it out on the line's direction when it is drawn, in exactly the cells measured here.
    static func place(
        _ lines: [TerminalText.WrappedLine], top: Int, x0: Int, width: Int, alignment: MessageStyle.Alignment,
        rtl: Bool
    ) -> [Line] {
        lines.enumerated().map { offset, line in
            let text = line.text
            let free = max(0, width - TerminalText.width(text))
            let shift: Int
            switch (alignment, rtl) {
            case (.center, _): shift = free / 2
            case (.leading, false), (.trailing, true): shift = 0
            case (.leading, true), (.trailing, false): shift = free
            }
            return Line(
                text: text, row: top + offset, column: x0 + shift, width: width - shift,
                direction: rtl ? .rightToLeft : line.direction)
        }
    }

    /// `[ label ]`, the label cut to fit `width` and isolated, so it reorders inside its brackets
    /// (right to left in a right-to-left message) and the brackets stay put; buttons are drawn
    /// left to right around it.
    static func label(_ text: String, width: Int, rtl: Bool) -> String {
        let cut = TerminalText.truncate(text, toWidth: max(1, width - 4))
        return "[ " + TerminalText.isolate(cut, direction: rtl ? .rightToLeft : nil) + " ]"
    }

    /// Buttons in rows, as many to a row as fit with two cells between them, the first buttons in
    /// the first row; right to left, each row reads from the right. (The whole list reversed
    /// before it was cut into rows put the last buttons first, and a card with room for only some
    /// rows then dropped the first buttons.)
    static func buttonRows(_ buttons: [(index: Int, id: String, text: String)], width: Int, rtl: Bool)
        -> [[(index: Int, id: String, label: String, width: Int)]]
    {
        var rows: [[(index: Int, id: String, label: String, width: Int)]] = []
        var current: [(index: Int, id: String, label: String, width: Int)] = []
        var used = 0
        for button in buttons {
            let text = label(button.text, width: width, rtl: rtl)
            let cells = TerminalText.width(text)
            if !current.isEmpty, used + 2 + cells > width {
                rows.append(current)
                current = []
                used = 0
            }
            used += (current.isEmpty ? 0 : 2) + cells
            current.append((button.index, button.id, text, cells))
        }
        if !current.isEmpty { rows.append(current) }
        return rtl ? rows.map { $0.reversed() } : rows
    }

    /// Each row of buttons centred in `width` cells from `x0`, the rows that fall inside a card
    /// of `cardHeight` rows (inside its frame). The rest are not placed, so not drawn and not
    /// reachable: a modal of 10,000 buttons drew its last row over its bottom border, and Tab
    /// went on to buttons nobody could see.
    static func placeButtons(
        _ rows: [[(index: Int, id: String, label: String, width: Int)]], top: Int, x0: Int, width: Int,
        cardHeight: Int
    ) -> [ButtonSlot] {
        var slots: [ButtonSlot] = []
        for (offset, row) in rows.enumerated() where (1...max(1, cardHeight - 2)).contains(top + offset) {
            let used = row.reduce(0) { $0 + $1.width } + 2 * (row.count - 1)
            var x = x0 + max(0, (width - used) / 2)
            for button in row {
                let rect = ScreenRect(top: top + offset, left: x, width: button.width, height: 1)
                slots.append(ButtonSlot(index: button.index, id: button.id, label: button.label, rect: rect))
                x += button.width + 2
            }
        }
        return slots
    }
}
