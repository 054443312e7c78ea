import InboxCore

/// The config's colours for one role of the theme (`"theme": {"selected": "#FFFFFF on #5B2EFF"}`):
/// a text colour, a background, or both. A channel left out keeps the default theme's.
public struct RoleColours: Equatable, Sendable {
    public var foreground: RGBColour?
    public var background: RGBColour?

    public init(foreground: RGBColour?, background: RGBColour?) {
        self.foreground = foreground
        self.background = background
    }

    /// `#RRGGBB`, `#RRGGBB on #RRGGBB` or `on #RRGGBB`; nil for anything else.
    public init?(_ text: String) {
        let words = text.split(separator: " ").map(String.init)
        switch words.count {
        case 1:
            guard let foreground = RGBColour(hex: words[0]) else { return nil }
            self.init(foreground: foreground, background: nil)
        case 2:
            guard words[0] == "on", let background = RGBColour(hex: words[1]) else { return nil }
            self.init(foreground: nil, background: background)
        case 3:
            guard words[1] == "on", let foreground = RGBColour(hex: words[0]), let background = RGBColour(hex: words[2])
            else { return nil }
            self.init(foreground: foreground, background: background)
        default:
            return nil
        }
    }
}

extension CellRole {
    /// The role's name in the config's `theme` object (`selected`, `statusMessage`, ...).
    public var name: String { String(describing: self) }

    public static func named(_ name: String) -> CellRole? {
        allCases.first { $0.name == name }
    }
}
