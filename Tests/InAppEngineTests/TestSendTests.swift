import Foundation
import Testing

@testable import InAppEngine

/// `testSend`: the path `tinbox preview` shows campaigns by (B.10, B.11, B.16).
@Suite struct TestSendTests {
    static let slideup = #"{"id":"S","message":{"type":"slideup","header":"Hi {name}","autoDismissAfter":5}}"#

    static func campaign(_ json: String) throws -> Campaign {
        try #require(try PresenterTests.document(json).campaigns.first)
    }

    /// A presenter with an empty session, as preview holds one.
    static func presenter(reduceMotion: Bool = false) throws -> InAppPresenter {
        PresenterTests.started(try PresenterTests.document(""), configuration: .init(reduceMotion: reduceMotion)).0
    }

    static func timers(_ effects: [PresenterEffect]) -> [PresenterTimer: Double] {
        var booked: [PresenterTimer: Double] = [:]
        for effect in effects {
            if case .scheduleTimer(let timer, let at) = effect { booked[timer] = at }
            if case .cancelTimer(let timer) = effect { booked[timer] = nil }
        }
        return booked
    }

    @Test func aTestSendShowsAtOnceAndTheTimerClosesItAfterTheEntrancePlusItsVisibleTime() throws {
        var presenter = try Self.presenter()
        let sent = presenter.testSend(try Self.campaign(Self.slideup), at: PresenterTests.at(10))
        guard
            case .fetchPlaceholders(let request, _)? = sent.first(where: {
                if case .fetchPlaceholders = $0 { true } else { false }
            })
        else {
            Issue.record("no placeholder fetch: \(sent)")
            return
        }
        let answered = presenter.placeholdersArrived(
            requestId: request, values: ["name": "Ada"], at: PresenterTests.at(10))
        guard
            case .present(let presentation)? = answered.first(where: {
                if case .present = $0 { true } else { false }
            })
        else {
            Issue.record("not presented: \(answered)")
            return
        }
        #expect(presentation.header == "Hi Ada")
        #expect(presentation.campaign.isTest)
        let shown = presenter.presented(at: PresenterTests.at(10))
        #expect(PresenterTests.reports(shown) == [.shown(messageId: "S", header: "Hi Ada", body: nil, isTest: true)])
        #expect(Self.timers(shown)[.entrance] == 10.3)
        let entered = presenter.timerFired(.entrance, at: PresenterTests.at(10.3))
        #expect(PresenterTests.reports(entered) == [.impression(messageId: "S")])
        #expect(!entered.contains { if case .recordAnalytics = $0 { true } else { false } })
        #expect(Self.timers(entered)[.autoDismiss] == 15.3)
        let closed = presenter.timerFired(.autoDismiss, at: PresenterTests.at(15.3))
        #expect(PresenterTests.reports(closed) == [.dismissed(messageId: "S", reason: .timer)])
        #expect(closed.contains(.remove(messageId: "S")))
        #expect(!closed.contains { if case .recordAnalytics = $0 { true } else { false } })
    }

    @Test func backgroundTimeDoesNotCountTowardTheTestSendsVisibleTime() throws {
        var presenter = try Self.presenter(reduceMotion: true)
        let campaign = try Self.campaign(#"{"id":"S","message":{"type":"slideup","autoDismissAfter":5}}"#)
        _ = presenter.testSend(campaign, at: PresenterTests.at(0))
        let shown = presenter.presented(at: PresenterTests.at(0))
        #expect(Self.timers(shown)[.autoDismiss] == 5)
        _ = presenter.background(at: PresenterTests.at(2))
        let back = presenter.foreground(at: PresenterTests.at(12))
        #expect(Self.timers(back)[.autoDismiss] == 15)
    }

    @Test func aSecondTestSendReplacesTheFirstWithoutDismissalAnalytics() throws {
        var presenter = try Self.presenter(reduceMotion: true)
        _ = presenter.testSend(try Self.campaign(#"{"id":"A","message":{"type":"modal"}}"#), at: PresenterTests.at(0))
        _ = presenter.presented(at: PresenterTests.at(0))
        let next = presenter.testSend(
            try Self.campaign(#"{"id":"B","message":{"type":"modal"}}"#), at: PresenterTests.at(1))
        #expect(PresenterTests.reports(next) == [.dismissed(messageId: "A", reason: .switch)])
        #expect(next.contains(.remove(messageId: "A")))
        #expect(next.contains { if case .present(let shown) = $0 { shown.messageId == "B" } else { false } })
    }

    @Test func aTestSendBeforeMessagingStartsIsIgnoredWithAReason() throws {
        var presenter = InAppPresenter()
        let effects = presenter.testSend(try Self.campaign(Self.slideup), at: PresenterTests.at(0))
        #expect(PresenterTests.reports(effects).isEmpty)
        #expect(PresenterTests.logs(effects).first?.contains("messaging is not started") == true)
    }
}
