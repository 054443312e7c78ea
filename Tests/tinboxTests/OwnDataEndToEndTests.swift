import Foundation
import Testing

/// Issue 14, points 1 and 8, on the built binary in tmux: the user's own inbox gets no demo
/// campaigns, and an extra `Esc` after closing a message does not end the session.
@Suite(.enabled(if: ReaderTmux.isAvailable, "needs tmux and a built .build/debug/tinbox"))
struct OwnDataEndToEndTests {
    /// A feed of three unread messages in the test's own folder.
    private func writeFeed(in tmux: ReaderTmux) throws -> String {
        let messages: [[String: Any]] = ["one", "two", "three"].map {
            ["id": $0, "data": ["title": "My own \($0)", "receiveDateUTC": "2026-11-29T09:30:00.000Z"]]
        }
        let url = tmux.dataDir.appendingPathComponent("my-feed.json")
        try JSONSerialization.data(withJSONObject: ["messages": messages]).write(to: url)
        return url.path
    }

    @Test func aNamedFeedWithoutCampaignsShowsNoDemoMessageAndTheListTakesTheKeys() throws {
        let tmux = try ReaderTmux()
        let feed = try writeFeed(in: tmux)
        // `campaigns: true`: no `--campaigns` is added, as a user would type it.
        try tmux.launch("--feed engagement=\(feed)", campaigns: true)
        var screen = try tmux.wait(for: "All 3  Unread 3")
        // Each wait is for the whole tab line: tmux can show a frame half written, its unread
        // count changed and its read count not yet.
        try tmux.keys("r")
        screen = try tmux.wait(for: "All 3  Unread 2  Read 1")
        #expect(screen.contains("All 3  Unread 2  Read 1"), "r did not reach the list: \(screen)")
        try tmux.keys("j", "d")
        screen = try tmux.wait(for: "All 2  Unread 1  Read 1  Deleted 1")
        #expect(screen.contains("All 2  Unread 1  Read 1  Deleted 1"), "d did not reach the list: \(screen)")
        // The decision log says messaging is off, so the start-up decision was made and no
        // message can still be on its way.
        try tmux.keys("L")
        screen = try tmux.wait(for: "messaging off: no campaigns")
        #expect(screen.contains("messaging off: no campaigns"), "\(screen)")
        #expect(!screen.contains("Welcome back") && !screen.contains("Acme"), "a demo message showed: \(screen)")
        try tmux.keys("L", "q")
        try tmux.waitForExit()
    }

    @Test func oneEscMoreAfterClosingAModalKeepsTheReaderOpen() throws {
        let tmux = try ReaderTmux()
        let campaigns = tmux.dataDir.appendingPathComponent("campaigns.json")
        let modal: [String: Any] = [
            "id": "hello", "priority": 1, "trigger": ["type": "sessionStart"], "repeat": ["type": "once"],
            "message": [
                "type": "modal", "header": "Hello from the test", "body": "A modal of this test's own.",
                "buttons": [["id": "ok", "text": "OK", "action": ["type": "dismiss"]]], "showCloseButton": true,
            ] as [String: Any],
        ]
        try JSONSerialization.data(withJSONObject: ["settings": [:] as [String: Any], "campaigns": [modal]])
            .write(to: campaigns)
        try tmux.launch("--campaigns \(campaigns.path) --customer c1 --reduce-motion", campaigns: true)
        try tmux.wait(for: "Hello from the test", timeout: 10)
        try tmux.keys("Escape")
        var screen = try tmux.wait { !$0.contains("Hello from the test") }
        #expect(!screen.contains("Hello from the test"), "Esc did not close the modal: \(screen)")
        try tmux.keys("Escape", "j")
        screen = try tmux.wait(for: "2/")
        #expect(screen.contains("2/"), "the reader did not take j after the second Esc: \(screen)")
        try tmux.keys("q")
        try tmux.waitForExit()
    }
}
