/// A rectangle of screen cells.
public struct ScreenRect: Equatable, Sendable {
    public var top: Int
    public var left: Int
    public var width: Int
    public var height: Int

    public init(top: Int, left: Int, width: Int, height: Int) {
        self.top = top
        self.left = left
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public func contains(row: Int, column: Int) -> Bool {
        row >= top && row < top + height && column >= left && column < left + width
    }

    /// The same rectangle moved by (`rows`, `columns`).
    func offset(rows: Int, columns: Int) -> ScreenRect {
        ScreenRect(top: top + rows, left: left + columns, width: width, height: height)
    }

    /// The part inside `other`, or nil when they do not meet.
    func clipped(to other: ScreenRect) -> ScreenRect? {
        let top = max(self.top, other.top)
        let left = max(self.left, other.left)
        let bottom = min(self.top + height, other.top + other.height)
        let right = min(self.left + width, other.left + other.width)
        guard bottom > top, right > left else { return nil }
        return ScreenRect(top: top, left: left, width: right - left, height: bottom - top)
    }
}

/// Where a click lands on an overlay, as drawn: the reader's mouse handling asks it, so a click
/// always hits what the user sees (CLI.md: clicks select buttons; a click outside a modal card
/// closes it when the campaign allows it).
public struct OverlayHitMap: Equatable, Sendable {
    /// One drawn button.
    public struct Button: Equatable, Sendable {
        /// The button's id (PROTOCOL 2.1), as analytics report it.
        public var id: String
        /// Its place in `Presentation.buttons` (document order, whatever the drawing order).
        public var index: Int
        public var rect: ScreenRect
    }

    /// What a cell of the screen is, for a click.
    public enum Target: Equatable, Sendable {
        case button(id: String, index: Int)
        case close
        /// The message surface (its `clickAction`, when it has one).
        case surface
        /// Outside the card: the scrim of a modal, the reader beside a slide-up.
        case outside
    }

    /// The card as drawn (for a slide-up sliding in, the part on screen); nil when nothing shows.
    public var card: ScreenRect?
    /// The close glyph and the cells either side of it.
    public var close: ScreenRect?
    /// The buttons, in the order drawn (right to left mirrors it).
    public var buttons: [Button]

    public init(card: ScreenRect? = nil, close: ScreenRect? = nil, buttons: [Button] = []) {
        self.card = card
        self.close = close
        self.buttons = buttons
    }

    /// What a click at (`row`, `column`) hits.
    public func target(row: Int, column: Int) -> Target {
        if let close, close.contains(row: row, column: column) { return .close }
        if let button = buttons.first(where: { $0.rect.contains(row: row, column: column) }) {
            return .button(id: button.id, index: button.index)
        }
        if let card, card.contains(row: row, column: column) { return .surface }
        return .outside
    }
}
