import Foundation
import InboxCore
import Testing

@testable import InAppEngine

/// The hooks a real-time driver needs to keep analytics, history and placeholder values across
/// restarts (BEHAVIOR B.1, B.12, B.15).
@Suite struct DurabilityTests {
    typealias P = PresenterTests

    static let onceModal =
        #"{"id":"A","trigger":{"type":"event","event":"a"},"message":{"type":"modal","header":"Hi {name}"}}"#

    /// Shows the campaign triggered by `event` with reduce-motion (the impression at once).
    static func show(
        _ presenter: inout InAppPresenter, event: String, at seconds: Double, placeholders: [String: String] = [:]
    ) throws -> [PresenterEffect] {
        var effects = presenter.event(name: event, at: P.at(seconds))
        let id = try #require(P.hostQuestion(effects))
        effects += presenter.hostAnswered(requestId: id, .show, at: P.at(seconds))
        if case .fetchPlaceholders(let request, _)? = effects.last {
            effects += presenter.placeholdersArrived(requestId: request, values: placeholders, at: P.at(seconds))
        }
        effects += presenter.presented(at: P.at(seconds))
        return effects
    }

    static func recorded(_ effects: [PresenterEffect]) -> [AnalyticsEvent] {
        effects.compactMap { if case .recordAnalytics(let event) = $0 { event } else { nil } }
    }

    static func storedHistories(_ effects: [PresenterEffect]) -> [(String, FrequencyHistory)] {
        effects.compactMap {
            if case .storeHistory(let customer, let history) = $0 { (customer, history) } else { nil }
        }
    }

    static func batches(_ effects: [PresenterEffect]) -> [AnalyticsBatch] {
        effects.compactMap { if case .sendAnalytics(let batch) = $0 { batch } else { nil } }
    }

    // MARK: Analytics outbox

    @Test func everyQueuedAnalyticsEventIsRecordedForTheOutboxAtOnce() throws {
        var (presenter, _) = P.started(try P.document(Self.onceModal), configuration: .init(reduceMotion: true))
        let shown = try Self.show(&presenter, event: "a", at: 1)
        #expect(Self.recorded(shown).map(\.kind) == [.impression])
        #expect(Self.recorded(shown) == presenter.waitingAnalytics)
        let closed = presenter.close(at: P.at(2))
        #expect(Self.recorded(closed).map(\.kind) == [.dismissal])
        let dismissalIndex = try #require(closed.firstIndex { if case .recordAnalytics = $0 { true } else { false } })
        let removeIndex = try #require(closed.firstIndex { if case .remove = $0 { true } else { false } })
        #expect(removeIndex < dismissalIndex, "the record comes as the event is queued, after the closing it reports")
    }

    @Test func testSendsRecordNothingForTheOutbox() throws {
        let test = #"{"id":"T","test":true,"trigger":{"type":"event","event":"t"},"message":{"type":"modal"}}"#
        var (presenter, _) = P.started(try P.document(test), configuration: .init(reduceMotion: true))
        var effects = try Self.show(&presenter, event: "t", at: 1)
        effects += presenter.close(at: P.at(2))
        #expect(Self.recorded(effects).isEmpty)
    }

    @Test func okAnswerAcknowledgesTheBatchAndAFailedOneKeepsItStored() throws {
        var (presenter, _) = P.started(try P.document(Self.onceModal), configuration: .init(reduceMotion: true))
        _ = try Self.show(&presenter, event: "a", at: 1)
        let ids = presenter.waitingAnalytics.map(\.eventId)
        let background = presenter.background(at: P.at(2))
        let first = try #require(Self.batches(background).first)
        let failed = presenter.analyticsAnswered(batchId: first.id, ok: false, at: P.at(2))
        #expect(!failed.contains { if case .acknowledgeAnalytics = $0 { true } else { false } })
        _ = presenter.foreground(at: P.at(3))
        let tick = presenter.timerFired(.analyticsTick, at: P.at(30))
        let second = try #require(Self.batches(tick).first)
        #expect(second.events.map(\.eventId) == ids, "a failed batch goes again with the same ids")
        let ok = presenter.analyticsAnswered(batchId: second.id, ok: true, at: P.at(30))
        #expect(ok.contains(.acknowledgeAnalytics(eventIds: ids)))
    }

    @Test func analyticsInstantsKeepEveryMillisecondThroughTheWireAndBack() throws {
        for millisecond in 0..<1000 {
            let text = "2026-12-01T16:43:37.\(String(format: "%03d", millisecond))Z"
            let event = AnalyticsEvent(
                eventId: UUID(), kind: .impression, messageId: "m", customerId: "c", buttonId: nil, url: nil,
                at: try #require(UTCDate.parse(text)))
            let again = try JSONDecoder().decode(AnalyticsEvent.self, from: Data(event.wireJSON.utf8))
            #expect(event.wireJSON.hasSuffix(#""at":"\#(text)"}"#) && again.wireJSON == event.wireJSON)
        }
    }

    @Test func analyticsEventUsesTheProtocolFieldNamesAndTheUTCWireForm() throws {
        let event = AnalyticsEvent(
            eventId: try #require(UUID(uuidString: "00000000-0000-4000-8000-00000000000A")), kind: .click,
            messageId: "c-42/b", customerId: "customer_123", buttonId: "claim", url: nil,
            at: Date(timeIntervalSince1970: 1_796_033_601.25))
        #expect(
            event.wireJSON
                == #"{"eventId":"00000000-0000-4000-8000-00000000000a","type":"click","messageId":"c-42/b","#
                + #""customerId":"customer_123","buttonId":"claim","url":null,"at":"2026-11-30T10:13:21.250Z"}"#)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(event)
        let object = try #require(JSONValue.parse(data)?.objectValue)
        #expect(Set(object.keys) == ["eventId", "type", "messageId", "customerId", "buttonId", "url", "at"])
        #expect(object["url"] == .null)
        #expect(object["at"] == .string("2026-11-30T10:13:21.250Z"))
        #expect(try JSONDecoder().decode(AnalyticsEvent.self, from: data) == event)
        #expect(try JSONDecoder().decode(AnalyticsEvent.self, from: Data(event.wireJSON.utf8)) == event)
    }

    @Test func restoredAnalyticsGoFirstInTheirOrderWithTheirIdsAndNeverTwice() throws {
        let stored = (1...2).map { index in
            AnalyticsEvent(
                eventId: UUID(uuidString: "10000000-0000-4000-8000-00000000000\(index)")!, kind: .impression,
                messageId: "old", customerId: "c1", at: Date(timeIntervalSince1970: 1_796_000_000))
        }
        var presenter = InAppPresenter(configuration: .init(reduceMotion: true), eventIds: SequentialEventIds())
        let restored = presenter.restoreAnalytics(stored, at: P.at(0))
        #expect(Self.recorded(restored).isEmpty, "restored events are stored already")
        #expect(presenter.restoreAnalytics(stored, at: P.at(0)).isEmpty)
        #expect(presenter.waitingAnalytics == stored)
        let started = presenter.start(customer: "c1", at: P.at(0))
        #expect(started.contains(.scheduleTimer(.analyticsTick, at: 30)), "they wait for the first tick")
        let request = try #require(
            started.lazy.compactMap { if case .requestSync(let request) = $0 { request } else { nil } }.first)
        _ = presenter.syncSucceeded(requestId: request.requestId, document: try P.document(Self.onceModal), at: P.at(0))
        _ = try Self.show(&presenter, event: "a", at: 1)
        #expect(presenter.restoreAnalytics(stored, at: P.at(2)).isEmpty)
        let batch = try #require(Self.batches(presenter.timerFired(.analyticsTick, at: P.at(30))).first)
        #expect(batch.events.map(\.messageId) == ["old", "old", "A"])
        #expect(Array(batch.events.prefix(2)) == stored)
        #expect(presenter.restoreAnalytics(stored, at: P.at(31)).isEmpty, "in flight: not restored again")
    }

    @Test func tenRestoredEventsOnARunningPresenterGoAtOnce() throws {
        var (presenter, _) = P.started(try P.document(Self.onceModal))
        let stored = (1...10).map { index in
            AnalyticsEvent(
                eventId: UUID(), kind: .dismissal, messageId: "m\(index)", customerId: "c1",
                at: Date(timeIntervalSince1970: 1_796_000_000))
        }
        let effects = presenter.restoreAnalytics(stored, at: P.at(1))
        #expect(Self.batches(effects).first?.events == stored)
    }

    // MARK: Frequency history

    @Test func impressionStoresTheHistoryAndAStoredHistoryComesBackAtStart() throws {
        let document = try P.document(Self.onceModal)
        var (presenter, startEffects) = P.started(document, configuration: .init(reduceMotion: true))
        #expect(Self.storedHistories(startEffects).map(\.0) == ["c1"], "a fresh history replaces what was stored")
        let shown = try Self.show(&presenter, event: "a", at: 1)
        let (customer, history) = try #require(Self.storedHistories(shown).last)
        #expect(customer == "c1")
        #expect(history.messageIds == ["A"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(history), as: UTF8.self)
        #expect(json == #"{"customerId":"c1","impressions":[{"at":"2026-11-30T12:00:01.000Z","messageId":"A"}]}"#)
        let stored = try JSONDecoder().decode(FrequencyHistory.self, from: Data(json.utf8))

        var restarted = InAppPresenter(configuration: .init(reduceMotion: true))
        let start = restarted.start(customer: "c1", history: stored, at: P.at(100))
        #expect(Self.storedHistories(start).isEmpty, "the stored history is taken as it is")
        let request = try #require(
            start.lazy.compactMap { if case .requestSync(let request) = $0 { request } else { nil } }.first)
        _ = restarted.syncSucceeded(requestId: request.requestId, document: document, at: P.at(100))
        #expect(P.reports(restarted.event(name: "a", at: P.at(101))) == [.dropped(messageId: "A", reason: .repeat)])
    }

    @Test func storedHistoryOfAnotherCustomerIsNotUsed() throws {
        var stored = FrequencyHistory(owner: "c1")
        stored.recordImpression(
            of: try #require(try P.document(Self.onceModal).campaigns.first), at: P.at(1), session: 1)
        var presenter = InAppPresenter()
        let start = presenter.start(customer: "c2", history: stored, at: P.at(5))
        let fresh = try #require(Self.storedHistories(start).first)
        #expect(fresh.0 == "c2")
        #expect(fresh.1.messageIds.isEmpty)
    }

    @Test func restoredIntervalCountsOnTheWallClock() throws {
        let campaign =
            #"{"id":"I","trigger":{"type":"event","event":"i"},"repeat":{"type":"interval","seconds":3600},"#
            + #""message":{"type":"modal"}}"#
        let document = try P.document(campaign)
        let json = #"{"customerId":"c1","impressions":[{"messageId":"I","at":"2026-11-30T11:30:00.000Z"}]}"#
        let stored = try JSONDecoder().decode(FrequencyHistory.self, from: Data(json.utf8))
        var presenter = InAppPresenter()
        // Uptime restarts near 0 in a new process; the wall clock says 30 minutes have passed.
        let start = presenter.start(customer: "c1", history: stored, at: P.at(0))
        let request = try #require(
            start.lazy.compactMap { if case .requestSync(let request) = $0 { request } else { nil } }.first)
        _ = presenter.syncSucceeded(requestId: request.requestId, document: document, at: P.at(0))
        #expect(P.reports(presenter.event(name: "i", at: P.at(1799))) == [.dropped(messageId: "I", reason: .repeat)])
        #expect(P.reports(presenter.event(name: "i", at: P.at(1800))) == [.selected(messageId: "I")])
    }

    // MARK: Placeholder values

    @Test func newPlaceholderValuesAreStoredAndComeBackAtStart() throws {
        let document = try P.document(Self.onceModal)
        var (presenter, _) = P.started(document, configuration: .init(reduceMotion: true))
        let shown = try Self.show(&presenter, event: "a", at: 1, placeholders: ["name": "Sara"])
        #expect(shown.contains(.storePlaceholders(customer: "c1", values: ["name": "Sara"])))

        var restarted = InAppPresenter(configuration: .init(reduceMotion: true))
        let start = restarted.start(
            customer: "c1", placeholders: StoredPlaceholders(customer: "c1", values: ["name": "Sara"]), at: P.at(0))
        #expect(!start.contains { if case .storePlaceholders = $0 { true } else { false } })
        let request = try #require(
            start.lazy.compactMap { if case .requestSync(let request) = $0 { request } else { nil } }.first)
        _ = restarted.syncSucceeded(requestId: request.requestId, document: document, at: P.at(0))
        let id = try #require(P.hostQuestion(restarted.event(name: "a", at: P.at(1))))
        let asked = restarted.hostAnswered(requestId: id, .show, at: P.at(1))
        guard case .fetchPlaceholders(let fetch, _)? = asked.last else {
            Issue.record("expected a placeholder fetch")
            return
        }
        let failed = restarted.placeholdersFailed(requestId: fetch, at: P.at(1.5))
        guard case .present(let presentation)? = failed.last else {
            Issue.record("a failed fetch presents with the last values held")
            return
        }
        #expect(presentation.header == "Hi Sara")
    }

    // MARK: Clock

    @Test func engineTimeReadsAManualClock() throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_796_040_000), uptime: 500)
        let zone = try #require(TimeZone(secondsFromGMT: 2 * 3600))
        let first = EngineTime(clock: clock, timeZone: zone)
        #expect(first == EngineTime(uptime: 500, utc: Date(timeIntervalSince1970: 1_796_040_000), utcOffset: 7200))
        #expect(first.localSecondsOfDay == 14 * 3600, "12:00 UTC is 14:00 at +02:00")
        clock.advance(by: 1.5)
        let second = EngineTime(clock: clock, timeZone: zone)
        #expect(second == first.advanced(by: 1.5))
        clock.setWallClock(Date(timeIntervalSince1970: 0))
        #expect(EngineTime(clock: clock, timeZone: zone).uptime == 501.5, "moving the wall clock leaves uptime")
    }
}
