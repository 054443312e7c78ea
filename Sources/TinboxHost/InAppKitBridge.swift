import Foundation
import InAppEngine
import InboxCore
import TerminalUI
import TinboxKitCore

/// TinboxKit's `InAppMessaging` as the reader's in-app drivers use it (the reader's messaging and
/// `tinbox preview`): the kit on a queue of its own, `ReaderSurface` for its calls, the overlay's
/// artwork. Each call the reader makes waits on the kit's queue, so what it leads to is among the
/// surface's calls when it returns; timers and network answers call the surface later, which
/// wakes the reader. Only the reader's thread uses it.
final class InAppKitBridge {
    let messaging: InAppMessaging
    let surface: ReaderSurface
    /// The kit's `callbackQueue`: never the reader's thread, which sleeps in curses' input wait.
    private let kitQueue = DispatchQueue(label: "tinbox.reader.in-app")
    private let artwork: OverlayArtwork
    private let actions: ReaderActions
    private let clock: any Clock
    /// The terminal's size, for the pictures' room.
    private var size: Size
    /// The message on screen, to draw its pictures again after a resize.
    private(set) var shown: Presentation?
    /// What a driver makes of the calls the bridge leaves to it (a closing, a tap's action).
    var observe: (ReaderSurface.Call) -> [ReaderEvent] = { _ in [] }

    /// `make` builds the messaging object for the kit's queue and the surface.
    init(setup: ReaderSetup, make: (DispatchQueue, ReaderSurface) -> InAppMessaging) {
        // The screen is curses': the kit's lines go to the reader's log, never to stderr.
        InAppMessaging.logging = false
        size = setup.size
        clock = setup.context.clock
        actions = setup.actions
        surface = ReaderSurface(size: setup.size, reduceMotion: setup.reduceMotion, wake: setup.wake)
        let messaging = make(kitQueue, surface)
        messaging.inAppMessagingDelegate = surface
        self.messaging = messaging
        artwork = setup.overlayArtwork { reference in reference.url.flatMap(messaging.pictureData(at:)) }
    }

    /// `body` on the kit's queue, waited for; then what it asked of the reader.
    func call(_ body: (InAppMessaging) -> Void) -> [ReaderEvent] {
        kitQueue.sync { body(messaging) }
        return takeCalls()
    }

    /// What the kit asked for since the last look, as the reader's events.
    func takeCalls() -> [ReaderEvent] {
        surface.take().flatMap(events)
    }

    /// Timers now due and answers that arrived; `userIsBusy` answers `shouldDisplay` meanwhile.
    func pump(userIsBusy: Bool) -> [ReaderEvent] {
        surface.userIsBusy = userIsBusy
        return call { $0.runDueWork() }
    }

    /// The terminal's new size: the message's pictures drawn again, the room rules asked again.
    func resize(_ newSize: Size) -> [ReaderEvent] {
        size = newSize
        surface.size = newSize
        var events = takeCalls()
        if let shown { events.append(.inApp(.redraw(artwork.shown(shown, at: clock.now, size: newSize)))) }
        return events + call { $0.resize(columns: newSize.columns, rows: newSize.rows) }
    }

    /// Reads the pictures again at their next use (`OverlayArtwork.forget`).
    func forgetArtwork() { artwork.forget() }

    /// Milliseconds until the kit's next timer (the loop's wait; the wake covers what comes sooner).
    func millisecondsUntilDue() -> Int? {
        messaging.secondsUntilNextTimer.map { Int(($0 * 1000).rounded(.up)) }
    }

    private func events(_ call: ReaderSurface.Call) -> [ReaderEvent] {
        switch call {
        case .present(let kitPresentation):
            let presentation = Presentation(kit: kitPresentation)
            // A test send takes the place of the message shown without a closing of its own.
            var events: [ReaderEvent] = []
            if let old = shown, old.messageId != presentation.messageId {
                events.append(.inApp(.remove(messageId: old.messageId)))
            }
            shown = presentation
            return events + [.inApp(.present(artwork.shown(presentation, at: clock.now, size: size)))]
        case .remove(let messageId):
            if shown?.messageId == messageId { shown = nil }
            return [.inApp(.remove(messageId: messageId))]
        case .log(let line): return [.inApp(.log([line]))]
        case .notice(let text): return [.notice(text)]
        case .perform(let action, let messageId): return actions.run(action, of: messageId)
        case .navigate(let route): return [.inApp(.navigate(route))]
        case .tapped, .dismissed: return observe(call)
        }
    }
}
