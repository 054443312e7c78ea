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
        try tmux.launch(
            "--no-refresh --reduce-motion --campaigns \(stub.base.absoluteString) --customer c1 \(extra)",
            campaigns: true)
    }

    /// Row `number` (from 1) of a capture, empty when it has fewer.
    private func row(_ number: Int, of screen: String) -> Substring {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        return rows.count >= number ? rows[number - 1] : ""
    }

    /// PROTOCOL 2.4's `at`: `2026-11-29T10:00:01.250Z`.
    private static let stamp = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// An analytics event the stub received, with the instant the reader stamped on it.
    private typealias Analytics = (type: String, messageId: String, buttonId: String?, at: Date?)

    private func analytics(_ stub: StubServer) throws -> [Analytics] {
        try stub.requests("POST /api/iam/events").flatMap { request in
            ((request.json as? [String: Any])?["events"] as? [[String: Any]] ?? []).map {
                (
                    $0["type"] as? String ?? "", $0["messageId"] as? String ?? "", $0["buttonId"] as? String,
                    ($0["at"] as? String).flatMap { try? Date($0, strategy: Self.stamp) }
                )
            }
        }
    }

    @Test func theDemoSessionStartModalAppearsAtLaunch() throws {
        // The demo's own campaigns, quiet hours (03:00-03:05) included, on a local clock that
        // reads midday: the zone is chosen for this hour, so the test never lands in them.
        let zone = ReaderTmux.middayZone()
        try #require(TimeZone(identifier: zone) != nil, "no time zone \(zone)")
        let tmux = try ReaderTmux(environment: "TZ=\(zone)")
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
                [
                    "id": "a", "trigger": ["type": "sessionStart"],
                    "message": ["type": "modal", "header": "Alpha card"],
                ],
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
        let alpha = events.filter { $0.messageId.hasPrefix("a") }.map(\.type)
        let bravo = events.filter { $0.messageId.hasPrefix("b") }.map(\.type)
        #expect(alpha == ["impression", "dismissal"], "\(events)")
        #expect(bravo == ["impression", "click"], "\(events)")
        #expect(events.first { $0.type == "click" }?.buttonId == "ok")
        // Acknowledged, so gone from the outbox: the next run sends none of them again.
        let outbox = InAppStore(store: try Store(directory: tmux.dataDir.appendingPathComponent("data")))
        #expect(try outbox.pendingCount(.analytics) == 0)
    }

    @Test func aSlideUpClosesAfterEightSecondsOfVisibleTimeNotCountingASuspension() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try serve(
            [
                [
                    "id": "s", "trigger": ["type": "sessionStart"],
                    "message": ["type": "slideup", "header": "Slide card"],
                ]
            ],
            on: stub)
        let tmux = try ReaderTmux()
        try launch(tmux, stub)
        try #require(try tmux.wait(for: "Slide card").contains("Slide card"))
        // Three seconds of visible time before the suspension, which count: it must not close in them.
        let early = try tmux.wait(timeout: 3) { !$0.contains("Slide card") }
        #expect(early.contains("Slide card"), "closed within 3 s of its 8 s: \(early)")
        let typed = Date()
        try tmux.keys("C-z")
        try #require(try tmux.waitForReader(stopped: true), "Ctrl-Z did not stop the reader")
        let stopped = Date()
        // Suspended for longer than 8 s minus the 3 s gone, so counted the suspension would close
        // the slide-up at `fg`. Nothing but `fg` may wake the reader meanwhile.
        #expect(try !tmux.waitForReader(stopped: false, timeout: 6), "the reader woke while suspended")
        let resumed = Date()
        try tmux.shell("fg")
        let back = try tmux.wait(for: "Slide card")
        #expect(back.contains("Slide card"), "closed during the suspension: \(back)")
        let seenBack = Date()
        let gone = try tmux.wait(timeout: 15) { !$0.contains("Slide card") }
        #expect(!gone.contains("Slide card"), "still up 15 s after coming back, with 5 s of visible time left")
        try tmux.keys("q")
        try tmux.waitForExit(timeout: 15)
        let events = try analytics(stub)
        #expect(events.map(\.type) == ["impression", "dismissal"], "\(events)")
        // The reader's own stamps (B.10: the timer starts with the impression). It was stopped at
        // least from `stopped` until `resumed`, and at most from Ctrl-Z until the pane showed it
        // back; the stamps are to the millisecond.
        let impression = try #require(events.first { $0.type == "impression" }?.at)
        let dismissal = try #require(events.first { $0.type == "dismissal" }?.at)
        let up = dismissal.timeIntervalSince(impression)
        let leastSuspended = resumed.timeIntervalSince(stopped)
        let mostSuspended = seenBack.timeIntervalSince(typed)
        #expect(up >= 8 + leastSuspended - 0.05, "up \(up) s, though at least \(leastSuspended) s were suspended")
        // A timer that began again after the suspension would keep it up 3 s longer than this.
        #expect(up <= 8 + mostSuspended + 1.5, "up \(up) s: more than 8 s visible beside \(mostSuspended) s suspended")
    }

    @Test func aResizeToPortraitHoldsALandscapeOnlyMessage() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try serve(
            [
                // Shown at the start of the session, so only once the sync has been taken in.
                [
                    "id": "ready", "trigger": ["type": "sessionStart"],
                    "message": ["type": "modal", "header": "Ready card"],
                ],
                [
                    "id": "wide", "trigger": ["type": "event", "event": "go"],
                    "message": ["type": "modal", "header": "Wide card", "orientation": "landscape"],
                ],
            ], on: stub)
        let tmux = try ReaderTmux(width: 100, height: 30)
        try launch(tmux, stub)
        // The event must come after the campaigns arrive, or no campaign matches it.
        try #require(try tmux.wait(for: "Ready card").contains("Ready card"), "the campaigns never arrived")
        try tmux.keys("x")
        try tmux.wait { !$0.contains("Ready card") }
        try tmux.resize(width: 50, height: 40)
        // The key line on the new last row: the reader has taken the resize, and so has messaging.
        let portrait = try tmux.wait { row(40, of: $0).contains("j/k move") }
        try #require(row(40, of: portrait).contains("j/k move"), "the resize to 50x40 was not drawn: \(portrait)")
        try tmux.keys(":")
        try tmux.shell("event go")
        try tmux.keys("L")
        // The log pane is 50 columns wide: "deferring campaign wide: it needs a landscape
        // terminal, …" shows up to "it need", which only the orientation rule says.
        let held = try tmux.wait(for: "deferring campaign wide: it need")
        #expect(held.contains("deferring campaign wide: it need"), "not held for its orientation: \(held)")
        #expect(!held.contains("Wide card"), "shown in portrait: \(held)")
        try tmux.keys("L")
        try tmux.resize(width: 100, height: 30)
        let shown = try tmux.wait(for: "Wide card")
        #expect(shown.contains("Wide card"), "not shown back in landscape: \(shown)")
        try tmux.keys("Escape", "q")
        try tmux.waitForExit(timeout: 15)
    }
}
