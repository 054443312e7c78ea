import Foundation
import Testing

/// Refresh in the reader (issue 4, point 6) in tmux on the demo files: the outcome per producer,
/// and the one-a-minute limit saying when the next refresh is allowed.
@Suite(.enabled(if: ReaderTmux.isAvailable, "needs tmux and a built .build/debug/tinbox"))
struct ReaderSyncEndToEndTests {
    @Test func f5TwiceRefreshesThenSaysWhenTheNextIsAllowed() throws {
        let tmux = try ReaderTmux(width: 140)
        try tmux.launch("--no-refresh")
        try tmux.wait(for: "No messages")
        try tmux.keys("F5")
        var screen = try tmux.wait(for: "app-messaging ok")
        #expect(screen.contains("engagement ok ") && screen.contains(" messages · app-messaging ok "), "\(screen)")
        #expect(screen.contains("1/"), "the refreshed messages are listed: \(screen)")
        try tmux.keys("j", "F5")
        // The spinner line can show a producer's refusal first; the outcome line comes after it.
        screen = try tmux.wait(for: "Not refreshed: next refresh in ")
        #expect(screen.contains("Not refreshed: next refresh in "), "the refusal is not said: \(screen)")
        #expect(screen.contains("2/"), "the selection stays: \(screen)")
        try tmux.keys("q")
        try tmux.waitForExit()
    }

    @Test func theRefreshAtStartUpCountsAsTheManualOne() throws {
        let tmux = try ReaderTmux(width: 140)
        try tmux.launch()
        try tmux.wait(for: "app-messaging ok")
        try tmux.keys("C-r")
        let screen = try tmux.wait(for: "next refresh in")
        #expect(screen.contains("next refresh in"), "\(screen)")
        try tmux.keys("q")
        try tmux.waitForExit()
    }
}
