import InAppEngine

/// Everything one frame of an in-app overlay depends on: the engine's presentation (personalized
/// text, buttons, direction) and its campaign's message, plus what the host holds now.
public struct Overlay: Equatable, Sendable {
    public var presentation: Presentation
    /// The chosen button, as an index into `presentation.buttons`; nil when none is.
    public var selectedButton: Int?
    /// How far the entrance is, 0...1 (BEHAVIOR B.10: it lasts 0.3 s); 1 is the final look,
    /// and what reduce-motion shows at once.
    public var entrance: Double
    public var image: OverlayArtwork
    public var icon: OverlayArtwork
    /// The close glyph: "✕", or what `OverlayView.closeGlyph(environment:)` picks for the terminal.
    public var closeGlyph: String
    /// A slide-up the user went to with Tab that has no button to choose: it has the keys, and
    /// the cursor stands on its close glyph.
    public var focused = false

    public init(
        presentation: Presentation, selectedButton: Int? = nil, entrance: Double = 1, image: OverlayArtwork = .none,
        icon: OverlayArtwork = .none, closeGlyph: String = OverlayView.defaultCloseGlyph
    ) {
        self.presentation = presentation
        self.selectedButton = selectedButton
        self.entrance = entrance
        self.image = image
        self.icon = icon
        self.closeGlyph = closeGlyph
    }
}

extension Overlay {
    /// The overlay for a screen reader (TERMINAL §3): pictures as their placeholder, which then
    /// says `[image]`, and the close glyph as a plain `x`.
    var inWords: Overlay {
        var overlay = self
        if case .picture = image { overlay.image = .undrawable() }
        if case .picture = icon { overlay.icon = .undrawable() }
        overlay.closeGlyph = "x"
        return overlay
    }
}
