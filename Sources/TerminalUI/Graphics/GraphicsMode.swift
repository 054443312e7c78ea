/// How pictures are drawn (TERMINAL.md §2, the `graphics` setting and `--graphics`).
public enum GraphicsMode: String, Equatable, Sendable, CaseIterable {
    /// Decided once at start-up: the terminal's answers to a probe, then the environment.
    case auto
    /// The kitty graphics protocol: sent once, then placed by id.
    case kitty
    /// DEC sixels.
    case sixel
    /// iTerm2 inline images (also WezTerm's).
    case iterm
    /// Character cells: chafa's block symbols, as every terminal draws them.
    case symbols
    /// A framed placeholder with the picture's alt text or file name.
    case none

    /// Whether pictures are sent in pixels.
    public var isPixels: Bool { self == .kitty || self == .sixel || self == .iterm }
}

/// The graphics a session uses: the mode, and whether its pictures go through tmux's passthrough.
public struct GraphicsChoice: Equatable, Sendable {
    public var mode: GraphicsMode
    /// Under tmux with a pixel mode named: every picture sequence is wrapped in `DCS tmux; … ST`
    /// (tmux needs `allow-passthrough on`).
    public var passthrough: Bool

    public init(mode: GraphicsMode, passthrough: Bool = false) {
        self.mode = mode
        self.passthrough = passthrough
    }

    /// Whether tinbox runs inside tmux or GNU screen, which draw no pixels of their own.
    public static func isMultiplexed(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        return !(environment["TMUX"] ?? "").isEmpty || !(environment["STY"] ?? "").isEmpty
            || term.hasPrefix("screen") || term.hasPrefix("tmux")
    }

    /// Whether the start-up probe is sent: only for `auto`, never under tmux or screen, and not
    /// where the environment already decides or the terminal has no escape sequences to answer.
    public static func needsProbe(setting: GraphicsMode, environment: [String: String]) -> Bool {
        guard setting == .auto, !isMultiplexed(environment) else { return false }
        if fromEnvironment(environment) != nil { return false }
        let term = environment["TERM"] ?? ""
        return !(term.isEmpty || term == "dumb" || term.hasPrefix("linux"))
    }

    /// The choice for `setting`, with the probe's answers when one was sent.
    ///
    /// A named mode is taken as it is (under tmux or screen, a pixel mode goes through the
    /// passthrough). `auto` picks symbols under tmux or screen; else kitty when the terminal
    /// answered the kitty query or the environment names kitty, iterm for `TERM_PROGRAM`
    /// iTerm.app or WezTerm, sixel when DA1 lists attribute 4, and symbols otherwise.
    public static func decide(
        setting: GraphicsMode, environment: [String: String], answers: GraphicsProbe.Answers?
    ) -> GraphicsChoice {
        let multiplexed = isMultiplexed(environment)
        guard setting == .auto else {
            return GraphicsChoice(mode: setting, passthrough: multiplexed && setting.isPixels)
        }
        if multiplexed { return GraphicsChoice(mode: .symbols) }
        if let named = fromEnvironment(environment) { return GraphicsChoice(mode: named) }
        if answers?.kitty == true { return GraphicsChoice(mode: .kitty) }
        if answers?.sixel == true { return GraphicsChoice(mode: .sixel) }
        return GraphicsChoice(mode: .symbols)
    }

    /// The mode the environment names by itself: kitty's own variables, or iTerm2 and WezTerm
    /// by `TERM_PROGRAM` (WezTerm's kitty support is off by default; its iTerm2 images are not).
    static func fromEnvironment(_ environment: [String: String]) -> GraphicsMode? {
        if !(environment["KITTY_WINDOW_ID"] ?? "").isEmpty || environment["TERM"] == "xterm-kitty" { return .kitty }
        switch environment["TERM_PROGRAM"] {
        case "iTerm.app", "WezTerm": return .iterm
        default: return nil
        }
    }
}
