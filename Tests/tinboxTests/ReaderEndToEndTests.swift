import Foundation
import InboxCore
import InboxStore
import TestSupport
import Testing

/// The first reader (issue 2 point 7) as a person uses it, in tmux on the demo data.
@Suite(.enabled(if: ReaderTmux.isAvailable, "needs tmux and a built .build/debug/tinbox"))
struct ReaderEndToEndTests {
    @Test func launchShowsTabCountsMovesOpensAndQuitsToAUsableShell() throws {
        let tmux = try ReaderTmux()
        let all = try tmux.count()
        let unread = try tmux.count("unread")
        let tabs = "All \(all)  Unread \(unread)  Read \(try tmux.count("read"))  Deleted \(try tmux.count("deleted"))"
        try tmux.launch()
        var screen = try tmux.wait(for: tabs)
        #expect(screen.split(separator: "\n").first?.contains(tabs) == true, "\(screen)")
        #expect(screen.contains("1/\(all)"))

        try tmux.keys("j", "j")
        screen = try tmux.wait(for: "3/\(all)")
        #expect(screen.contains("3/\(all)"))
        try tmux.keys("k")
        screen = try tmux.wait(for: "2/\(all)")
        #expect(screen.contains("2/\(all)"))

        try tmux.keys("Enter")
        screen = try tmux.wait(for: "Esc back")
        #expect(screen.contains("received"))
        try tmux.keys("q")
        // Back on the list: its key line (the status message may cut off its end).
        screen = try tmux.wait(for: "j/k move  Enter open")
        #expect(!screen.contains("Esc back"), "still in the message: \(screen)")
        try tmux.keys("q")
        try tmux.waitForExit()
        try tmux.shell("echo ready-$((40 + 2))")
        screen = try tmux.wait(for: "ready-42")
        #expect(screen.contains("ready-42"), "the shell did not come back: \(screen)")

        // The open was recorded durably with the screen's impressions. Row 2 of the demo is the
        // Season 7 pass, already read, so no count changes.
        let inbox = Inbox(
            store: try Store(directory: tmux.dataDir.appendingPathComponent("data")), clock: SystemClock())
        let events = try ["engagement", "app-messaging"].flatMap { try inbox.pendingEvents(producer: $0) }
        #expect(events.contains { $0.kind == .open && $0.key.id == "season-7-pass" }, "\(events)")
        #expect(events.contains { $0.kind == .impression }, "\(events)")
        #expect(try inbox.count(.unread) == unread)
    }

    @Test func readAndDeleteChangeTheTabCounts() throws {
        let tmux = try ReaderTmux()
        let all = try tmux.count()
        let unread = try tmux.count("unread")
        try tmux.launch()
        try tmux.wait(for: "All \(all)")
        try tmux.keys("r")
        var screen = try tmux.wait(for: "Unread \(unread - 1)")
        #expect(screen.contains("Unread \(unread - 1)"))
        try tmux.keys("d")
        screen = try tmux.wait(for: "Deleted 1")
        #expect(screen.contains("All \(all - 1)"))
        try tmux.keys("q")
        try tmux.waitForExit()
        try tmux.shell("echo done-$((1 + 1))")
        try tmux.wait(for: "done-2")
        #expect(try tmux.count("deleted") == 1)
    }

    @Test func notATerminalPointsToTinboxList() throws {
        let data = Scratch.folder("tinbox-pipe")
        let process = try ChildProcess(ReaderTmux.binary, ["--data-dir", data.path], input: .pipe)
        #expect(try process.wait(timeout: 30).status == 1)
        let message = process.standardError
        #expect(message.split(separator: "\n").count == 1)
        #expect(message.contains("tinbox list"))
    }
}
