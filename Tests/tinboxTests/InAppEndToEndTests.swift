import Foundation
import InboxStore
import TestSupport
import Testing

/// Issue 6 point 8: in-app overlays in the built reader, in tmux, as a campaign author tries them.
/// Campaigns come over HTTP from the stub server, so the analytics that reach it can be checked.
@Suite(.serialized, .enabled(if: ReaderTmux.isAvailable, "needs tmux and a built .build/debug/tinbox"))
struct InAppEndToEndTests {
    /// A sync document (PROTOCOL 2.1) with no cooldown, served for every session of the test.
    private func serve(_ campaigns: [[String: Any]], on stub: StubServer) throws {
        let document: [String: Any] = ["settings": ["cooldownSeconds": 0], "campaigns": campaigns]
        try stub.script("GET /api/iam/sync", Array(repeating: ["json": document], count: 8))
    }

    private func launch(_ tmux: ReaderTmux, _ stub: StubServer, _ extra: String = "") throws {
        try tmux.launch("--no-refresh --reduce-motion --campaigns \(stub.base.absoluteString) --customer c1 \(extra)", campaigns: true)
    }

    /// The analytics events the stub received, as (type, messageId, buttonId).
    private func analytics(_ stub: StubServer) throws -> [(String, String, String?)] {
        try stub.requests("POST /api/iam/events").flatMap { request in
            ((request.json as? [String: Any])?["events"] as? [[String: Any]] ?? []).map {
                ($0["type"] as? String ?? "", $0["messageId"] as? String ?? "", $0["buttonId"] as? String)
            }
        }
    }

    @Test func theDemoSessionStartModalAppearsAtLaunch() throws {
        let tmux = try ReaderTmux()
        try tmux.launch("--no-refresh", campaigns: true)
        let screen = try tmux.wait(for: "Welcome back, Sam!")
        #expect(screen.contains("Welcome back, Sam!"), "\(screen)")
        try tmux.keys("Escape")
        try tmux.wait { !$0.contains("Welcome back") }
        try tmux.keys("q")
        try tmux.waitForExit()
    }

    @Test func escReportsADismissalAndAButtonTapDoesNot() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try serve(
            [
                ["id": "a", "trigger": ["type": "sessionStart"], "message": ["type": "modal", "header": "Alpha card"]],
                [
                    "id": "b", "trigger": ["type": "event", "event": "go"],
                    "message": [
                        "type": "modal", "header": "Bravo card",
                        "buttons": [["id": "ok", "text": "Fine", "action": ["type": "dismiss"]]],
                    ],
                ],
            ], on: stub)
        // The batch sent on quit is answered slowly: quitting waits for the answer.
        try stub.script("POST /api/iam/events", [["delay": 0.7, "json": [:] as [String: Any]]])
        let tmux = try ReaderTmux()
        try launch(tmux, stub)
        try tmux.wait(for: "Alpha card")
        try tmux.keys("Escape")
        try tmux.wait { !$0.contains("Alpha card") }
        try tmux.keys(":")
        try tmux.shell("event go")
        try tmux.wait(for: "Bravo card")
        try tmux.keys("Enter")
        try tmux.wait { !$0.contains("Bravo card") }
        // Quitting stops messaging, which sends what waits (B.15).
        try tmux.keys("q")
        try tmux.waitForExit(timeout: 15)
        let events = try analytics(stub)
        let alpha = events.filter { $0.1.hasPrefix("a") }.map(\.0)
        let bravo = events.filter { $0.1.hasPrefix("b") }.map(\.0)
        #expect(alpha == ["impression", "dismissal"], "\(events)")
        #expect(bravo == ["impression", "click"], "\(events)")
        #expect(events.first { $0.0 == "click" }?.2 == "ok")
        // Acknowledged, so gone from the outbox: the next run sends none of them again.
        let outbox = InAppStore(store: try Store(directory: tmux.dataDir.appendingPathComponent("data")))
        #expect(try outbox.pendingCount(.analytics) == 0)
    }

    @Test func aSlideUpClosesAfterEightSecondsOfVisibleTimeNotCountingASuspension() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try serve(
            [["id": "s", "trigger": ["type": "sessionStart"], "message": ["type": "slideup", "header": "Slide card"]]],
            on: stub)
        let tmux = try ReaderTmux()
        try launch(tmux, stub)
        try tmux.wait(for: "Slide card")
        let shown = Date()
        Thread.sleep(forTimeInterval: 3)
        try tmux.keys("C-z")
        try tmux.wait { !$0.contains("Slide card") }
        Thread.sleep(forTimeInterval: 7)
        try tmux.shell("fg")
        // 10 s since it showed, 3 of them visible: still up.
        let back = try tmux.wait(for: "Slide card")
        #expect(back.contains("Slide card"), "closed during the suspension: \(back)")
        Thread.sleep(forTimeInterval: 3)
        #expect(try tmux.capture().contains("Slide card"), "closed before 8 s of visible time")
        let gone = try tmux.wait(timeout: 6) { !$0.contains("Slide card") }
        #expect(!gone.contains("Slide card"), "still up after 8 s of visible time")
        let elapsed = Date().timeIntervalSince(shown)
        // 8 s visible plus at least 7 s suspended; both ends are seen by polling the pane, so the
        // measure may fall short by a poll or two. Counting the suspension would close it at 8 s.
        #expect(elapsed >= 14.5, "closed \(elapsed) s after showing, though 7 s were spent suspended")
        try tmux.keys("q")
        try tmux.waitForExit(timeout: 15)
        #expect(try analytics(stub).map(\.0) == ["impression", "dismissal"])
    }

    @Test func aResizeToPortraitHoldsALandscapeOnlyMessage() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try serve(
            [
                [
                    "id": "wide", "trigger": ["type": "event", "event": "go"],
                    "message": ["type": "modal", "header": "Wide card", "orientation": "landscape"],
                ]
            ], on: stub)
        let tmux = try ReaderTmux(width: 100, height: 30)
        try launch(tmux, stub)
        try tmux.wait(for: "All ")
        try tmux.resize(width: 50, height: 40)
        try tmux.wait(for: "1/")
        try tmux.keys(":")
        try tmux.shell("event go")
        try tmux.keys("L")
        let held = try tmux.wait(for: "orientation")
        #expect(!held.contains("Wide card"), "shown in portrait: \(held)")
        #expect(held.contains("wide"), "\(held)")
        try tmux.keys("L")
        try tmux.resize(width: 100, height: 30)
        let shown = try tmux.wait(for: "Wide card")
        #expect(shown.contains("Wide card"), "not shown back in landscape: \(shown)")
        try tmux.keys("Escape", "q")
        try tmux.waitForExit(timeout: 15)
    }
}
