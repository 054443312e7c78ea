import Foundation
import InboxCore
import Testing

@testable import InAppEngine

/// `tinbox explain`: the checklist of issue 5 point 5, in the presenter's order.
@Suite struct ExplainTests {
    typealias P = PresenterTests

    static let campaigns =
        #"{"id":"c-42","variationId":"b","priority":1,"trigger":{"type":"event","event":"place_order","#
        + #""filters":[{"property":"price","op":"gte","value":100},{"property":"currency","op":"eq","value":"USD"}]},"#
        + #""message":{"type":"modal","header":"Thanks"}},"#
        + #"{"id":"land","trigger":{"type":"sessionStart"},"message":{"type":"modal","orientation":"portrait"}},"#
        + #"{"id":"pic","trigger":{"type":"event","event":"p"},"message":{"type":"modal","imageURL":"http://x/a.png"}},"#
        + #"{"id":"broken","trigger":{"type":"event","event":"b"}}"#

    static func gates(_ explanation: Explanation) -> [String] {
        explanation.checks.map { ($0.passed ? "+" : "-") + $0.gate.rawValue }
    }

    @Test func dormantPresenterWithNoCustomerSaysMessagingIsNotStarted() {
        let explanation = InAppPresenter().explain(campaignId: "c-42", at: P.at(0))
        #expect(Self.gates(explanation) == ["-started", "-customer"])
        #expect(explanation.renderExplanation().first == "✗ messaging is not started (it starts for a customer)")
        #expect(explanation.verdict == "blocked by: messaging")
    }

    @Test func campaignThatWouldShowPassesEveryGateAndDescribesItsTrigger() throws {
        let (presenter, _) = P.started(
            try P.document(Self.campaigns, settings: #"{"quietHours":{"start":"22:00","end":"07:00"}}"#))
        let explanation = presenter.explain(campaignId: "c-42", at: P.at(1))
        #expect(explanation.messageId == "c-42/b", "an id without its variation resolves")
        #expect(explanation.wouldShow)
        #expect(
            Self.gates(explanation) == [
                "+started", "+customer", "+campaign", "+window", "+trigger", "+repeat", "+quietHours", "+artwork",
                "+visible", "+cooldown", "+orientation", "+room",
            ])
        let lines = explanation.renderExplanation()
        #expect(lines.first == "✓ messaging started for customer c1")
        #expect(lines.contains(#"✓ triggers on event place_order (any case) when price >= 100 and currency == "USD""#))
        #expect(lines.contains("✓ outside quiet hours 22:00-07:00 (local time 12:00)"))
        // Beside a `once` used in an earlier run, "no message shown yet" read as a contradiction.
        #expect(lines.contains("✓ cooldown 30 s: no message shown in this run (the last one is not kept across runs)"))
        #expect(lines.last == "would show on its trigger")
    }

    @Test func cooldownNamesTheSecondsLeftAndTheLastPresentation() throws {
        var (presenter, _) = P.started(try P.document(Self.campaigns), configuration: .init(reduceMotion: true))
        let order: [String: JSONValue] = ["price": .number(150), "currency": .string("USD")]
        let asked = presenter.event(name: "place_order", properties: order, at: P.at(10))
        let id = try #require(P.hostQuestion(asked))
        _ = presenter.hostAnswered(requestId: id, .show, at: P.at(10))
        _ = presenter.presented(at: P.at(10))
        let showing = presenter.explain(campaignId: "c-42/b", at: P.at(12))
        #expect(showing.blocker?.gate == .repeatRule, "once, and its impression is recorded")
        #expect(showing.checks.contains { $0.gate == .visible && !$0.passed })
        _ = presenter.close(at: P.at(20))
        let lines = presenter.explain(campaignId: "land", at: P.at(28)).renderExplanation()
        #expect(
            lines.contains(
                "✗ cooldown: 12 s left (cooldown 30 s from the last message shown at 2026-11-30T12:00:10.000Z)"))
        #expect(
            lines.contains("✗ orientation: it needs portrait, the 80x24 terminal is landscape (waits for a resize)"))
        #expect(lines.contains("✓ triggers on session start (a start, or a foreground after more than 30 s away)"))
        #expect(lines.last == "blocked by: cooldown")
        let repeatLine = presenter.explain(campaignId: "c-42/b", at: P.at(28)).renderExplanation()
            .first { $0.contains("repeat once") }
        #expect(repeatLine == "✗ repeat once: already used (impression at 2026-11-30T12:00:10.000Z for customer c1)")
    }

    @Test func refusedArtworkAndUnusableCampaignsSayWhy() throws {
        let (presenter, _) = P.started(try P.document(Self.campaigns))
        let artwork = presenter.explain(campaignId: "pic", at: P.at(1))
        #expect(artwork.blocker?.gate == .artwork)
        #expect(artwork.blocker?.sentence.contains("http://x/a.png refused (http:// is never fetched") == true)
        let broken = presenter.explain(campaignId: "broken", at: P.at(1))
        #expect(broken.blocker?.gate == .campaign)
        #expect(broken.blocker?.sentence.hasPrefix("campaign broken is unusable: campaign broken: message") == true)
    }

    @Test func unknownIdSuggestsTheNearMiss() throws {
        let (presenter, _) = P.started(try P.document(Self.campaigns))
        let explanation = presenter.explain(campaignId: "c-24", at: P.at(1))
        #expect(explanation.suggestion == "c-42")
        #expect(
            explanation.renderExplanation().contains(
                "✗ unknown campaign id c-24: no campaign for customer c1 has it; did you mean c-42?"))
        #expect(explanation.verdict == "blocked by: campaign")
        #expect(presenter.explain(campaignId: "zzzzzz", at: P.at(1)).suggestion == nil)
    }

    @Test func windowQuietHoursRoomAndIntervalAreExplained() throws {
        let campaigns =
            #"{"id":"later","trigger":{"type":"event","event":"x"},"startsAt":"2037-01-01T00:00:00.000Z","#
            + #""message":{"type":"modal"}},{"id":"every","trigger":{"type":"event","event":"i"},"#
            + #""repeat":{"type":"interval","seconds":100},"message":{"type":"modal"}}"#
        let document = try P.document(
            campaigns, settings: #"{"cooldownSeconds":0,"quietHours":{"start":"11:00","end":"13:00"}}"#)
        var (presenter, _) = P.started(document, configuration: .init(reduceMotion: true, columns: 30, rows: 8))
        let later = presenter.explain(campaignId: "later", at: P.at(1))
        #expect(later.blocker?.blockedBy == .reason(.notStarted))
        #expect(later.blocker?.blockedBy.rawValue == "notStarted")
        #expect(later.checks.contains { $0.gate == .quietHours && !$0.passed })
        #expect(later.renderExplanation().contains("✗ no room: the 30x8 terminal is smaller than 40x10"))

        let evening = EngineTime(uptime: 2, utc: P.epoch.addingTimeInterval(6 * 3600), utcOffset: 0)
        _ = presenter.resize(columns: 120, rows: 40, at: evening)
        let id = try #require(P.hostQuestion(presenter.event(name: "i", at: evening)))
        _ = presenter.hostAnswered(requestId: id, .show, at: evening)
        _ = presenter.presented(at: evening)
        _ = presenter.close(at: evening.advanced(by: 1))
        let interval = presenter.explain(campaignId: "every", at: evening.advanced(by: 40))
        #expect(
            interval.blocker?.sentence
                == "repeat interval 100 s: last impression at 2026-11-30T18:00:00.000Z, next allowed at 2026-11-30T18:01:40.000Z"
        )
    }
}
