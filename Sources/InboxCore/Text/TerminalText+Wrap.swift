extension TerminalText {
    /// One screen line of wrapped text, with the direction of the paragraph it comes from: every
    /// line of a paragraph is laid out on that paragraph's direction (UAX #9), not its own.
    public struct WrappedLine: Equatable, Sendable {
        public var text: String
        public var direction: Direction
    }

    /// Word-wraps sanitized text for the detail view: one entry per screen line, none wider than
    /// `width` cells.
    ///
    /// Lines break at "\n" and at spaces; the spaces at a break are dropped, spaces inside a
    /// line and a paragraph's indentation are kept. A word wider than the line is hard-broken at
    /// grapheme boundaries, which also wraps CJK text that has no spaces. A single grapheme wider
    /// than the whole line (a wide character at width 1) is shown as "…" rather than overflow.
    /// Wrapping is in logical order; each line is put in visual order when it is drawn.
    /// - Parameter width: cells per line; values below 1 are treated as 1.
    public static func wrap(_ text: String, width: Int) -> [String] {
        wrapParagraphs(text, width: width).map(\.text)
    }

    /// `wrap`, each line with its paragraph's direction (that of the paragraph's first strong
    /// character).
    public static func wrapParagraphs(_ text: String, width: Int) -> [WrappedLine] {
        var wrapper = WordWrapper(limit: max(1, width))
        var lines: [WrappedLine] = []
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let first = wrapper.lines.count
            wrapper.addParagraph(paragraph)
            let direction = Direction(of: String(paragraph))
            lines += wrapper.lines[first...].map { WrappedLine(text: $0, direction: direction) }
        }
        return lines
    }
}
