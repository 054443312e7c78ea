/// Who puts right-to-left text in visual order (TERMINAL.md 1): the `bidi` config key and the
/// `--bidi` flag.
public enum BidiMode: String, Sendable, CaseIterable {
    /// `terminal` in a terminal known to reorder by itself, `app` everywhere else.
    case auto
    /// tinbox lays out every line that holds right-to-left text in visual order, with mirrored
    /// brackets and Arabic shaping (`TerminalText.visualOrder`).
    case app
    /// tinbox writes logical order and leaves reordering to the terminal.
    case terminal

    /// `auto` decided for this environment; `app` and `terminal` stay as they are.
    ///
    /// VTE terminals (GNOME Terminal, Tilix, ...) and Konsole reorder and shape by themselves and
    /// say so with `VTE_VERSION` or `KONSOLE_VERSION`; under tmux or screen (`TMUX`, `STY`) the
    /// cells are drawn by a multiplexer that does no bidi, whatever terminal shows it.
    public func resolved(environment: [String: String]) -> BidiMode {
        guard self == .auto else { return self }
        let reorders = environment["VTE_VERSION"] != nil || environment["KONSOLE_VERSION"] != nil
        let multiplexed = environment["TMUX"] != nil || environment["STY"] != nil
        return reorders && !multiplexed ? .terminal : .app
    }
}
