import Foundation
import InboxCore
import InboxStore
import InboxSync
import TestSupport
import Testing

/// The reader's worker keeps the search's title index caught up (SyncWorker, Inbox+TitleIndex):
/// what was stored before it started, and what each refresh adds, in several chunks.
@Suite struct TitleIndexWorkerTests {
    private func worker(_ f: SyncFixture) -> SyncWorker {
        SyncWorker(producers: [f.producer()], transport: f.transport, bootId: "boot") {
            [directory = f.directory, clock = f.clock] in Inbox(store: try Store(directory: directory), clock: clock)
        }
    }

    private func waitForEmptyBacklog(_ inbox: Inbox, timeout: Double = 20) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while try inbox.titleIndexBacklog() > 0 {
            guard Date() < deadline else { throw StubError("the title index still has a backlog") }
            usleep(10_000)
        }
    }

    @Test func aStartingWorkerIndexesWhatWasStoredBefore() throws {
        let f = try SyncFixture()
        try f.seed(Inbox.titleIndexChunk + 500)
        #expect(try f.inbox.titleIndexBacklog() == Inbox.titleIndexChunk + 500)
        let started = worker(f)
        try waitForEmptyBacklog(f.inbox)
        #expect(
            try f.inbox.listPage(.all, titleContaining: "Message 150", offset: 0, limit: 10).map(\.key.id).sorted()
                == ["m-150", "m-1500"])
        withExtendedLifetime(started) {}
    }

    @Test func aRefreshOnTheWorkerIsIndexedAfterwards() throws {
        let f = try SyncFixture()
        let running = worker(f)
        try waitForEmptyBacklog(f.inbox)
        try f.stub.setState(["generate": 40])
        let log = OutcomeLog()
        #expect(running.refresh(claimingWith: f.inbox) { log.append($0, $1, stored: 0) })
        try log.wait(for: 1)
        try waitForEmptyBacklog(f.inbox)
        #expect(try f.inbox.catchUpTitleIndex() == true)
        let titles = try f.inbox.entries(.all).map(\.message.title)
        #expect(titles.count == 40)
        let text = String(titles[0].prefix(6))
        #expect(try f.inbox.count(.all, titleContaining: text) == titles.filter { $0.contains(text) }.count)
    }
}
