import Foundation
import InAppEngine

/// What a host that draws in-app messages must do (the reader will be one). Without a surface,
/// `InAppMessaging` is headless: a message is presented at once and its entrance ends at once.
///
/// Every method is called on the configuration's `callbackQueue`. The surface reports back
/// through `InAppMessaging`: `presented()` once the message is on screen (the `shown` instant
/// of B.10), `tap(buttonId:)`, `close()` and `clickOutside()` for the user's input,
/// `resize(columns:rows:)`, `enterBackground()` and `enterForeground()`. `InAppMessaging`
/// holds its surface strongly, so a surface holds its `InAppMessaging` weakly.
public protocol InAppSurface: AnyObject {
    /// The drawing area in cells, for the orientation and room rules (B.5, B.9).
    var columns: Int { get }
    /// The drawing area in rows.
    var rows: Int { get }
    /// True when entrances are skipped (reduce motion): the impression is then recorded at once.
    var reducesMotion: Bool { get }
    /// Whether the message can be laid out now; false holds it on the deferred stack (`hostLater`).
    func fits(_ presentation: InAppPresentation) -> Bool
    /// Draw the message; call `InAppMessaging.presented()` once it is on screen.
    func present(_ presentation: InAppPresentation)
    /// Take the message down (closed, switched, stopped).
    func remove(messageId: String)
    /// An action nobody handled that only the surface can carry out: `openURL`,
    /// `requestPushPermission`, `unsupported`. `navigate` goes to the delegate's `shouldNavigate`.
    func perform(_ action: ClickAction, for message: InAppMessage)
}

extension InAppSurface {
    /// By default every message fits.
    public func fits(_ presentation: InAppPresentation) -> Bool { true }
    /// By default entrances are animated (0.3 s, B.10).
    public var reducesMotion: Bool { false }
    /// By default nothing: links are not opened.
    public func perform(_ action: ClickAction, for message: InAppMessage) {}
}

/// A message ready to draw: personalized text, language and direction (B.12, B.17).
public struct InAppPresentation: Sendable, Equatable {
    /// The message with its placeholders resolved.
    public let message: InAppMessage
    /// The session's language after `supportedLanguages`.
    public let language: String
    /// ar, he, fa, ur: mirror alignment, the close glyph and the button order.
    public let isRightToLeft: Bool

    init(_ presentation: Presentation) {
        message = InAppMessage(presentation)
        language = presentation.language
        isRightToLeft = presentation.isRightToLeft
    }
}

/// The accessibility identifiers a surface gives its elements, so UI tests find them by name.
public enum InAppAccessibility {
    /// `tinbox.message.slideup`, `tinbox.message.modal` or `tinbox.message.fullscreen`.
    public static func surface(for type: InAppMessageType) -> String { "tinbox.message.\(type.name)" }
    /// The message's card.
    public static let card = "tinbox.message.card"
    /// The close glyph.
    public static let closeButton = "tinbox.message.close"
    /// `tinbox.message.button.<id>`.
    public static func button(_ id: String) -> String { "tinbox.message.button.\(id)" }
}
