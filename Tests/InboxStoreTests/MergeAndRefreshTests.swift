import Foundation
import InboxCore
import InboxStore
import Testing

/// The merge of a producer's list (A.1, A.6, PROTOCOL 1.2) and the refresh limit (A.6).
@Suite struct MergeAndRefreshTests {
    @Test func aMessageTheProducerStopsSendingDisappearsUnlessAStatusIsPending() throws {
        let f = try InboxFixture()
        try f.seed([f.message("a"), f.message("b"), f.message("c")])
        _ = try f.inbox.markRead(f.key("b"))
        let report = try f.seed([f.message("a")])
        #expect(report.removed == 1)
        #expect(try f.ids(.all).sorted() == ["a", "b"])
    }

    @Test func duplicateIdsInOnePageAreStoredOnce() throws {
        let f = try InboxFixture()
        let report = try f.seed([f.message("a"), f.message("a", minutesAgo: 99), f.message("b")])
        #expect(report.stored == 2)
        #expect(try f.inbox.count(.all) == 2)
    }

    @Test func theSameIdFromTwoProducersIsTwoMessages() throws {
        let f = try InboxFixture()
        try f.seed([f.message("welcome")])
        try f.seed([f.message("welcome", producer: "app-messaging")], producer: "app-messaging")
        #expect(try f.inbox.count(.all) == 2)
        #expect(
            try f.inbox.resolve("welcome")
                == .failure(.ambiguous(id: "welcome", keys: [f.key("welcome", "app-messaging"), f.key("welcome")])))
        #expect(try f.inbox.resolve("engagement/welcome") == .success(f.key("welcome")))
        #expect(try f.inbox.resolve("nope") == .failure(.unknown(id: "nope")))
    }

    @Test func aDeletedMessageStaysDeletedWhenItComesBackAfterVanishing() throws {
        let f = try InboxFixture()
        try f.seed([f.message("a"), f.message("b")])
        _ = try f.inbox.markDeleted(f.key("a"))
        try f.inbox.discardPending(producer: "engagement")
        try f.seed([f.message("b")])
        #expect(try f.inbox.entry(f.key("a")) == nil)
        try f.seed([f.message("a"), f.message("b")])
        #expect(try f.inbox.entry(f.key("a"))?.state == .deleted)
    }

    @Test func aRefreshAtExactlySixtySecondsIsAllowed() throws {
        let f = try InboxFixture()
        #expect(try f.inbox.claimManualRefresh(bootId: "boot") == .allowed)
        f.clock.advance(by: 59.999)
        guard case .refused(let nextIn) = try f.inbox.claimManualRefresh(bootId: "boot") else {
            Issue.record("a refresh 59.999 s after the last must be refused")
            return
        }
        #expect(abs(nextIn - 0.001) < 1e-6)
        f.clock.advance(by: 0.001)
        #expect(try f.inbox.claimManualRefresh(bootId: "boot") == .allowed)
    }

    @Test func movingTheWallClockDoesNotChangeTheRefreshLimit() throws {
        let f = try InboxFixture()
        #expect(try f.inbox.claimManualRefresh(bootId: "boot") == .allowed)
        f.clock.setWallClock(f.now.addingTimeInterval(3600))
        #expect(try f.inbox.claimManualRefresh(bootId: "boot") == .refused(nextIn: 60))
    }

    @Test func theRefreshLimitHoldsAcrossConnectionsAndResetsOnANewBoot() throws {
        let f = try InboxFixture()
        #expect(try f.inbox.claimManualRefresh(bootId: "boot") == .allowed)
        #expect(try f.reopened().claimManualRefresh(bootId: "boot") == .refused(nextIn: 60))
        #expect(try f.reopened().claimManualRefresh(bootId: "another-boot") == .allowed)
    }

    @Test func refusedRefreshSecondsAreRoundedUp() {
        #expect(RefreshLimit.decide(last: 100, now: 117.2) == .refused(nextIn: 60 - 17.2))
        #expect(RefreshLimit.wholeSeconds(42.2) == 43)
        #expect(RefreshLimit.wholeSeconds(0.001) == 1)
    }
}
