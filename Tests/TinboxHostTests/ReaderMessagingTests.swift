import Foundation
import InAppEngine
import InAppSync
import InboxCore
import TerminalUI
import Testing

@testable import TinboxHost

/// The reader's in-app driver as a host of TinboxKit, on a manual clock: the overlay draws what
/// the kit's public presentation says, exactly as the engine had it, and the kit's calls from its
/// own queue reach the reader's thread through the surface and its wake.
@Suite struct ReaderMessagingTests {
    /// Every field the overlay reads, set: a variation, colours (a button's border too), alignments,
    /// a scrim colour, a local image and icon, flags that differ from the defaults.
    static let campaigns = #"""
        {"campaigns": [
          {"id": "welcome", "variationId": "b", "trigger": {"type": "sessionStart"}, "message": {"type": "modal", "header": "Hello there",
            "body": "A body long enough to wrap across the card's lines, twice.",
            "imageURL": "art.png", "iconURL": "file:icon.png", "layout": "textWithImage",
            "showCloseButton": false, "dismissOnScrimTap": true, "autoDismissAfter": 0,
            "orientation": "any", "extras": {"k": "v"},
            "clickAction": {"type": "navigate", "route": "/home"},
            "style": {"backgroundColor": "#102030", "textColor": "#FFEEDD", "headerColor": "#AABBCC",
              "closeButtonColor": "#010203", "borderColor": "#0A0B0C", "frameColor": "#332211",
              "headerAlignment": "center", "bodyAlignment": "trailing"},
            "buttons": [
              {"id": "go", "text": "Go", "action": {"type": "openURL", "url": "https://example.com/x"},
               "style": {"backgroundColor": "#00FF00", "textColor": "#000000", "borderColor": "#FF00FF"}},
              {"id": "no", "text": "Not now", "action": {"type": "dismiss"}}]}},
          {"id": "toast", "trigger": {"type": "event", "event": "ping"},
            "message": {"type": "slideup", "header": "Pong", "autoDismissAfter": 2}}
        ]}
        """#

    final class Fixture {
        let folder: URL
        let file: URL
        let clock = ManualClock()
        let wake = InputWake()
        let messaging: ReaderMessaging

        init() throws {
            folder = try HostFixture.folder("reader-iam")
            file = folder.appendingPathComponent("campaigns.json")
            try Data(ReaderMessagingTests.campaigns.utf8).write(to: file)
            try Data([0x89, 0x50]).write(to: folder.appendingPathComponent("art.png"))
            try Data([0x89, 0x50]).write(to: folder.appendingPathComponent("icon.png"))
            var setup = try HostFixture.setup(folder: folder, clock: clock, campaigns: file, reduceMotion: true)
            setup.wake = wake
            messaging = ReaderMessaging(setup: setup)
        }

        deinit {
            messaging.stop()
            try? FileManager.default.removeItem(at: folder)
        }

        /// The driver's events until `done` says they are enough, or 10 s have passed.
        func events(until done: ([ReaderEvent]) -> Bool, first: [ReaderEvent] = []) -> [ReaderEvent] {
            var events = first
            let deadline = Date().addingTimeInterval(10)
            while !done(events), Date() < deadline {
                events += messaging.pump(userIsBusy: false)
                if !done(events) { usleep(2_000) }
            }
            return events
        }
    }

    static func shown(_ events: [ReaderEvent]) -> [ShownMessage] { HostFixture.shown(events) }
    static func removed(_ events: [ReaderEvent]) -> [String] { HostFixture.removed(events) }
    static func logs(_ events: [ReaderEvent]) -> [String] { HostFixture.logs(events) }

    @Test func theOverlayGetsWhatTheEngineWouldHaveDrawnFromTheKitsPublicPresentation() throws {
        let fixture = try Fixture()
        let events = fixture.events(until: { !Self.shown($0).isEmpty }, first: fixture.messaging.start())
        let rebuilt = try #require(Self.shown(events).first).presentation

        let source = try InAppSync.CampaignSource.parse(fixture.file.path, token: nil, format: nil)
        let document = try source.read(Data(contentsOf: fixture.file))
        let campaign = try #require(document.campaigns.first { $0.id == "welcome" })
        var expected = Presentation(campaign, values: [:], language: "en")
        // Not drawn: how the campaign is chosen, and what the actions do (the kit runs those).
        expected.campaign.trigger = rebuilt.campaign.trigger
        expected.campaign.repeatRule = rebuilt.campaign.repeatRule
        expected.campaign.documentIndex = rebuilt.campaign.documentIndex
        expected.campaign.priority = rebuilt.campaign.priority
        expected.campaign.name = rebuilt.campaign.name
        expected.campaign.dispatchId = rebuilt.campaign.dispatchId
        expected.campaign.vendorPriority = rebuilt.campaign.vendorPriority
        #expect((expected.campaign.message?.clickAction != nil) == (rebuilt.campaign.message?.clickAction != nil))
        expected.campaign.message?.clickAction = rebuilt.campaign.message?.clickAction
        for index in expected.buttons.indices {
            expected.buttons[index].action = rebuilt.buttons[index].action
            expected.campaign.message?.buttons[index].action = rebuilt.buttons[index].action
        }
        #expect(rebuilt.messageId == "welcome/b")
        #expect(rebuilt.buttons.first?.borderColor == RGBColour(hex: "#FF00FF"))
        #expect(rebuilt.campaign.message?.imageURL?.kind == .local)
        #expect(rebuilt == expected)
        // The same screen, drawn.
        let size = Size(columns: 100, rows: 30)
        #expect(OverlayView.fits(rebuilt, in: size) == OverlayView.fits(expected, in: size))
    }

    @Test func aSlideUpLeavesWhenTheKitsTimerFiresOnItsOwnQueue() throws {
        let fixture = try Fixture()
        let started = fixture.events(until: { !Self.shown($0).isEmpty }, first: fixture.messaging.start())
        #expect(Self.shown(started).map(\.presentation.messageId) == ["welcome/b"])
        _ = fixture.messaging.perform(.presented, userIsBusy: false)
        #expect(Self.removed(fixture.messaging.perform(.close, userIsBusy: false)) == ["welcome/b"])
        // Past the floor between two displays.
        fixture.clock.advance(by: 60)

        let sent = fixture.messaging.perform(.command("event ping"), userIsBusy: false)
        #expect(sent.contains(.notice("Sent ping")))
        let toast = fixture.events(until: { !Self.shown($0).isEmpty }, first: sent)
        #expect(Self.shown(toast).map(\.presentation.messageId) == ["toast"])
        _ = fixture.messaging.perform(.presented, userIsBusy: false)
        fixture.clock.advance(by: 1.9)
        #expect(Self.removed(fixture.messaging.pump(userIsBusy: false)).isEmpty)
        fixture.clock.advance(by: 0.1)
        let closed = fixture.events(until: { !Self.removed($0).isEmpty })
        #expect(Self.removed(closed) == ["toast"])
        #expect(Self.logs(closed).contains { $0.contains("closed (timer)") })
    }

    @Test func theKitsStartFailureIsANoticeAndEveryDecisionLineGoesToTheLog() {
        let surface = ReaderSurface(size: Size(columns: 80, rows: 24), reduceMotion: true, wake: nil)
        surface.decided("[tinbox-iam] campaigns synced from network (attempt 1, language en)")
        surface.decided("[tinbox-iam] messaging not started: disk\u{1B}[2J full")
        surface.didFailToStartMessaging(reason: "disk\u{1B}[2J full")
        let calls = surface.take().map { call -> String in
            switch call {
            case .notice(let text): return "notice " + text
            case .log(let line): return "log " + line
            default: return "other"
            }
        }
        #expect(
            calls == [
                "log [tinbox-iam] campaigns synced from network (attempt 1, language en)",
                "log [tinbox-iam] messaging not started: disk␛[2J full",
                "notice in-app messaging did not start: disk␛[2J full",
            ])
    }
}

/// A `navigate` to `message/<id>` with a `producer` argument names that producer's message.
@Suite struct ReaderSurfaceNavigateTests {
    @Test func aProducerArgumentQualifiesTheMessageRoute() {
        let surface = ReaderSurface(size: Size(columns: 80, rows: 24), reduceMotion: true, wake: nil)
        surface.shouldNavigate(route: "message/welcome", arguments: ["producer": .string("engagement")])
        surface.shouldNavigate(route: "/message/welcome", arguments: ["producer": .string("app-messaging")])
        surface.shouldNavigate(route: "message/welcome", arguments: ["producer": .string("pigeon")])
        surface.shouldNavigate(route: "inbox", arguments: ["producer": .string("engagement")])
        let routes = surface.take().compactMap { call -> String? in
            if case .navigate(let route) = call { return route }
            return nil
        }
        #expect(
            routes == ["message/engagement/welcome", "message/app-messaging/welcome", "message/welcome", "inbox"])
    }
}
