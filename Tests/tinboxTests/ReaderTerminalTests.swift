import Foundation
import Testing

/// The reader against real terminal events in tmux: resize, suspend, signals, TERM and NO_COLOR.
@Suite(.serialized, .enabled(if: ReaderTmux.isAvailable, "needs tmux and a built .build/debug/tinbox"))
struct ReaderTerminalTests {
    @Test func tinyTerminalShowsANoticeAndRecoversWhenEnlarged() throws {
        let tmux = try ReaderTmux()
        try tmux.launch()
        // Rows come with the refresh at start-up, just after the first paint. Wait for all of it:
        // a producer finishing later would keep the selection on its message, at a new index.
        try tmux.wait(for: "app-messaging ok")
        try tmux.keys("j", "j", "j")
        try tmux.wait(for: "4/")
        try tmux.resize(width: 30, height: 8)
        let small = try tmux.wait(for: "Enlarge the terminal to 40x10")
        #expect(small.contains("Enlarge the terminal to 40x10"), "\(small)")
        #expect(!small.contains("All "))
        try tmux.resize(width: 100, height: 30)
        let big = try tmux.wait(for: "4/")
        #expect(big.hasPrefix(" All "), "\(big)")
        #expect(big.split(separator: "\n").count >= 30)
        #expect(big.contains("4/"))
        try tmux.keys("q")
        try tmux.waitForExit()
    }

    @Test func ctrlZSuspendsAndTheScreenComesBackWhole() throws {
        let tmux = try ReaderTmux()
        try tmux.launch()
        let before = try tmux.wait(for: "app-messaging ok")
        try tmux.keys("C-z")
        let suspended = try tmux.wait { !$0.hasPrefix(" All ") }
        #expect(!suspended.hasPrefix(" All "), "\(suspended)")
        try tmux.shell("fg")
        let after = try tmux.wait { $0.hasPrefix(" All ") && $0.contains("1/") }
        #expect(after == before, "screen after fg differs:\n\(after)")
        try tmux.keys("q")
        try tmux.waitForExit()
    }

    @Test(arguments: ["TERM", "HUP"])
    func signalRestoresTheTerminal(signal: String) throws {
        let tmux = try ReaderTmux()
        try tmux.launch()
        try tmux.wait(for: "app-messaging ok")
        #expect(kill(try tmux.readerPid(), signal == "TERM" ? SIGTERM : SIGHUP) == 0)
        try tmux.waitForExit()
        try tmux.shell("stty -a | grep -o ' echo ' ; echo status-$?")
        let screen = try tmux.wait(for: "status-0")
        #expect(screen.contains("status-0"), "echo is not back on: \(screen)")
    }

    @Test func linuxConsoleDrawsLinesWithoutStrayLetters() throws {
        let tmux = try ReaderTmux(term: "linux")
        try tmux.launch()
        let screen = try tmux.wait(for: "app-messaging ok")
        let rule = screen.split(separator: "\n", omittingEmptySubsequences: false)[1]
        #expect(rule.count == 80 && rule.allSatisfy { $0 == "─" }, "rule drawn as: \(rule)")
        try tmux.keys("?")
        let help = try tmux.wait(for: "Esc closes")
        #expect(help.contains("┌") && help.contains("┘") && !help.contains("lqq"))
        try tmux.keys("Escape")
        try tmux.wait { !$0.contains("Esc closes") }
        try tmux.keys("q")
        try tmux.waitForExit()
    }

    @Test func noColorUsesAttributesOnly() throws {
        let tmux = try ReaderTmux(environment: "NO_COLOR=1")
        try tmux.launch()
        try tmux.wait(for: "app-messaging ok")
        let styled = try tmux.capture(escapes: true)
        #expect(!styled.contains("38;5;") && !styled.contains("48;5;"), "colours under NO_COLOR")
        #expect(styled.contains("\u{1B}[7m") || styled.contains(";7m"), "no reverse video for the selection: \(styled)")
        try tmux.keys("q")
        try tmux.waitForExit()
    }
}

/// Issue 3 point 4: line drawing and suspend under the terminals people run tinbox in over tmux
/// and SSH. The help overlay is an ncurses panel; Ctrl-Z with it open and `fg` bring back every
/// cell, panel included.
@Suite(.serialized, .enabled(if: ReaderTmux.isAvailable, "needs tmux and a built .build/debug/tinbox"))
struct ReaderTermTests {
    @Test(arguments: ["screen-256color", "tmux-256color", "vt100"])
    func linesAndSuspendUnder(term: String) throws {
        let tmux = try ReaderTmux(term: term)
        try tmux.launch()
        let list = try tmux.wait(for: "app-messaging ok")
        let rule = list.split(separator: "\n", omittingEmptySubsequences: false)[1]
        #expect(rule.count == 80 && rule.allSatisfy { $0 == "─" }, "rule under \(term) drawn as: \(rule)")
        #expect(!list.contains("qqqq"), "\(list)")

        try tmux.keys("?")
        let help = try tmux.wait(for: "Esc closes")
        #expect(help.contains("┌") && help.contains("┐") && help.contains("└") && help.contains("┘"), "\(help)")
        #expect(!help.contains("lqq") && !help.contains("qqk") && !help.contains("mqq") && !help.contains("qqj"))

        try tmux.keys("C-z")
        // Not the pane: a terminal without an alternate screen keeps the panel in view.
        try #require(try tmux.waitForReader(stopped: true), "Ctrl-Z did not stop the reader under \(term)")
        try tmux.shell("fg")
        let back = try tmux.wait { $0 == help }
        #expect(back == help, "screen after fg under \(term) differs:\n\(lineDiffText(help, back))")

        try tmux.keys("Escape")
        let closed = try tmux.wait { !$0.contains("Esc closes") && $0.contains("1/") }
        // A key clears the status message, so the status line alone may differ.
        let above = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(2) }
        #expect(above(closed) == above(list), "closing the panel uncovers the list:\n\(lineDiffText(list, closed))")
        try tmux.keys("q")
        try tmux.waitForExit()
    }
}

/// The lines of two captures that differ.
func lineDiffText(_ expected: String, _ actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    return (0..<max(old.count, new.count)).compactMap { index in
        let a = index < old.count ? String(old[index]) : "(none)"
        let b = index < new.count ? String(new[index]) : "(none)"
        return a == b ? nil : "\(index + 1) -\(a)\n\(index + 1) +\(b)"
    }.joined(separator: "\n")
}
