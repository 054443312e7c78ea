import Foundation
import Testing
import TinboxKit

/// `InboxFeature` as a program uses it. One configuration per process at a time, so serialized.
@Suite(.serialized)
struct InboxFeatureTests {
    let workspace: Workspace
    let clock = ManualClock(now: Workspace.start, uptime: 1_000)
    let callbacks = TestQueue()

    init() throws {
        workspace = try Workspace()
    }

    func configuration(_ producers: [ProducerSource]) -> TinboxConfiguration {
        TinboxConfiguration(
            dataDirectory: workspace.dataDirectory, producers: producers, callbackQueue: callbacks.queue, clock: clock)
    }

    /// configure + requestSdk, waiting for the one callback.
    func api(_ producers: [ProducerSource]) throws -> InboxFeatureApi {
        InboxFeature.configure(configuration(producers))
        let answers = Recorder<InboxFeatureApi?>()
        InboxFeature.requestSdk { answers.append($0) }
        #expect(eventually { answers.count == 1 })
        return try #require(answers.items.first ?? nil)
    }

    /// A feed of three messages (a, b read, c) as the engagement producer.
    func feed() throws -> ProducerSource {
        .file(
            try workspace.writeFeed(
                "engagement.json",
                [Workspace.message("a"), Workspace.message("b", read: true), Workspace.message("c", pinned: true)]))
    }

    /// Refreshes and waits for `expected` completions.
    @discardableResult
    func refresh(_ api: InboxFeatureApi, expected: Int = 1) -> [(Bool, MessageProducer)] {
        let outcomes = Recorder<(Bool, MessageProducer)>()
        api.refreshMessages { outcomes.append(($0, $1)) }
        #expect(eventually { outcomes.count >= expected })
        callbacks.drain()
        return outcomes.items
    }

    // MARK: requestSdk

    @Test func requestSdkCallsBackLaterOnTheCallbackQueueWithTheSameObject() throws {
        InboxFeature.configure(configuration([try feed()]))
        let answers = Recorder<(InboxFeatureApi?, Bool)>()
        let returned = Recorder<Bool>()
        InboxFeature.requestSdk { [callbacks] api in
            answers.append((api, callbacks.isCurrent))
            #expect(returned.count == 1, "the callback ran before requestSdk returned")
        }
        returned.append(true)
        InboxFeature.requestSdk { [callbacks] api in answers.append((api, callbacks.isCurrent)) }
        #expect(eventually { answers.count == 2 })
        let first = try #require(answers.items[0].0)
        let second = try #require(answers.items[1].0)
        #expect(first === second)
        #expect(answers.items.allSatisfy { $0.1 })
    }

    @Test func configuringAgainGivesTheNewConfigurationsObject() throws {
        let first = try api([try feed()])
        #expect(try api([try feed()]) !== first)
    }

    @Test func requestSdkGivesNilWhenTheStoreCannotOpen() throws {
        let blocker = workspace.root.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        InboxFeature.configure(
            TinboxConfiguration(dataDirectory: blocker, callbackQueue: callbacks.queue, clock: clock))
        let answers = Recorder<Bool>()
        InboxFeature.requestSdk { answers.append($0 == nil) }
        #expect(eventually { answers.count == 1 })
        #expect(answers.items == [true])
    }

    /// A campaign format is not an inbox format; an unknown name is no format at all.
    @Test(arguments: ["gameball", "nonsense"])
    func requestSdkRefusesFormatsThatAreNotInboxFormats(format: String) throws {
        let url = try workspace.writeFeed("vendor.json", [])
        InboxFeature.configure(configuration([.file(url, format: format)]))
        let answers = Recorder<Bool>()
        InboxFeature.requestSdk { answers.append($0 == nil) }
        #expect(eventually { answers.count == 1 })
        #expect(answers.items == [true])
    }

    @Test func theVendorFormatsByNameAreRead() throws {
        let dengage = workspace.root.appendingPathComponent("dengage.json")
        try Data(#"[{"smsgId":"d1","messageJson":{"title":"t","receiveDateUTC":"2026-11-29T09:30:00.000Z"}}]"#.utf8)
            .write(to: dengage)
        let sfmc = workspace.root.appendingPathComponent("sfmc.json")
        try Data(#"{"messages":[{"id":"s1","subject":"t","sendDateUtc":"2026-11-29T09:30:00.000Z"}]}"#.utf8)
            .write(to: sfmc)
        let api = try api([
            .file(dengage, producer: .engagement, format: "dengage"),
            .file(sfmc, producer: .appMessaging, format: "sfmc"),
        ])
        #expect(refresh(api, expected: 2).allSatisfy { $0.0 })
        #expect(api.getAllMessagesCount() == 2)
    }

    @Test func theTinboxFormatByNameIsRead() throws {
        let url = try workspace.writeFeed("named.json", [Workspace.message("a")])
        let api = try api([.file(url, format: "tinbox")])
        refresh(api)
        #expect(api.getAllMessagesCount() == 1)
    }

    // MARK: refresh (A.6)

    @Test func aNewDataDirectoryHoldsNothingUntilTheFirstRefresh() throws {
        let api = try api([try feed()])
        #expect(!api.wasEverRefreshed())
        #expect(api.getAllMessages().isEmpty)
        #expect(refresh(api).map(\.0) == [true])
        #expect(api.wasEverRefreshed())
        #expect(api.getAllMessages().map(\.id) == ["c", "a", "b"], "pinned first, then by id (A.3)")
        #expect(api.getAllMessagesCount() == 3)
    }

    @Test func aRefusedRefreshCompletesOnceOnTheCallingThreadBeforeReturning() throws {
        let api = try api([try feed()])
        refresh(api)
        let caller = pthread_self()
        let outcomes = Recorder<(Bool, MessageProducer, Bool)>()
        let returned = Recorder<Bool>()
        api.refreshMessages { success, producer in
            outcomes.append((success, producer, pthread_equal(pthread_self(), caller) != 0 && returned.count == 0))
        }
        returned.append(true)
        #expect(outcomes.count == 1)
        #expect(outcomes.items.first.map { !$0.0 && $0.1 == .inboxFeature && $0.2 } == true)
        callbacks.drain()
        #expect(outcomes.count == 1)
    }

    @Test func aRefreshExactlySixtySecondsLaterIsAllowed() throws {
        let api = try api([try feed()])
        refresh(api)
        clock.advance(by: 59.999)
        #expect(refresh(api).map(\.1) == [.inboxFeature])
        clock.advance(by: 0.001)
        let outcomes = refresh(api)
        #expect(outcomes.count == 1)
        #expect(outcomes.first.map { $0.0 && $0.1 == .engagement } == true)
    }

    @Test func withNoProducerEveryRefreshIsRefused() throws {
        let api = try api([])
        let outcomes = Recorder<(Bool, MessageProducer)>()
        api.refreshMessages { outcomes.append(($0, $1)) }
        #expect(outcomes.count == 1)
        #expect(outcomes.items.first.map { !$0.0 && $0.1 == .inboxFeature } == true)
    }

    @Test func completionsComeOncePerProducerAfterTheDelegatesWereTold() throws {
        let app = try workspace.writeFeed("app.json", [Workspace.message("x"), Workspace.message("y")])
        let api = try api([try feed(), .file(app, producer: .appMessaging)])
        let log = Recorder<String>()
        let delegate = ResponseDelegate(log: log, api: api)
        api.registerInboxResponseDelegate(delegate)
        api.refreshMessages { [callbacks] success, producer in
            log.append(
                "completion \(producer.rawValue) \(success ? "on" : "failed on") \(callbacks.isCurrent ? "queue" : "another thread")"
            )
        }
        #expect(eventually { log.items.filter { $0.hasPrefix("completion") }.count >= 2 })
        callbacks.drain()
        let events = log.items
        #expect(events.filter { $0.hasPrefix("completion") }.count == 2)
        #expect(events.filter { $0.hasPrefix("delegate") }.count == 2)
        #expect(events.contains("delegate engagement 3 stored 3"))
        #expect(events.contains("delegate app-messaging 2 stored 2"))
        for producer in ["engagement", "app-messaging"] {
            let told = try #require(events.firstIndex { $0.hasPrefix("delegate \(producer)") })
            let completed = try #require(events.firstIndex(of: "completion \(producer) on queue"))
            #expect(events.filter { $0.hasPrefix("completion \(producer) ") }.count == 1)
            #expect(told < completed)
        }
        _ = delegate
    }

    @Test func delegatesAreNeverToldOfAFailure() throws {
        let missing = workspace.root.appendingPathComponent("missing.json")
        let api = try api([.file(missing)])
        let log = Recorder<String>()
        let delegate = ResponseDelegate(log: log, api: api)
        api.registerInboxResponseDelegate(delegate)
        let outcomes = refresh(api)
        #expect(outcomes.map(\.0) == [false])
        #expect(outcomes.map(\.1) == [.engagement])
        #expect(!log.items.contains { $0.hasPrefix("delegate") })
        _ = delegate
    }

    @Test func anUnregisteredDelegateIsNotTold() throws {
        let api = try api([try feed()])
        let log = Recorder<String>()
        let delegate = ResponseDelegate(log: log, api: api)
        api.registerInboxResponseDelegate(delegate)
        api.unregisterInboxResponseDelegate(delegate)
        refresh(api)
        #expect(log.items.isEmpty)
    }

    // MARK: reads, marks, counts (A.1-A.5)

    @Test func marksAndCountsFollowTheStateRules() throws {
        let api = try api([try feed()])
        refresh(api)
        #expect(api.getUnreadMessagesCount() == 2)
        #expect(api.getReadMessagesCount() == 1)
        #expect(api.getAllMessagesCount() == 3)
        #expect(api.markMessageRead(id: "a"))
        #expect(api.markMessageRead(id: "a"), "already read is still true")
        #expect(api.getReadMessages().map(\.id).sorted() == ["a", "b"])
        #expect(api.getUnreadMessages().map(\.id) == ["c"])
        #expect(!api.markMessageRead(id: "nope"))
        let c = try #require(api.getUnreadMessages().first)
        #expect(c.isPinned && !c.isRead && c.messageDetails == "token-c")
        #expect(api.markMessageDeleted(message: c))
        #expect(!api.markMessageRead(message: c), "deleted is final")
        #expect(api.markMessageDeleted(message: c), "deleting a deleted message is true (A.4)")
        #expect(api.getDeletedMessages().map(\.id) == ["c"])
        #expect(api.getDeletedMessages().first?.isDeleted == true)
        #expect(api.getDeletedMessagesCount() == 1)
        #expect(api.getAllMessagesCount() == 2)
        #expect(!api.markAllMessagesRead(), "nothing unread is left")
        #expect(api.markAllMessagesDeleted())
        #expect(!api.markAllMessagesDeleted())
        #expect(api.getAllMessagesCount() == 0)
        #expect(api.getDeletedMessagesCount() == 3)
    }

    /// An id two producers share is refused by `id:` (which of them?) with a line in the log
    /// saying how to name each; `producer/id` marks one.
    @Test func anIdTwoProducersShareIsRefusedSayingHowToNameEach() throws {
        let app = try workspace.writeFeed("app.json", [Workspace.message("a")])
        let lines = Recorder<String>()
        var configuration = configuration([try feed(), .file(app, producer: .appMessaging)])
        configuration = TinboxConfiguration(
            dataDirectory: configuration.dataDirectory, producers: configuration.producers,
            callbackQueue: configuration.callbackQueue, clock: clock, log: { lines.append($0) })
        InboxFeature.configure(configuration)
        let answers = Recorder<InboxFeatureApi?>()
        InboxFeature.requestSdk { answers.append($0) }
        #expect(eventually { answers.count == 1 })
        let api = try #require(answers.items.first ?? nil)
        refresh(api, expected: 2)
        #expect(!api.markMessageRead(id: "a"))
        #expect(lines.items.contains("mark read: id a is used by two producers; say app-messaging/a or engagement/a"))
        #expect(api.markMessageRead(id: "engagement/a"))
    }

    @Test func markAllReadAndTheDurableState() throws {
        let api = try api([try feed()])
        refresh(api)
        #expect(api.markAllMessagesRead())
        #expect(api.getUnreadMessagesCount() == 0)
        #expect(try workspace.query("SELECT count(*) FROM messages WHERE state = 1") == ["3"])
    }

    @Test func aMessageLeavesTheCountsWhenItsEndPassesWithoutARefresh() throws {
        let url = try workspace.writeFeed(
            "ending.json", [Workspace.message("a", end: "2026-12-01T12:00:10.000Z"), Workspace.message("b")])
        let api = try api([.file(url)])
        refresh(api)
        #expect(api.getAllMessagesCount() == 2)
        clock.advance(by: 10)
        #expect(api.getAllMessagesCount() == 1)
        #expect(api.getAllMessages().map(\.id) == ["b"])
    }

    @Test func aDisabledInboxReadsEmptyAndRefusesEverything() throws {
        let api = try api([try feed()])
        refresh(api)
        api.setInboxEnabled(false)
        #expect(!api.isInboxEnabled())
        #expect(api.getAllMessages().isEmpty && api.getAllMessagesCount() == 0)
        #expect(api.getUnreadMessagesCount() == 0 && api.getDeletedMessages().isEmpty)
        #expect(!api.markMessageRead(id: "a") && !api.markAllMessagesRead() && !api.markAllMessagesDeleted())
        clock.advance(by: 60)
        let outcomes = Recorder<(Bool, MessageProducer)>()
        api.refreshMessages { outcomes.append(($0, $1)) }
        #expect(outcomes.count == 1)
        #expect(outcomes.items.first.map { !$0.0 && $0.1 == .inboxFeature } == true)
        api.setInboxEnabled(true)
        #expect(api.isInboxEnabled())
        #expect(api.getAllMessagesCount() == 3)
        #expect(api.getUnreadMessagesCount() == 2)
    }

    // MARK: events (A.7)

    @Test func trackingAnOpenRecordsOPWithoutMarkingRead() throws {
        let api = try api([try feed()])
        refresh(api)
        let a = try #require(api.getAllMessages().first { $0.id == "a" })
        api.trackMessageOpenEvent(a)
        #expect(api.getUnreadMessages().contains { $0.id == "a" })
        #expect(try workspace.query("SELECT event_type, message_id, details FROM pending_events") == ["OP|a|token-a"])
    }

    @Test func trackingAnInteractionRecordsCLWithTheButtonAndMarksRead() throws {
        let api = try api([try feed()])
        refresh(api)
        let a = try #require(api.getAllMessages().first { $0.id == "a" })
        let c = try #require(api.getAllMessages().first { $0.id == "c" })
        api.trackMessageInteractionEvent(a, interaction: InboxMessageInteraction(type: .button, buttonId: "shop"))
        api.trackMessageInteractionEvent(c, interaction: InboxMessageInteraction(type: .cta, buttonId: "ignored"))
        #expect(api.getUnreadMessagesCount() == 0)
        let rows = try workspace.query(
            "SELECT event_type, message_id, ifnull(button_id, '-') FROM pending_events ORDER BY seq")
        #expect(rows == ["CL|a|shop", "CL|c|-"])
    }

    // MARK: the Dengage channel

    @Test func channelMessagesLeaveDeletedOnesOutAndComeOnTheQueue() throws {
        let api = try api([try feed()])
        refresh(api)
        #expect(api.markMessageDeleted(id: "c"))
        let answers = Recorder<(Result<[String], Error>, Bool)>()
        api.getInboxChannelMessages(limit: 10) { [callbacks] result in
            answers.append((result.map { $0.map(\.id) }, callbacks.isCurrent))
        }
        api.getInboxChannelMessages(limit: 1) { [callbacks] result in
            answers.append((result.map { $0.map(\.id) }, callbacks.isCurrent))
        }
        #expect(eventually { answers.count == 2 })
        let all = try answers.items[0].0.get()
        #expect(Set(all) == ["a", "b"])
        #expect(try answers.items[1].0.get().count == 1)
        #expect(answers.items.allSatisfy { $0.1 })
    }

    @Test func channelEventsApplyTheirLocalEffectsThenQueue() throws {
        let api = try api([try feed()])
        refresh(api)
        let results = Recorder<Bool>()
        api.sendInboxChannelEvents([
            InboxChannelEvent(eventType: .open, messageId: "a", messageDetails: "token-a"),
            InboxChannelEvent(eventType: .delete, messageId: "c", messageDetails: "token-c"),
            InboxChannelEvent(eventType: .impression, messageId: "b", messageDetails: "token-b"),
        ]) { [callbacks] result in
            results.append((try? result.get()) != nil && callbacks.isCurrent)
        }
        #expect(api.getReadMessages().map(\.id).sorted() == ["a", "b"])
        #expect(api.getDeletedMessages().map(\.id) == ["c"])
        #expect(eventually { results.count == 1 })
        #expect(results.items == [true])
        let queued = try workspace.query("SELECT event_type || ' ' || message_id FROM pending_events ORDER BY seq")
        #expect(queued == ["OP a", "DT c", "IM b"])
    }

    @Test func channelEventsForAnUnknownMessageChangeNothing() throws {
        let api = try api([try feed()])
        refresh(api)
        let failures = Recorder<String>()
        api.sendInboxChannelEvents([
            InboxChannelEvent(eventType: .click, messageId: "a", messageDetails: nil),
            InboxChannelEvent(eventType: .click, messageId: "ghost", messageDetails: nil),
        ]) { result in
            if case .failure(let error) = result { failures.append("\(error)") }
        }
        #expect(eventually { failures.count == 1 })
        #expect(failures.items.first?.contains("ghost") == true)
        #expect(api.getUnreadMessagesCount() == 2)
        #expect(try workspace.query("SELECT count(*) FROM pending_events") == ["0"])
    }
}

/// Records what it is told, with the stored count it sees at that moment.
final class ResponseDelegate: InboxResponseDelegate, @unchecked Sendable {
    let log: Recorder<String>
    let api: InboxFeatureApi

    init(log: Recorder<String>, api: InboxFeatureApi) {
        self.log = log
        self.api = api
    }

    func inboxFeature(didReceive messages: [InboxMessage], from producer: MessageProducer) {
        let stored = api.getAllMessages().filter { $0.producer == producer }.count
        log.append("delegate \(producer.rawValue) \(messages.count) stored \(stored)")
    }
}
