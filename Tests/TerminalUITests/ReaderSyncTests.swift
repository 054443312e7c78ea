import Foundation
import InboxCore
import TerminalUI
import Testing

/// Sync in the reader (issue 4, point 6; BEHAVIOR A.2): refresh outcomes arriving from another
/// thread through the mailbox, the selection kept by key, queue flushes, and window edges, on a
/// manual clock with the in-memory terminal.
@Suite struct ReaderSyncTests {
    func loop(_ entries: [InboxEntry] = Fixtures.inbox, refreshAtStart: Bool = false, columns: Int = 100)
        -> (ReaderLoop, MemoryTerminal, MemorySource)
    {
        let terminal = MemoryTerminal(size: Size(columns: columns, rows: 24))
        let source = MemorySource(entries: entries)
        source.screensDrawn = { terminal.screens.count }
        let loop = ReaderLoop(terminal: terminal, source: source, refreshAtStart: refreshAtStart)
        loop.start()
        return (loop, terminal, source)
    }

    func statusLine(_ terminal: MemoryTerminal) -> String {
        terminal.screen?.rows.last ?? ""
    }

    @Test func theRefreshAtStartUpBeginsOnlyAfterTheFirstPaint() {
        let (loop, _, source) = loop(refreshAtStart: true)
        #expect(source.refreshStartedAfterScreens == [1])
        #expect(loop.state.refresh != nil)
    }

    @Test func f5ShowsASpinnerThenEachProducersOutcome() throws {
        let (loop, terminal, source) = loop()
        terminal.enqueue(keys: [.function(5)])
        loop.step()
        #expect(statusLine(terminal).contains("| Refreshing…"), "\(statusLine(terminal))")
        source.clock.advance(by: 0.12)
        loop.step()
        #expect(statusLine(terminal).contains("/ Refreshing…"), "the spinner turns: \(statusLine(terminal))")

        let report = source.pendingReport
        let posted = DispatchSemaphore(value: 0)
        let worker = Thread {
            report?(RefreshResult(producer: "engagement", kind: .ok, line: "engagement ok 12 messages"))
            posted.signal()
        }
        worker.start()
        // The report has returned on the worker thread, so its outcome waits in the mailbox.
        try #require(posted.wait(timeout: .now() + 10) == .success, "the worker thread never reported")
        #expect(!loop.mailbox.isEmpty, "the report from another thread did not reach the mailbox")
        loop.step()
        #expect(statusLine(terminal).contains("Refreshing…  engagement ok 12 messages"), "\(statusLine(terminal))")

        terminal.enqueue(keys: [.control("r")])
        loop.step()
        #expect(statusLine(terminal).contains("A refresh is already running"))

        report?(RefreshResult(producer: "app-messaging", kind: .failed, line: "app-messaging failed: timed out"))
        loop.step()
        #expect(loop.state.refresh == nil)
        #expect(
            statusLine(terminal).contains("engagement ok 12 messages · app-messaging failed: timed out"),
            "\(statusLine(terminal))")
        #expect(statusLine(terminal).contains("refresh failed"))
    }

    /// At 80 columns the demo's two lines did not fit beside the counter: the skipped count was cut
    /// to "…". Too narrow for the whole, the bar says the same counts in fewer words.
    @Test func outcomesTooLongForTheBarTakeTheirShortForm() {
        let (loop, terminal, source) = loop(columns: 80)
        source.refreshReports = [
            RefreshResult(
                producer: "engagement", kind: .ok, line: "engagement ok 28 messages", brief: "engagement ok 28"),
            RefreshResult(
                producer: "app-messaging", kind: .ok, line: "app-messaging ok 18 messages, 2 skipped",
                brief: "app-messaging ok 18, 2 skipped"),
        ]
        terminal.enqueue(keys: [.function(5)])
        loop.step()
        #expect(
            statusLine(terminal).hasPrefix(" engagement ok 28 · app-messaging ok 18, 2 skipped "),
            "\(statusLine(terminal))")

        let (wide, wideTerminal, wideSource) = self.loop(columns: 120)
        wideSource.refreshReports = source.refreshReports
        wideTerminal.enqueue(keys: [.function(5)])
        wide.step()
        #expect(
            statusLine(wideTerminal).contains("engagement ok 28 messages · app-messaging ok 18 messages, 2 skipped"),
            "where it fits, the whole: \(statusLine(wideTerminal))")
    }

    @Test func aRefusedRefreshSaysWhenTheNextIsAllowed() {
        let (loop, terminal, source) = loop()
        source.refreshReports = ["engagement", "app-messaging"].map {
            RefreshResult(producer: $0, kind: .refused(nextIn: 42), line: "\($0) refused: next refresh in 42 s")
        }
        terminal.enqueue(keys: [.function(5)])
        loop.step()
        #expect(loop.state.refresh == nil)
        #expect(statusLine(terminal).contains("Not refreshed: next refresh in 42 s"), "\(statusLine(terminal))")
        #expect(source.pageCalls.count == 1, "a refused refresh reads nothing again")
    }

    /// A refusal sends nothing: the sync state still names the last sync, after the refusal's
    /// sentence has gone too.
    @Test func aRefusedRefreshKeepsTheLastSyncOnTheBar() {
        let (loop, terminal, source) = loop()
        source.refreshProducers = 1
        source.refreshReports = [RefreshResult(producer: "engagement", kind: .ok, line: "engagement ok 3 messages")]
        terminal.enqueue(keys: [.function(5)])
        loop.step()
        let synced = loop.state.syncStatus
        #expect(synced.hasPrefix("synced "))
        source.refreshReports = [
            RefreshResult(
                producer: "engagement", kind: .refused(nextIn: 42), line: "engagement refused: next refresh in 42 s")
        ]
        terminal.enqueue(keys: [.function(5)])
        loop.step()
        #expect(statusLine(terminal).contains("Not refreshed: next refresh in 42 s"))
        #expect(loop.state.syncStatus == synced, "\(statusLine(terminal))")
        terminal.enqueue(keys: [.character("j")])
        loop.step()
        #expect(statusLine(terminal).contains(synced), "\(statusLine(terminal))")
        #expect(!statusLine(terminal).contains("refused"))
    }

    /// A.6: a disabled inbox refuses the refresh; the bar said "refresh failed" beside the
    /// producers' refused lines.
    @Test func aRefreshOfADisabledInboxIsRefusedNotFailed() {
        let (loop, terminal, source) = loop()
        source.refreshReports = ["engagement", "app-messaging"].map {
            RefreshResult(producer: $0, kind: .disabled, line: "\($0) refused: the inbox is disabled")
        }
        terminal.enqueue(keys: [.function(5)])
        loop.step()
        #expect(loop.state.refresh == nil)
        #expect(
            statusLine(terminal).contains("Not refreshed: the inbox is disabled (tinbox inbox enable turns it on)"),
            "\(statusLine(terminal))")
        #expect(!statusLine(terminal).contains("refresh failed"))
        #expect(source.pageCalls.count == 1, "a refused refresh reads nothing again")
    }

    @Test func newMessagesAppearAndTheSelectionStaysOnItsMessage() {
        let (loop, terminal, source) = loop()
        terminal.enqueue(keys: [.character("j"), .character("j"), .character("j")])
        loop.drain()
        let chosen = loop.state.selectedEntry?.key
        #expect(chosen?.id == "reward")
        terminal.enqueue(keys: [.function(5)])
        loop.step()
        source.entries.insert(
            contentsOf: [
                Fixtures.make("new1", "Brand new one", minutesAgo: 1),
                Fixtures.make("new2", "Brand new two", minutesAgo: 2),
            ], at: 0)
        source.pendingReport?(RefreshResult(producer: "engagement", kind: .ok, line: "engagement ok 8 messages"))
        source.pendingReport?(RefreshResult(producer: "app-messaging", kind: .ok, line: "app-messaging ok 2 messages"))
        loop.step()
        #expect(loop.state.selectedEntry?.key == chosen)
        #expect(loop.state.selected == 5)
        #expect(loop.state.counts[.all] == 8)
        #expect(terminal.screen?.rows.contains { $0.contains("Brand new one") } == true)
        #expect(statusLine(terminal).contains("synced "))
    }

    @Test func queuesAreFlushedEveryThirtySecondsAndOnQuit() {
        let (loop, terminal, source) = loop()
        source.clock.advance(by: 29)
        loop.step()
        #expect(source.flushes == 0)
        source.clock.advance(by: 1)
        loop.step()
        #expect(source.flushes == 1)
        terminal.enqueue(keys: [.character("q")])
        loop.run()
        #expect(source.finishes == 1)
    }

    /// BEHAVIOR A.2: the loop wakes when a message's end passes, and it leaves the list and the
    /// tab counts at that moment, with no refresh.
    @Test func aMessageLeavesTheListWhenItsEndPasses() {
        var entries = Fixtures.inbox
        entries[3].message.end = Fixtures.now.addingTimeInterval(7.25)
        let (loop, terminal, source) = loop(entries)
        #expect(loop.state.counts[.all] == 6)
        #expect(loop.nextWakeMilliseconds() == 1_000)
        source.clock.advance(by: 7)
        loop.step()
        #expect(loop.nextWakeMilliseconds() == 250)
        #expect(loop.state.counts[.all] == 6)
        source.clock.advance(by: 0.25)
        loop.step()
        #expect(loop.state.counts[.all] == 5)
        #expect(loop.state.counts[.unread] == 2)
        #expect(terminal.screen?.rows.contains { $0.contains("daily reward") } == false)
        #expect(source.refreshStartedAfterScreens.isEmpty)
    }
}
