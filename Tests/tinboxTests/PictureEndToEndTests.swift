import Foundation
import TestSupport
import Testing

/// The built binary's raw output under tmux (TERMINAL.md §2): picture sequences when a pixel
/// mode is forced with `--graphics`, none (and no probe) under plain tmux, and a kitty delete
/// when the welcome modal closes. tmux's `pipe-pane -O` records what the reader wrote.
@Suite(.serialized, .enabled(if: ReaderTmux.isAvailable)) struct PictureEndToEndTests {
    static let tmuxEnvironment = "TMUX=/tmp/tmux-test/default,1,0"

    /// Launches the demo with its welcome modal and waits until it shows, recording the output.
    func welcome(_ tmux: ReaderTmux, _ arguments: String) throws -> URL {
        let file = tmux.dataDir.appendingPathComponent("raw.out")
        try tmux.pipeOutput(to: file)
        try tmux.launch("--no-refresh --reduce-motion " + arguments, campaigns: true)
        let screen = try tmux.wait(for: "Welcome back, Sam!")
        try #require(screen.contains("Welcome back, Sam!"), "\(screen)")
        return file
    }

    @Test func plainTmuxGetsSymbolsAndNoProbe() throws {
        let tmux = try ReaderTmux(
            width: 120, height: 40, term: "tmux-256color",
            environment: "TZ=\(ReaderTmux.middayZone()) \(Self.tmuxEnvironment)")
        let file = try welcome(tmux, "")
        let output = raw(file)
        #expect(!output.contains("\u{1B}_G"), "a kitty sequence or query")
        #expect(!output.contains("\u{1B}[c"), "a DA1 probe")
        #expect(!output.contains("1337;File"))
        #expect(!output.contains("\u{1B}Ptmux;"))
        #expect(!output.contains("q\"1;1;"), "a sixel")
        // The artwork is drawn in block symbols instead.
        #expect(try tmux.capture().contains { ("\u{2580}"..."\u{259F}").contains($0) })
        try quit(tmux)
    }

    @Test func forcedKittyIsSentPlacedAndDeletedWhenTheModalCloses() throws {
        let tmux = try ReaderTmux(width: 120, height: 40, environment: "TZ=\(ReaderTmux.middayZone())")
        let file = try welcome(tmux, "--graphics kitty")
        let shown = try #require(
            try waitForRaw(file) { $0.contains("\u{1B}_Ga=p,") }.firstMatch(
                of: /\x1B_Ga=p,i=(\d+),p=1,c=\d+,r=\d+,C=1,q=2/))
        let id = String(shown.1)
        #expect(raw(file).contains("\u{1B}_Ga=t,f=100,t=d,i=\(id),q=2,m="))
        try tmux.keys("Escape")
        let closed = try waitForRaw(file) { $0.contains("\u{1B}_Ga=d,d=i,i=\(id),q=2\u{1B}\\") }
        #expect(closed.contains("\u{1B}_Ga=d,d=i,i=\(id),q=2\u{1B}\\"))
        #expect(closed.components(separatedBy: "a=t,f=100,t=d,i=\(id),").count == 2, "sent once")
        try quit(tmux)
        #expect(raw(file).contains("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\"), "freed at quit")
    }

    /// kitty drops what the alternate screen held when curses leaves it at Ctrl-Z: after `fg` the
    /// picture is sent again, not placed by an id kitty no longer knows.
    @Test func aKittyPictureIsSentAgainAfterCtrlZ() throws {
        let tmux = try ReaderTmux(width: 120, height: 40, environment: "TZ=\(ReaderTmux.middayZone())")
        let file = try welcome(tmux, "--graphics kitty")
        let shown = try #require(
            try waitForRaw(file) { $0.contains("\u{1B}_Ga=p,") }.firstMatch(of: /\x1B_Ga=p,i=(\d+),/))
        let transmit = "a=t,f=100,t=d,i=\(shown.1),"
        try tmux.keys("C-z")
        try expectRaw(file, "its data freed at Ctrl-Z") { $0.contains("\u{1B}_Ga=d,d=I,i=\(shown.1),q=2\u{1B}\\") }
        try tmux.shell("fg")
        try expectRaw(file, "sent once before Ctrl-Z and once after fg") {
            $0.components(separatedBy: transmit).count == 3
        }
        try quit(tmux)
    }

    @Test(arguments: [("sixel", "\u{1B}P0;1;0q\"1;1;"), ("iterm", "\u{1B}]1337;File=inline=1;size=")])
    func forcedSixelAndITerm2AreWritten(mode: String, sequence: String) throws {
        let tmux = try ReaderTmux(width: 120, height: 40, environment: "TZ=\(ReaderTmux.middayZone())")
        let file = try welcome(tmux, "--graphics \(mode)")
        #expect(try waitForRaw(file) { $0.contains(sequence) }.contains(sequence))
        try quit(tmux)
    }

    @Test func aPixelModeNamedUnderTmuxGoesThroughThePassthrough() throws {
        let tmux = try ReaderTmux(
            width: 120, height: 40, term: "tmux-256color",
            environment: "TZ=\(ReaderTmux.middayZone()) \(Self.tmuxEnvironment)")
        let file = try welcome(tmux, "--graphics kitty")
        let output = try waitForRaw(file) { $0.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=p,") }
        #expect(output.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t,f=100"))
        #expect(output.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=p,"))
        try quit(tmux)
    }

    /// tmux repaints a pane shown again from its own cells, which hold no picture: at a focus
    /// in (tmux's `focus-events on`) the frame is drawn whole and the picture sent again; at a
    /// focus out a kitty picture is taken down, or it would float over the window shown instead.
    @Test(arguments: [("sixel", "\u{1B}Ptmux;\u{1B}\u{1B}P0;1;0q"), ("kitty", "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=p,")])
    func aPaneShownAgainUnderTmuxGetsItsPictureAgain(mode: String, picture: String) throws {
        let tmux = try ReaderTmux(
            width: 120, height: 40, term: "tmux-256color",
            environment: "TZ=\(ReaderTmux.middayZone()) \(Self.tmuxEnvironment)")
        let file = try welcome(tmux, "--graphics \(mode)")
        _ = try waitForRaw(file) { $0.components(separatedBy: picture).count == 2 }
        try tmux.literal("\u{1B}[O")
        if mode == "kitty" {
            let delete = "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=i,"
            try expectRaw(file, "taken down at the focus out") { $0.contains(delete) }
            // A frame drawn while out of focus (Tab moves the modal's button) places nothing.
            try tmux.keys("Tab")
            try tmux.wait(for: "▶ Read the welcome note ◀")
            let after = try #require(raw(file).components(separatedBy: delete).last)
            #expect(!after.contains("_Ga=p,"), "placed again while out of focus")
        }
        try tmux.literal("\u{1B}[I")
        try expectRaw(file, "drawn again at the focus in") { $0.components(separatedBy: picture).count == 3 }
        try quit(tmux)
    }

    @Test func aBadGraphicsModeIsAUsageError() throws {
        let result = try ChildProcess.run(ReaderTmux.binary, ["--graphics", "pixels", "list"], timeout: 30)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--graphics"))
    }

    /// Closes the modal when it still shows, then quits.
    private func quit(_ tmux: ReaderTmux) throws {
        if try tmux.capture().contains("Welcome back") {
            try tmux.keys("Escape")
            try tmux.wait { !$0.contains("Welcome back") }
        }
        try tmux.keys("q")
        try tmux.waitForExit()
    }

}

/// The inbox detail view's picture (a message's `imageUrl`), from the store's cache, in kitty's
/// pixels: placed when the message opens, moved when it scrolls, deleted when it scrolls out
/// and when the view is left.
@Suite(.serialized, .enabled(if: ReaderTmux.isAvailable)) struct DetailPictureEndToEndTests {
    static let welcome = ReaderTmux.packageRoot.appendingPathComponent("Resources/demo/art/welcome.png").path

    /// The demo with the engagement welcome's `imageUrl` in the store's picture cache.
    func cachedWelcome(_ tmux: ReaderTmux) throws {
        _ = try tmux.tinbox(["list"])
        let database = tmux.dataDir.appendingPathComponent("data/tinbox.db").path
        try ReaderTmux.run(
            "sqlite3",
            [
                database,
                "INSERT INTO inbox_images VALUES('https://cdn.acme.example/inbox/welcome-hero.png', "
                    + "readfile('\(Self.welcome)'), 0)",
            ])
    }

    /// The reader started with `arguments` over `cachedWelcome`'s store, its output recorded in
    /// the returned file, and the engagement welcome opened (the fourth pinned row).
    func openWelcome(_ tmux: ReaderTmux, _ arguments: String) throws -> URL {
        try cachedWelcome(tmux)
        let file = tmux.dataDir.appendingPathComponent("raw.out")
        try tmux.pipeOutput(to: file)
        try tmux.launch("--no-refresh " + arguments)
        try tmux.wait(for: "Welcome to Acme")
        try tmux.keys("j", "j", "j", "Enter")
        return file
    }

    /// TERMINAL §3: with `--screen-reader` a picture is its alt text or `[image]`, in whatever
    /// graphics mode is named: nothing is drawn in pixels, and no probe is sent.
    @Test func aScreenReaderGetsWordsForThePicture() throws {
        let tmux = try ReaderTmux(width: 80, height: 24)
        let file = try openWelcome(tmux, "--graphics kitty --screen-reader")
        let screen = try tmux.wait(for: "[image]")
        #expect(screen.contains("[image]"), "\(screen)")
        try tmux.keys("q")
        try tmux.wait(for: "Unread")
        try tmux.keys("q")
        try tmux.waitForExit()
        #expect(!raw(file).contains("\u{1B}_G"), "no kitty picture, query or placement")
    }

    @Test func theDetailPictureLivesOnlyWhileItsPlaceShows() throws {
        // Small enough that the message scrolls past its picture.
        let tmux = try ReaderTmux(width: 60, height: 20)
        let file = try openWelcome(tmux, "--graphics kitty")
        let placed = try waitForRaw(file) { $0.contains("\u{1B}_Ga=p,") }
        let place = try #require(placed.firstMatch(of: /\x1B\[(\d+);\d+H\x1B_Ga=t,f=100,t=d,i=(\d+),/))
        let id = String(place.2)
        let row = try #require(Int(place.1))
        #expect(row >= 5, "the picture stands under the title, the facts and a blank line")
        // The last picture sequence written: a placement (`p`) or a delete (`d`).
        let last = { (text: String) in text.matches(of: /\x1B_Ga=([pd]),/).last.map { String($0.1) } }
        // One line down: placed again one row higher, not sent again.
        try tmux.keys("j")
        let move = "\u{1B}_Ga=d,d=i,i=\(id),q=2\u{1B}\\\u{1B}[\(row - 1);"
        let moved = try waitForRaw(file) { $0.contains(move) }
        #expect(moved.contains(move))
        #expect(moved.components(separatedBy: "a=t,f=100,t=d,i=\(id),").count == 2, "sent once")
        // Scrolled until its first row is out: removed, and not placed again.
        for _ in 0..<(row - 3) { try tmux.keys("j") }
        let scrolled = try waitForRaw(file) { last($0) == "d" }
        #expect(last(scrolled) == "d")
        // Back up: placed again; out of the view: deleted.
        for _ in 0..<(row - 2) { try tmux.keys("k") }
        #expect(last(try waitForRaw(file) { $0.contains("\u{1B}[\(row);") && last($0) == "p" }) == "p")
        try tmux.keys("q")
        try tmux.wait(for: "Unread")
        #expect(last(try waitForRaw(file) { last($0) == "d" }) == "d")
        try tmux.keys("q")
        try tmux.waitForExit()
    }

}

/// Waits until what the reader wrote meets `condition`, and expects it then (`what` names it).
private func expectRaw(
    _ file: URL, _ what: Comment, sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
) throws {
    #expect(condition(try waitForRaw(file, condition)), what, sourceLocation: sourceLocation)
}

/// What the reader wrote so far, as `pipeOutput` records it.
private func raw(_ file: URL) -> String {
    (try? String(decoding: Data(contentsOf: file), as: UTF8.self)) ?? ""
}

/// Waits until the recorded output satisfies `condition`; returns it either way.
private func waitForRaw(_ file: URL, timeout: Double = 5, _ condition: (String) -> Bool) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var text = raw(file)
    while !condition(text), Date() < deadline {
        usleep(50_000)
        text = raw(file)
    }
    return text
}
