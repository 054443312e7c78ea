import Foundation
import TestSupport
import Testing

/// Issue 6 point 7: `tinbox preview FILE` in the built reader, in tmux, as a campaign author
/// tries it: a test send closes itself on visible time, and a broken save keeps the last good file.
/// No fixed sleep orders the steps: each waits on what the pane or the reader's process shows.
@Suite(.serialized, .enabled(if: ReaderTmux.isAvailable, "needs tmux and a built .build/debug/tinbox"))
struct PreviewEndToEndTests {
    private static let campaigns = """
        {"settings": {"cooldownSeconds": 0},
         "campaigns": [
          {"id": "s", "trigger": {"type": "sessionStart"},
           "message": {"type": "slideup", "header": "Preview slide", "autoDismissAfter": 4}},
          {"id": "m", "trigger": {"type": "sessionStart"}, "message": {"type": "modal", "header": "Preview modal"}}
         ]}
        """

    private func write(_ text: String, in tmux: ReaderTmux) throws -> URL {
        let file = tmux.dataDir.appendingPathComponent("campaigns.json")
        try Data(text.utf8).write(to: file)
        return file
    }

    /// The slide-up itself, not its line in the picker.
    private func slideIsUp(_ screen: String) -> Bool {
        screen.split(separator: "\n").contains { $0.hasPrefix("│ Preview slide") }
    }

    /// The modal's header row, `│   Fixed modal   │`, not the picker's line of it.
    private func fixedModalIsUp(_ screen: String) -> Bool {
        screen.split(separator: "\n").contains { row in
            row.split(separator: "│").contains { $0.trimmingCharacters(in: .whitespaces) == "Fixed modal" }
        }
    }

    @Test func aPreviewedSlideUpClosesAfterItsVisibleTimeNotCountingASuspension() throws {
        let tmux = try ReaderTmux(width: 100, height: 30)
        let file = try write(Self.campaigns, in: tmux)
        try tmux.launch("preview \(file.path) --id s --reduce-motion", campaigns: true)
        let first = try tmux.wait(until: slideIsUp)
        try #require(slideIsUp(first), "\(first)")
        let shown = Date()
        // A second of visible time before the suspension, which counts: it must not close in it.
        let early = try tmux.wait(timeout: 1) { !self.slideIsUp($0) }
        #expect(slideIsUp(early), "closed within 1 s of its 4 s: \(early)")
        try tmux.keys("C-z")
        try #require(try tmux.waitForReader(stopped: true), "Ctrl-Z did not stop the reader")
        let stopped = Date()
        // Suspended for as long as the visible time left, so counted it would close the slide-up
        // at `fg`. Nothing but `fg` may wake the reader meanwhile.
        #expect(try !tmux.waitForReader(stopped: false, timeout: 3), "the reader woke while suspended")
        let resumed = Date()
        try tmux.shell("fg")
        let back = try tmux.wait(until: slideIsUp)
        #expect(slideIsUp(back), "closed during the suspension: \(back)")
        let (gone, lastUp) = try tmux.waitNotingLastMiss(timeout: 10) { !self.slideIsUp($0) }
        #expect(!slideIsUp(gone), "still up 10 s after coming back, with at most 3 s of visible time left: \(gone)")
        // Up from at most `shown` until at least `lastUp`; stopped from at least `stopped` until
        // `resumed`. Both ends are seen by polling the pane, each at most a poll late; counting
        // the suspension would close it a second after `fg` is typed, 3 s short of this.
        let up = try #require(lastUp).timeIntervalSince(shown)
        let suspended = resumed.timeIntervalSince(stopped)
        #expect(up >= 4 + suspended - 0.8, "up \(up) s, though \(suspended) s of it were suspended")
        try tmux.keys("L")
        let log = try tmux.wait(for: "closed (timer)")
        #expect(log.contains("[tinbox-iam] preview: campaign s closed (timer)"), "\(log)")
        try tmux.keys("q")
        try tmux.waitForExit()
    }

    @Test func aBrokenSaveShowsItsLineAndColumnAndKeepsTheLastGoodCampaigns() throws {
        let tmux = try ReaderTmux(width: 100, height: 30)
        let file = try write(Self.campaigns, in: tmux)
        try tmux.launch("preview \(file.path)", campaigns: true)
        try tmux.wait(for: "m · modal · Preview modal")
        _ = try write("{\"campaigns\": [\n  {\"id\": \"m\",, }\n]}\n", in: tmux)
        let broken = try tmux.wait(for: "campaigns.json:2:")
        #expect(broken.contains("campaigns.json:2:14: invalid value"), "\(broken)")
        #expect(broken.contains("m · modal · Preview modal"), "the last good campaigns went: \(broken)")
        _ = try write(Self.campaigns.replacingOccurrences(of: "Preview modal", with: "Fixed modal"), in: tmux)
        let fixed = try tmux.wait(for: "m · modal · Fixed modal")
        #expect(fixed.contains("m · modal · Fixed modal"), "\(fixed)")
        #expect(!fixed.contains("campaigns.json:2:"), "the error stayed after a good save: \(fixed)")
        try tmux.keys("Down", "Enter")
        let modal = try tmux.wait(until: fixedModalIsUp)
        #expect(fixedModalIsUp(modal), "\(modal)")
        try tmux.keys("Escape")
        try tmux.wait { !self.fixedModalIsUp($0) }
        try tmux.keys("q")
        try tmux.waitForExit()
    }
}
