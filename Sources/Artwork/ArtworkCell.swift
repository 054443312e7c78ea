import InboxCore

/// One character cell of a picture.
public struct ArtworkCell: Equatable, Sendable {
    /// Exactly one terminal column: a space or a block element (U+2580...U+259F).
    public var text: String
    /// The glyph's colour; nil only for a space, whose foreground never shows.
    public var foreground: RGBColour?
    /// The cell's colour behind the glyph; nil means transparent: the backend keeps whatever
    /// background the overlay has there.
    public var background: RGBColour?

    public init(text: String, foreground: RGBColour?, background: RGBColour?) {
        self.text = text
        self.foreground = foreground
        self.background = background
    }

    /// A cell that shows what is behind the picture.
    public static let transparent = ArtworkCell(text: " ", foreground: nil, background: nil)
}
