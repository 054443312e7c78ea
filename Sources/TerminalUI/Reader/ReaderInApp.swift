import Foundation
import InAppEngine

/// What the reader asks of in-app messaging (issue 6). The reader's state machine stays pure:
/// it names the request, and the loop hands it to the `ReaderInAppDriver`.
public enum InAppRequest: Equatable, Sendable {
    /// The overlay of the visible message is on screen now (B.10: the entrance starts).
    case presented
    /// A tap on a button, or on the message surface (`nil`).
    case tap(buttonId: String?)
    /// The close key, `Esc`/`x`, or a click on the close glyph.
    case close
    /// A click outside a modal card.
    case clickOutside
    /// A console line typed after `:` (without the colon).
    case command(String)
    case resize(Size)
    /// Ctrl-Z or the terminal losing focus; `foreground` when it comes back.
    case background
    case foreground
    /// `tinbox preview`: show this campaign now as a test send.
    case preview(campaignId: String)
    /// The answer to "may tinbox send desktop notifications?".
    case notifications(allowed: Bool)
    /// A refresh stored this many new messages (announced when notifications are allowed).
    case newMessages(Int)
}

/// A message on screen: what to draw and how far its entrance has gone.
public struct ShownMessage: Equatable, Sendable {
    public var presentation: Presentation
    /// The artwork in cells, made for the screen size it was shown at.
    public var image: OverlayArtwork
    public var icon: OverlayArtwork
    public var closeGlyph: String
    /// The chosen button, as an index into `presentation.buttons`.
    public var button: Int?
    /// A slide-up with no button to choose that Tab went to: it has the keys (Enter taps it,
    /// Esc and x close it), as one with a chosen button has.
    public var focused = false

    /// Whether the keys are the overlay's: a modal or full screen always, a slide-up once Tab
    /// went to it (TERMINAL §3).
    public var hasFocus: Bool { !isSlideUp || button != nil || focused }
    /// When it went up, for the entrance animation; `reduceMotion` draws it whole at once.
    public var shownAt: Date
    public var reduceMotion: Bool
    /// Whether the driver was told the overlay is on screen.
    public var acknowledged = false

    public init(
        presentation: Presentation, image: OverlayArtwork = .none, icon: OverlayArtwork = .none,
        closeGlyph: String = OverlayView.defaultCloseGlyph, shownAt: Date, reduceMotion: Bool
    ) {
        self.presentation = presentation
        self.image = image
        self.icon = icon
        self.closeGlyph = closeGlyph
        self.shownAt = shownAt
        self.reduceMotion = reduceMotion
    }

    /// The frame to draw at `time`.
    public func overlay(at time: Date) -> Overlay {
        var overlay = Overlay(
            presentation: presentation, selectedButton: button, entrance: entranceProgress(at: time), image: image,
            icon: icon, closeGlyph: closeGlyph)
        overlay.focused = focused
        return overlay
    }

    /// The entrance lasts 0.3 s (B.10).
    public static let entranceSeconds = 0.3

    public func entranceProgress(at now: Date) -> Double {
        if reduceMotion { return 1 }
        return max(0, min(1, now.timeIntervalSince(shownAt) / Self.entranceSeconds))
    }
}

/// One campaign in `tinbox preview`'s picker.
public struct PreviewEntry: Equatable, Sendable {
    public var id: String
    public var label: String

    public init(id: String, label: String) {
        self.id = id
        self.label = label
    }
}

/// What in-app messaging tells the reader.
public enum InAppUpdate: Equatable, Sendable {
    case present(ShownMessage)
    /// The same message with its pictures made again (the terminal changed size).
    case redraw(ShownMessage)
    case remove(messageId: String)
    /// `[tinbox-iam]` decision-log lines, oldest first.
    case log([String])
    /// A `navigate` action's route, leading slash already stripped.
    case navigate(String)
    /// A `requestPushPermission` action: ask the user.
    case askNotifications
    /// `tinbox preview`: the campaigns of the file, and the file's decoding error when the last
    /// change did not decode (the previous campaigns stay).
    case previewCampaigns([PreviewEntry], error: String?)
}

/// The program side of in-app messaging: tinbox runs the engine behind it, tests a fake.
/// Called on the reader's thread only.
public protocol ReaderInAppDriver: AnyObject {
    /// Starts messaging once the first screen is up.
    func start() -> [ReaderEvent]
    /// Carries out a request. `userIsBusy` is the host's answer to `shouldDisplay` (later while
    /// the user types or answers a question).
    func perform(_ request: InAppRequest, userIsBusy: Bool) -> [ReaderEvent]
    /// Runs timers that are due and answers that arrived from the network.
    func pump(userIsBusy: Bool) -> [ReaderEvent]
    /// Milliseconds until the next booked timer, when one is booked.
    func millisecondsUntilDue() -> Int?
    /// Stops messaging (the reader quits).
    func stop()
}

/// The decision-log pane keeps the latest lines only.
let decisionLogLimit = 500
