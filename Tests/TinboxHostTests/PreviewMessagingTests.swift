import Foundation
import InboxCore
import TerminalUI
import Testing

@testable import TinboxHost

/// `tinbox preview`'s in-app side on a manual clock: what the tmux test can only watch in real
/// seconds (B.10 visible time through the presenter's test-send path, B.11 closings, reloads).
@Suite struct PreviewMessagingTests {
    static let campaigns = #"""
        {"campaigns": [
          {"id": "s", "message": {"type": "slideup", "header": "Hello", "autoDismissAfter": 4}},
          {"id": "m", "message": {"type": "modal", "header": "Modal", "dismissOnScrimTap": true,
            "buttons": [{"id": "ok", "text": "OK", "action": {"type": "dismiss"}}]}}
        ]}
        """#

    /// A preview of `campaigns` in a fresh folder, on `clock`.
    final class Fixture {
        let folder: URL
        let file: URL
        let clock = ManualClock()
        let preview: PreviewMessaging

        init(_ json: String = PreviewMessagingTests.campaigns, initialId: String? = nil, reduceMotion: Bool = false)
            throws
        {
            folder = try HostFixture.folder("preview")
            file = folder.appendingPathComponent("campaigns.json")
            try Data(json.utf8).write(to: file)
            let setup = try HostFixture.setup(folder: folder, clock: clock, reduceMotion: reduceMotion)
            preview = PreviewMessaging(
                file: file, format: nil, first: PreviewDocument.load(file), initialId: initialId, setup: setup)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        /// Moves the clock and runs what is due, as the reader's loop does when it wakes.
        func advance(_ seconds: Double) -> [ReaderEvent] {
            clock.advance(by: seconds)
            return preview.pump(userIsBusy: false)
        }
    }

    static func logs(_ events: [ReaderEvent]) -> [String] { HostFixture.logs(events) }
    static func presented(_ events: [ReaderEvent]) -> [String] { HostFixture.presented(events) }
    static func removed(_ events: [ReaderEvent]) -> [String] { HostFixture.removed(events) }

    @Test func theSlideUpClosesAfterTheEntranceAndItsVisibleTimeAndNotBefore() throws {
        let fixture = try Fixture(initialId: "s")
        let started = fixture.preview.start()
        #expect(Self.presented(started) == ["s"])
        let shown = fixture.preview.perform(.presented, userIsBusy: false)
        #expect(Self.logs(shown) == ["[tinbox-iam] preview: showing campaign s (test send)"])
        // The entrance (0.3 s), then 4 s of visible time (B.10).
        #expect(fixture.preview.millisecondsUntilDue() ?? 0 <= 300)
        #expect(Self.removed(fixture.advance(0.3)).isEmpty)
        #expect(Self.removed(fixture.advance(3.9)).isEmpty)
        let closed = fixture.advance(0.1)
        #expect(Self.removed(closed) == ["s"])
        #expect(Self.logs(closed).contains("[tinbox-iam] preview: campaign s closed (timer)"))
    }

    @Test func timeInTheBackgroundDoesNotCountTowardTheVisibleTime() throws {
        let fixture = try Fixture(initialId: "s", reduceMotion: true)
        _ = fixture.preview.start()
        _ = fixture.preview.perform(.presented, userIsBusy: false)
        #expect(Self.removed(fixture.advance(1)).isEmpty)
        _ = fixture.preview.perform(.background, userIsBusy: false)
        #expect(Self.removed(fixture.advance(60)).isEmpty)
        _ = fixture.preview.perform(.foreground, userIsBusy: false)
        #expect(Self.removed(fixture.advance(2.9)).isEmpty)
        #expect(Self.removed(fixture.advance(0.1)) == ["s"])
    }

    @Test func aButtonRunsItsActionAndTheClickOutsideClosesAModalThatAllowsIt() throws {
        let fixture = try Fixture(reduceMotion: true)
        _ = fixture.preview.start()
        #expect(Self.presented(fixture.preview.perform(.preview(campaignId: "m"), userIsBusy: false)) == ["m"])
        _ = fixture.preview.perform(.presented, userIsBusy: false)
        let tapped = fixture.preview.perform(.tap(buttonId: "ok"), userIsBusy: false)
        #expect(Self.removed(tapped) == ["m"])
        #expect(
            Self.logs(tapped) == [
                "[tinbox-iam] preview: campaign m button ok runs dismiss (test send: nothing reported)",
                "[tinbox-iam] preview: campaign m closed (action)",
            ])
        _ = fixture.preview.perform(.preview(campaignId: "m"), userIsBusy: false)
        _ = fixture.preview.perform(.presented, userIsBusy: false)
        let outside = fixture.preview.perform(.clickOutside, userIsBusy: false)
        #expect(Self.logs(outside) == ["[tinbox-iam] preview: campaign m closed (scrim)"])
    }

    @Test func aSlideUpIsNotClosedByAClickOutside() throws {
        let fixture = try Fixture(initialId: "s", reduceMotion: true)
        _ = fixture.preview.start()
        _ = fixture.preview.perform(.presented, userIsBusy: false)
        #expect(Self.removed(fixture.preview.perform(.clickOutside, userIsBusy: false)).isEmpty)
    }

    @Test func aCampaignGoneFromTheSavedFileIsTakenDownAsAReload() throws {
        let fixture = try Fixture(initialId: "s", reduceMotion: true)
        _ = fixture.preview.start()
        _ = fixture.preview.perform(.presented, userIsBusy: false)
        _ = fixture.advance(1)
        try Data(#"{"campaigns": [{"id": "m", "message": {"type": "modal", "header": "M"}}]}"#.utf8)
            .write(to: fixture.file)
        let reloaded = fixture.advance(PreviewMessaging.pollSeconds)
        #expect(Self.removed(reloaded) == ["s"])
        #expect(Self.logs(reloaded).contains("[tinbox-iam] preview: campaign s closed (reload)"))
        #expect(Self.logs(reloaded).contains("[tinbox-iam] preview: campaigns.json reloaded, 1 campaigns"))
    }
}

/// `tinbox preview` shows a replaced picture: read again when the file changes, and when a
/// picture of the message on screen changes on disk with the file as it was (found by a helper:
/// the old artwork stayed, and kitty was placed the old picture by its id).
@Suite struct PreviewPictureTests {
    static let art = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/demo/art")

    static func pixels(_ events: [ReaderEvent]) -> [ScreenPicture.Payload] {
        HostFixture.shown(events).compactMap { shown in
            if case .picture(let picture) = shown.image { picture.pixels } else { nil }
        }
    }

    @Test func aReplacedPictureIsShownAnew() throws {
        let folder = try HostFixture.folder("preview-picture")
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = folder.appendingPathComponent("art.png")
        try FileManager.default.copyItem(at: Self.art.appendingPathComponent("welcome.png"), to: picture)
        let file = folder.appendingPathComponent("campaigns.json")
        try Data(
            #"{"campaigns": [{"id": "m", "message": {"type": "modal", "header": "Art", "imageURL": "art.png"}}]}"#.utf8
        ).write(to: file)
        let clock = ManualClock()
        var setup = try HostFixture.setup(folder: folder, clock: clock, reduceMotion: true)
        setup.graphics = GraphicsChoice(mode: .kitty)
        let preview = PreviewMessaging(
            file: file, format: nil, first: PreviewDocument.load(file), initialId: "m", setup: setup)
        let first = try #require(Self.pixels(preview.start()).first)
        _ = preview.perform(.presented, userIsBusy: false)
        clock.advance(by: PreviewMessaging.pollSeconds)
        #expect(Self.pixels(preview.pump(userIsBusy: false)).isEmpty, "nothing changed: nothing shown again")

        // The picture replaced, the file as it was.
        try FileManager.default.removeItem(at: picture)
        try FileManager.default.copyItem(at: Self.art.appendingPathComponent("trophy.png"), to: picture)
        clock.advance(by: PreviewMessaging.pollSeconds)
        let second = try #require(Self.pixels(preview.pump(userIsBusy: false)).first)
        #expect(second.bytes != first.bytes)
        #expect(second.id != first.id, "a new kitty id: kitty still holds the old picture under the old one")

        // The file changed too, the picture replaced again: read again with it.
        try FileManager.default.removeItem(at: picture)
        try FileManager.default.copyItem(at: Self.art.appendingPathComponent("welcome.png"), to: picture)
        try Data(
            #"{"campaigns": [{"id": "m", "message": {"type": "modal", "header": "Art 2", "imageURL": "art.png"}}]}"#
                .utf8
        ).write(to: file)
        clock.advance(by: PreviewMessaging.pollSeconds)
        let third = try #require(Self.pixels(preview.pump(userIsBusy: false)).first)
        #expect(third.bytes == first.bytes && third.id != second.id)
        #expect(third.id == first.id, "the first picture again: its id, which kitty still holds, not a new one")
        clock.advance(by: PreviewMessaging.pollSeconds)
        #expect(Self.pixels(preview.pump(userIsBusy: false)).isEmpty, "shown once for the two changes")
        preview.stop()
    }
}
