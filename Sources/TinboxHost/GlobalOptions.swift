import InboxCore

/// The options every command takes (CLI.md), found before or after the command word.
package struct GlobalOptions {
    package var dataDir: String?
    package var config: String?
    package var feeds: [String] = []
    package var campaigns: String?
    package var customer: String?
    package var lang: String?
    package var reduceMotion = false
    /// `--bidi`; nil leaves it to the config (TERMINAL.md 1).
    package var bidi: BidiMode?
    /// `--graphics`: how pictures are drawn (TERMINAL §2); nil leaves it to the config.
    package var graphics: String?
    /// The reader without its refresh at start-up: it shows what the store holds (benchmarks,
    /// offline demos). F5 still refreshes.
    package var noRefresh = false
    package var help = false
    package var version = false

    package init() {}
}
