import Foundation
import Testing

@testable import InAppEngine

/// The state machine fed directly, for the inputs and effects `simulate` does not show.
@Suite struct PresenterTests {
    /// 2026-11-30 12:00 UTC: outside every quiet hours used here.
    static let epoch = Date(timeIntervalSince1970: 1_796_040_000)

    static func at(_ seconds: Double) -> EngineTime {
        EngineTime(uptime: seconds, utc: epoch.addingTimeInterval(seconds), utcOffset: 0)
    }

    static func document(_ campaigns: String, settings: String = "{}") throws -> CampaignDocument {
        try CampaignDocument.decode(Data(#"{"settings":\#(settings),"campaigns":[\#(campaigns)]}"#.utf8))
    }

    /// Starts messaging and answers the sync with `document`, returning every effect.
    static func started(
        _ document: CampaignDocument, language: String? = nil, configuration: InAppPresenter.Configuration = .init()
    ) -> (InAppPresenter, [PresenterEffect]) {
        var presenter = InAppPresenter(configuration: configuration, eventIds: SequentialEventIds())
        var effects = presenter.start(customer: "c1", language: language, at: at(0))
        guard
            case .requestSync(let request)? = effects.first(where: { if case .requestSync = $0 { true } else { false } }
            )
        else { return (presenter, effects) }
        effects += presenter.syncSucceeded(requestId: request.requestId, document: document, at: at(0))
        return (presenter, effects)
    }

    static func reports(_ effects: [PresenterEffect]) -> [PresenterReport] {
        effects.compactMap { if case .report(let report) = $0 { report } else { nil } }
    }

    static func logs(_ effects: [PresenterEffect]) -> [String] {
        effects.compactMap { if case .log(let line) = $0 { line } else { nil } }
    }

    static func hostQuestion(_ effects: [PresenterEffect]) -> Int? {
        for effect in effects { if case .askHost(let id, _) = effect { return id } }
        return nil
    }

    static let modal = #"{"id":"A","trigger":{"type":"event","event":"a"},"message":{"type":"modal","header":"A"}}"#

    @Test func dormantPresenterIgnoresEventsAndStartsNothing() {
        var presenter = InAppPresenter()
        #expect(presenter.event(name: "a", at: Self.at(1)).isEmpty)
        #expect(presenter.background(at: Self.at(2)).isEmpty)
        #expect(presenter.foreground(at: Self.at(3)).isEmpty)
        #expect(presenter.stop(at: Self.at(4)).isEmpty)
    }

    @Test func startingAgainForTheSameCustomerIsANoOp() throws {
        var (presenter, _) = Self.started(try Self.document(Self.modal))
        let again = presenter.start(customer: "c1", at: Self.at(1))
        #expect(Self.reports(again).isEmpty)
        #expect(!again.contains { if case .requestSync = $0 { true } else { false } })
    }

    @Test func hostIsAskedBeforeAnythingIsDrawnAndDiscardDoesNotConsumeTheRepeat() throws {
        var (presenter, _) = Self.started(try Self.document(Self.modal))
        let first = presenter.event(name: "a", at: Self.at(1))
        #expect(Self.reports(first) == [.selected(messageId: "A")])
        let id = try #require(Self.hostQuestion(first))
        #expect(
            Self.reports(presenter.hostAnswered(requestId: id, .discard, at: Self.at(1))) == [
                .discarded(messageId: "A")
            ])
        let second = presenter.event(name: "a", at: Self.at(2))
        #expect(Self.reports(second) == [.selected(messageId: "A")], "a discarded `once` campaign may show later")
    }

    @Test func messageRemovedBeforeItsEntranceEndsRecordsNoImpressionAndKeepsTheRepeat() throws {
        var (presenter, _) = Self.started(try Self.document(Self.modal))
        let id = try #require(Self.hostQuestion(presenter.event(name: "a", at: Self.at(1))))
        _ = presenter.hostAnswered(requestId: id, .show, at: Self.at(1))
        _ = presenter.presented(at: Self.at(1))
        let closing = presenter.close(at: Self.at(1.2))
        #expect(!Self.reports(closing).contains(.impression(messageId: "A")))
        #expect(presenter.timerFired(.entrance, at: Self.at(1.3)).isEmpty, "the entrance timer was cancelled")
        #expect(Self.reports(presenter.event(name: "a", at: Self.at(40))).first == .selected(messageId: "A"))
    }

    @Test func impressionAndAutoDismissStartWhenTheEntranceEnds() throws {
        let slideup = #"{"id":"S","trigger":{"type":"event","event":"s"},"message":{"type":"slideup"}}"#
        var (presenter, _) = Self.started(try Self.document(slideup))
        let id = try #require(Self.hostQuestion(presenter.event(name: "s", at: Self.at(1))))
        _ = presenter.hostAnswered(requestId: id, .show, at: Self.at(1))
        let shown = presenter.presented(at: Self.at(1))
        #expect(shown.contains(.scheduleTimer(.entrance, at: 1.3)))
        let entered = presenter.timerFired(.entrance, at: Self.at(1.3))
        #expect(Self.reports(entered) == [.impression(messageId: "S")])
        #expect(entered.contains(.scheduleTimer(.autoDismiss, at: 9.3)))
        #expect(presenter.waitingAnalytics.map(\.kind) == [.impression])
    }

    @Test func surfaceTapRunsTheClickActionUnlessTheHostHandledIt() throws {
        let campaign =
            #"{"id":"A","trigger":{"type":"event","event":"a"},"message":{"type":"modal","#
            + #""clickAction":{"type":"navigate","route":"/r"},"buttons":[{"id":"push","text":"On","#
            + #""action":{"type":"requestPushPermission"}},{"id":"x","text":"X","action":{"type":"shareSheet"}}]}}"#
        var (presenter, _) = Self.started(try Self.document(campaign))
        let id = try #require(Self.hostQuestion(presenter.event(name: "a", at: Self.at(1))))
        _ = presenter.hostAnswered(requestId: id, .show, at: Self.at(1))
        _ = presenter.presented(at: Self.at(1))
        let handled = presenter.tap(buttonId: nil, handledByHost: true, at: Self.at(2))
        #expect(Self.reports(handled) == [.click(messageId: "A", buttonId: nil, url: nil)])
        let surface = presenter.tap(buttonId: nil, at: Self.at(3))
        #expect(Self.reports(surface).last == .action(messageId: "A", .navigate(route: "/r", arguments: [:])))
        let unsupported = presenter.tap(buttonId: "x", at: Self.at(4))
        #expect(Self.reports(unsupported).last == .action(messageId: "A", .unsupported(type: "shareSheet")))
        #expect(presenter.visibleMessageId == "A", "navigate and unsupported leave the message open")
        let push = presenter.tap(buttonId: "push", at: Self.at(5))
        #expect(Self.reports(push).last == .dismissed(messageId: "A", reason: .action))
        #expect(presenter.visibleMessageId == nil)
        #expect(!presenter.waitingAnalytics.contains { $0.kind == .dismissal })
    }

    @Test func rightToLeftLanguagesMirrorThePresentation() throws {
        let document = try Self.document(Self.modal, settings: #"{"supportedLanguages":["en","ar"]}"#)
        var (presenter, _) = Self.started(document, language: "ar")
        let id = try #require(Self.hostQuestion(presenter.event(name: "a", at: Self.at(1))))
        let effects = presenter.hostAnswered(requestId: id, .show, at: Self.at(1))
        guard case .present(let presentation)? = effects.last else {
            Issue.record("expected a presentation")
            return
        }
        #expect(presentation.language == "ar")
        #expect(presentation.isRightToLeft)
    }

    @Test func artworkArrivingAtExactlyFiveSecondsHasTimedOut() throws {
        let campaign =
            #"{"id":"I","trigger":{"type":"event","event":"i"},"message":{"type":"modal","imageURL":"https://x/a.png"}}"#
        var (presenter, effects) = Self.started(try Self.document(campaign))
        #expect(effects.contains(.scheduleTimer(.artworkTimeout("https://x/a.png"), at: 5)))
        _ = presenter.artworkArrived(key: "https://x/a.png", at: Self.at(5))
        let event = presenter.event(name: "i", at: Self.at(6))
        #expect(Self.reports(event) == [.dropped(messageId: "I", reason: .artwork)])
        #expect(Self.logs(event).contains("[tinbox-iam] campaign I skipped: artwork not ready"))
    }

    @Test func campaignWindowIsCheckedBeforeTheRepeatRule() throws {
        let campaigns =
            #"{"id":"early","trigger":{"type":"event","event":"w"},"startsAt":"2037-01-01T00:00:00.000Z","#
            + #""message":{"type":"modal"}},{"id":"late","trigger":{"type":"event","event":"w"},"#
            + #""endsAt":"2026-01-01T00:00:00.000Z","message":{"type":"modal"}},"#
            + #"{"id":"odd","trigger":{"type":"event","event":"w"},"message":{"type":"banner"}}"#
        var (presenter, _) = Self.started(try Self.document(campaigns))
        #expect(
            Self.reports(presenter.event(name: "w", at: Self.at(1))) == [
                .dropped(messageId: "early", reason: .notStarted), .dropped(messageId: "late", reason: .expired),
                .dropped(messageId: "odd", reason: .unsupported),
            ])
    }

    @Test func intervalRepeatAllowsDisplayAtExactlyItsSeconds() throws {
        let campaign =
            #"{"id":"I","trigger":{"type":"event","event":"i"},"repeat":{"type":"interval","seconds":100},"#
            + #""message":{"type":"modal"}}"#
        let document = try Self.document(campaign, settings: #"{"cooldownSeconds":0}"#)
        var (presenter, _) = Self.started(document, configuration: .init(reduceMotion: true))
        let id = try #require(Self.hostQuestion(presenter.event(name: "i", at: Self.at(1))))
        _ = presenter.hostAnswered(requestId: id, .show, at: Self.at(1))
        _ = presenter.presented(at: Self.at(1))
        _ = presenter.close(at: Self.at(2))
        #expect(
            Self.reports(presenter.event(name: "i", at: Self.at(100.999))) == [
                .dropped(messageId: "I", reason: .repeat)
            ])
        #expect(Self.reports(presenter.event(name: "i", at: Self.at(101))) == [.selected(messageId: "I")])
    }

    @Test func decisionLogNamesTheCampaignsAndReasons() throws {
        let campaigns =
            #"{"id":"A","priority":1,"trigger":{"type":"event","event":"x"},"message":{"type":"modal"}},"#
            + #"{"id":"B","priority":2,"trigger":{"type":"event","event":"x"},"message":{"type":"modal"}}"#
        let document = try Self.document(campaigns, settings: #"{"quietHours":{"start":"22:00","end":"07:00"}}"#)
        var (presenter, _) = Self.started(document)
        let trigger = Self.logs(presenter.event(name: "x", at: Self.at(1)))
        #expect(trigger.contains("[tinbox-iam] deferring campaign B: campaign A took this trigger first"))
        #expect(presenter.deferredMessageIds == ["B"])
        let quietTime = EngineTime(uptime: 5, utc: Date(timeIntervalSince1970: 23 * 3600), utcOffset: 0)
        let quiet = Self.logs(presenter.event(name: "x", at: quietTime))
        #expect(quiet.contains("[tinbox-iam] campaign A suppressed: inside quiet hours 22:00-07:00"))
    }

    @Test func retryHeldByTheCooldownSaysSoInTheLog() throws {
        let document = try Self.document(
            Self.modal + ","
                + Self.modal.replacingOccurrences(of: "\"A\"", with: "\"B\"")
                .replacingOccurrences(of: "\"a\"", with: "\"b\""))
        var (presenter, _) = Self.started(document, configuration: .init(reduceMotion: true))
        let id = try #require(Self.hostQuestion(presenter.event(name: "a", at: Self.at(1))))
        _ = presenter.hostAnswered(requestId: id, .show, at: Self.at(1))
        _ = presenter.presented(at: Self.at(1))
        _ = presenter.event(name: "b", at: Self.at(2))
        let closing = presenter.close(at: Self.at(3))
        #expect(
            Self.logs(closing).contains {
                $0.hasPrefix("[tinbox-iam] holding deferred campaign B: inside the display floor")
            })
        #expect(closing.contains(.scheduleTimer(.deferredRetry, at: 31)))
    }

    @Test func decodingProblemsAreLoggedOnceAcrossSyncs() throws {
        let document = try Self.document(#"{"id":"broken","trigger":{"type":"sessionStart"}}"#)
        var (presenter, first) = Self.started(document)
        #expect(Self.logs(first).filter { $0.contains("broken") }.count == 1)
        _ = presenter.background(at: Self.at(1))
        let again = presenter.foreground(at: Self.at(40))
        guard case .requestSync(let request)? = again.last else {
            Issue.record("a new session syncs")
            return
        }
        let second = presenter.syncSucceeded(requestId: request.requestId, document: document, at: Self.at(40))
        #expect(Self.logs(second).filter { $0.contains("broken") }.isEmpty)
    }

    @Test func placeholderAnswerAtExactlyTwoSecondsIsIgnored() throws {
        let campaign =
            #"{"id":"P","trigger":{"type":"event","event":"p"},"message":{"type":"modal","header":"Hi {name}"}}"#
        var (presenter, _) = Self.started(try Self.document(campaign))
        let id = try #require(Self.hostQuestion(presenter.event(name: "p", at: Self.at(1))))
        let asked = presenter.hostAnswered(requestId: id, .show, at: Self.at(1))
        guard case .fetchPlaceholders(let request, "c1")? = asked.last else {
            Issue.record("expected a placeholder fetch")
            return
        }
        #expect(presenter.placeholdersArrived(requestId: request, values: ["name": "Late"], at: Self.at(3)).isEmpty)
        let timedOut = presenter.timerFired(.placeholderTimeout, at: Self.at(3))
        guard case .present(let presentation)? = timedOut.last else {
            Issue.record("the timeout presents with the last values")
            return
        }
        #expect(presentation.header == "Hi ")
    }
}

extension PresenterTests {
    @Test func artworkNotReadyIsFetchedAgainAtTheNextSync() throws {
        let campaign =
            #"{"id":"I","trigger":{"type":"event","event":"i"},"message":{"type":"modal","imageURL":"https://x/a.png"}}"#
        let document = try Self.document(campaign)
        var (presenter, first) = Self.started(document)
        #expect(first.contains(.fetchArtwork(ArtworkReference("https://x/a.png", documentBase: nil))))
        // Why it failed is in the log line, sanitized: a picture too large was dropped with no reason.
        let failed = presenter.artworkFailed(
            key: "https://x/a.png", reason: "cannot read /p/a\u{1B}.png: it is larger than 64 MiB", at: Self.at(1))
        #expect(
            failed.contains(
                .log(
                    "[tinbox-iam] artwork https://x/a.png failed (cannot read /p/a\u{241B}.png: it is larger than 64 MiB):"
                        + " not ready until the next sync")), "\(failed)")
        _ = presenter.background(at: Self.at(2))
        let foreground = presenter.foreground(at: Self.at(40))
        guard case .requestSync(let request)? = foreground.last else {
            Issue.record("more than 30 s away starts a session that syncs")
            return
        }
        let second = presenter.syncSucceeded(requestId: request.requestId, document: document, at: Self.at(40))
        #expect(second.contains(.fetchArtwork(ArtworkReference("https://x/a.png", documentBase: nil))))
        _ = presenter.artworkArrived(key: "https://x/a.png", at: Self.at(41))
        let third = presenter.syncSucceeded(requestId: request.requestId, document: document, at: Self.at(42))
        #expect(third.isEmpty, "a stale sync answer is ignored")
        #expect(Self.reports(presenter.event(name: "i", at: Self.at(43))) == [.selected(messageId: "I")])
    }

    @Test func switchRemovesTheMessageWithoutDismissalAndClearsTheStack() throws {
        let campaigns =
            #"{"id":"A","priority":1,"trigger":{"type":"event","event":"x"},"message":{"type":"modal"}},"#
            + #"{"id":"B","priority":2,"trigger":{"type":"event","event":"x"},"message":{"type":"modal"}}"#
        var (presenter, _) = Self.started(try Self.document(campaigns), configuration: .init(reduceMotion: true))
        let id = try #require(Self.hostQuestion(presenter.event(name: "x", at: Self.at(1))))
        _ = presenter.hostAnswered(requestId: id, .show, at: Self.at(1))
        _ = presenter.presented(at: Self.at(1))
        #expect(presenter.deferredMessageIds == ["B"])
        let switched = presenter.start(customer: "c2", at: Self.at(2))
        let reports = Self.reports(switched)
        #expect(reports.first == .dismissed(messageId: "A", reason: .switch))
        #expect(presenter.deferredMessageIds.isEmpty)
        #expect(presenter.visibleMessageId == nil)
        guard
            case .sendAnalytics(let batch)? = switched.first(where: {
                if case .sendAnalytics = $0 { true } else { false }
            })
        else {
            Issue.record("the old customer's analytics go at the switch")
            return
        }
        #expect(batch.events.map(\.customerId) == ["c1"])
        #expect(batch.events.map(\.kind) == [.impression])
    }
}
