import Foundation
import TestSupport
import Testing

/// The config's `keys` and `theme` (CLI.md "Config file"), on the built binary: what cannot be
/// used is one warning naming it and the default stays; what can shows in the man page's KEYS
/// and works in the reader.
@Suite struct ConfigKeysTests {
    static func write(_ json: String, in tinbox: Tinbox) throws -> String {
        try FileManager.default.createDirectory(at: tinbox.dataDirectory, withIntermediateDirectories: true)
        let url = tinbox.dataDirectory.appendingPathComponent("config.json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    /// `count` with the config: it still works, and its warnings are the lines of stderr.
    static func warnings(_ config: String) throws -> [String] {
        let tinbox = Tinbox()
        let feed = try tinbox.writeFeed(messages: [Tinbox.message("a")])
        let path = try write(config, in: tinbox)
        let result = try tinbox.run(["--config", path, "--feed", feed, "count"])
        #expect(result.status == 0 && result.stdout == "1\n", "\(result.stderr)")
        return result.stderr.split(separator: "\n").map(String.init)
    }

    @Test func validRebindingsAndColoursWarnAboutNothing() throws {
        let lines = try Self.warnings(
            ##"{"keys": {"list": {"n": "down", "Ctrl-D": "delete", "PgDn": "pageDown"}, "detail": {"Esc": "back"}},"##
                + ##" "theme": {"selected": "#FFFFFF on #5B2EFF", "status": "on #202020", "link": "#00AAFF"}}"##)
        #expect(lines.isEmpty, "\(lines)")
        #expect(try Self.warnings(##"{"theme": "basic"}"##).isEmpty)
    }

    @Test(arguments: [
        (##"{"keys": {"lst": {"n": "down"}}}"##, "unknown key 'keys.lst' ignored. Did you mean 'list'?"),
        (##"{"keys": {"list": {"Ctl-R": "refresh"}}}"##, "'keys.list.Ctl-R': unknown key name 'Ctl-R' ignored"),
        (
            ##"{"keys": {"list": {"n": "dwn"}}}"##,
            "'keys.list.n': unknown action 'dwn' in list ignored, the default stays. Did you mean 'down'?"
        ),
        (##"{"keys": {"overlay": {"n": "markRead"}}}"##, "'keys.overlay.n': unknown action 'markRead' in overlay"),
        (
            ##"{"keys": {"list": {"k": "down"}}}"##,
            "'keys.list.k': k is already 'up' in list; not bound to 'down', the default stays"
        ),
        (##"{"keys": {"list": {"z": "down", "Z": "up"}, "detail": {"z": "up", "Ctrl-Z": "back"}}}"##, ""),
        (
            ##"{"theme": {"selected": "white on purple"}}"##,
            "'theme.selected': bad colour 'white on purple' ignored, the default stays"
        ),
        (##"{"theme": {"selectd": "#FFFFFF"}}"##, "unknown key 'theme.selectd' ignored. Did you mean 'selected'?"),
        (##"{"mouse": "yes"}"##, "\"mouse\" must be true or false; ignored"),
        (##"{"screenReader": 1}"##, "\"screenReader\" must be true or false; ignored"),
        (##"{"notifications": "bogus"}"##, "\"notifications\" must be \"ask\", \"on\" or \"off\""),
        (##"{"theme": "bogus"}"##, "\"theme\" 'bogus' is not a theme"),
        (##"{"mouse": false, "reduceMotion": true, "notifications": "off", "theme": "monochrome"}"##, ""),
        (
            ##"{"keys": {"list": {"Ctrl-M": "quit"}}}"##,
            "'keys.list.Ctrl-M': Ctrl-M arrives as Enter in a terminal; ignored, the default stays"
        ),
        (
            "{\"keys\": {\"list\": {"
                + (0..<600).map { "\"\(Character(UnicodeScalar(0x4E00 + $0)!))\": \"down\"" }.joined(separator: ", ")
                + "}}}",
            "\"keys\" has more than 500 bindings; the rest are ignored"
        ),
        // Half a surrogate pair is read as U+FFFD, as in every JSON tinbox reads: the whole
        // config was refused for it.
        (##"{"notifications": "\ud800"}"##, "\"notifications\" must be \"ask\", \"on\" or \"off\""),
    ])
    func eachBadEntryIsOneWarningNamingIt(config: String, warning: String) throws {
        let lines = try Self.warnings(config)
        if warning.isEmpty {
            #expect(lines.isEmpty, "\(lines)")
        } else {
            #expect(
                lines.count == 1 && lines[0].hasPrefix("tinbox: warning: ") && lines[0].contains(warning), "\(lines)")
        }
    }

    /// `Enter` and `enter` are one key: neither rebinding takes it from its default, `open`.
    @Test func twoRebindingsOnOneKeyBothLoseToItsDefault() throws {
        let lines = try Self.warnings(##"{"keys": {"list": {"Enter": "markRead", "enter": "open"}}}"##)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.contains { $0.contains("'keys.list.Enter': Enter is already 'open'") }, "\(lines)")
    }

    @Test func theManPageShowsTheReboundKeys() throws {
        let tinbox = Tinbox()
        let path = try Self.write(##"{"keys": {"list": {"Q": "quit", "o": "open"}}}"##, in: tinbox)
        let page = try tinbox.run(["--config", path, "help", "--man"])
        #expect(page.status == 0 && page.stderr.isEmpty, "\(page.stderr)")
        #expect(page.stdout.contains("\\fBQ q\\fR\nback, quit from list"))
        #expect(page.stdout.contains("\\fBo Enter\\fR\nopen, press a button"))
        let plain = try tinbox.run(["--config", "/dev/null", "help", "--man"]).stdout
        #expect(plain.contains("\\fBq\\fR\nback, quit from list"))
    }
}

/// The same config in the reader, in tmux.
@Suite(.enabled(if: ReaderTmux.isAvailable, "needs tmux and a built .build/debug/tinbox"))
struct ConfigKeysReaderTests {
    @Test func aReboundKeyMovesTheSelectionAndTheThemeColoursTheSelectedRow() throws {
        let tmux = try ReaderTmux()
        let all = try tmux.count()
        let config = tmux.dataDir.appendingPathComponent("config.json")
        try Data(
            ##"{"keys": {"list": {"n": "down", "Q": "quit"}}, "theme": {"selected": "#FFFFFF on #5B2EFF"}}"##.utf8
        ).write(to: config)
        try tmux.launch("--no-refresh --config \(config.path)")
        var screen = try tmux.wait(for: "n/k move")
        #expect(screen.contains("1/\(all)") && !screen.contains("j/k move"), "\(screen)")
        try tmux.keys("n", "n")
        screen = try tmux.wait(for: "3/\(all)")
        #expect(screen.contains("3/\(all)"), "\(screen)")
        try tmux.keys("j")
        try tmux.keys("k")
        screen = try tmux.wait(for: "2/\(all)")
        #expect(screen.contains("2/\(all)"), "j moved too: \(screen)")
        // #5B2EFF is xterm colour 57 (#5F00FF), white 231; the theme gives them to the selected title.
        let coloured = try tmux.capture(escapes: true)
        #expect(coloured.contains("48;5;57"), "\(coloured)")
        // The status line's counter is in the bar's colours, recoloured with it (`position`).
        let status = coloured.split(separator: "\n").last { $0.contains("2/\(all)") } ?? ""
        #expect(status.contains("48;5;57"), "\(status)")
        try tmux.keys("?")
        screen = try tmux.wait(for: "this help")
        #expect(screen.contains("Q q             back, quit from list"), "\(screen)")
        try tmux.keys("Escape", "q")
        screen = try tmux.wait { !$0.contains("this help") }
        #expect(screen.contains("Q quit"), "\(screen)")
        try tmux.keys("Q")
        try tmux.waitForExit()
    }
}
