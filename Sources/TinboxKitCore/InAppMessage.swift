import Foundation
import InAppEngine
import InboxCore

/// A decoded JSON value that keeps booleans apart from numbers: event properties, options,
/// navigation arguments. The engine's own type, so nothing is converted on the way in.
public typealias JSONValue = InboxCore.JSONValue

/// How a message is drawn (PROTOCOL 2.1 `message.type`).
public enum InAppMessageType: Sendable, Equatable {
    /// A band at the top or bottom.
    case slideup
    /// A card over a dimmed screen.
    case modal
    /// The whole screen.
    case fullscreen
    /// A type this version cannot draw, as written: never shown.
    case unsupported(String)

    /// The name in the wire format and in the accessibility identifiers.
    public var name: String {
        switch self {
        case .slideup: return "slideup"
        case .modal: return "modal"
        case .fullscreen: return "fullscreen"
        case .unsupported(let name): return name
        }
    }

    init(_ kind: InAppEngine.InAppMessage.Kind) {
        switch kind {
        case .slideup: self = .slideup
        case .modal: self = .modal
        case .fullscreen: self = .fullscreen
        case .unsupported(let name): self = .unsupported(name)
        }
    }
}

/// `textWithImage` or `imageOnly`.
public enum InAppMessageLayout: String, Sendable, Equatable {
    /// Header, body and buttons, with the image when there is one (the default).
    case textWithImage
    /// The image alone.
    case imageOnly
}

/// The orientation a message needs (BEHAVIOR B.9): landscape is columns >= 2 x rows.
public enum InAppMessageOrientation: String, Sendable, Equatable {
    /// Only when columns < 2 x rows.
    case portrait
    /// Only when columns >= 2 x rows.
    case landscape
    /// Either (the default).
    case any
}

/// Where a slide-up appears.
public enum InAppSlidePosition: String, Sendable, Equatable {
    /// Along the top edge.
    case top
    /// Along the bottom edge (the default).
    case bottom
}

/// How a header or body is aligned; right-to-left languages mirror leading and trailing.
public enum InAppTextAlignment: String, Sendable, Equatable {
    /// At the start of the line.
    case leading
    /// Centred.
    case center
    /// At the end of the line.
    case trailing
}

/// A message's colours (`#RRGGBB`, nil: the host's theme) and alignments (PROTOCOL 2.1 `style`).
public struct InAppMessageStyle: Sendable, Equatable {
    /// The card's background.
    public let backgroundColor: String?
    /// The body's text.
    public let textColor: String?
    /// The header's text.
    public let headerColor: String?
    /// The close glyph.
    public let closeButtonColor: String?
    /// The card's border.
    public let borderColor: String?
    /// The scrim of a modal.
    public let frameColor: String?
    /// The header's alignment; nil is the host's default.
    public let headerAlignment: InAppTextAlignment?
    /// The body's alignment; nil is the host's default.
    public let bodyAlignment: InAppTextAlignment?

    init(_ style: MessageStyle) {
        backgroundColor = style.backgroundColor.map(hex)
        textColor = style.textColor.map(hex)
        headerColor = style.headerColor.map(hex)
        closeButtonColor = style.closeButtonColor.map(hex)
        borderColor = style.borderColor.map(hex)
        frameColor = style.frameColor.map(hex)
        headerAlignment = style.headerAlignment.flatMap { InAppTextAlignment(rawValue: $0.rawValue) }
        bodyAlignment = style.bodyAlignment.flatMap { InAppTextAlignment(rawValue: $0.rawValue) }
    }
}

/// A button's colours (`#RRGGBB`, nil: the host's theme).
public struct MessageButtonStyle: Sendable, Equatable {
    /// The button's background.
    public let backgroundColor: String?
    /// The label's colour.
    public let textColor: String?
    /// The border's colour (PROTOCOL 2.1 button `style.borderColor`), for hosts that draw borders.
    public let borderColor: String?
}

/// A message's picture as the campaign wrote it and as the fetch policy read it (BEHAVIOR B.14):
/// what a surface needs to draw it, to key its cached bytes, or to say why it never comes.
public struct InAppPicture: Sendable, Equatable {
    /// The text as written in the document.
    public let text: String
    /// The resolved URL: `https://`, or a file beside a document read from disk; nil when refused.
    public let url: URL?
    /// Why the picture is never fetched (`http://`, an unknown scheme, …); nil when it may be.
    public let refusal: String?
    /// The key its bytes are cached under: the resolved URL, else the text as written.
    public var key: String { url?.absoluteString ?? text }

    init(_ reference: ArtworkReference) {
        text = reference.original
        url = reference.url
        if case .refused(let reason) = reference.kind { refusal = reason } else { refusal = nil }
    }
}

/// One button of an in-app message (the Gameball model).
public struct MessageButton: Sendable, Equatable {
    /// Reported with the click; what `InAppMessaging.tap(buttonId:)` names.
    public let id: String
    /// The label: raw placeholders for `shouldDisplay`/`didSelectMessage`, personalized after.
    public let text: String
    /// What a tap does; a missing or unusable action is already `dismiss` (PROTOCOL 2.1).
    public let action: ClickAction
    /// Its colours.
    public let style: MessageButtonStyle

    init(_ button: InAppEngine.MessageButton) {
        id = button.id
        text = button.text
        action = ClickAction(button.action)
        style = MessageButtonStyle(
            backgroundColor: button.backgroundColor.map(hex), textColor: button.textColor.map(hex),
            borderColor: button.borderColor.map(hex))
    }
}

/// An in-app message (the Gameball model), with the defaults of BEHAVIOR B.19 applied.
public struct InAppMessage: Sendable, Equatable {
    /// The message id every report uses: the campaign's `id`, or `id/variationId`.
    public let id: String
    /// The campaign's `id`.
    public let campaignId: String
    /// How it is drawn.
    public let type: InAppMessageType
    /// The header: raw for `shouldDisplay`/`didSelectMessage`, personalized after (B.12).
    public let header: String?
    /// The body: raw for `shouldDisplay`/`didSelectMessage`, personalized after (B.12).
    public let body: String?
    /// The image: `https://`, or a file next to a campaign document read from disk.
    public let imageURL: URL?
    /// The icon, as `imageURL`.
    public let iconURL: URL?
    /// The image with its text as written and the fetch policy's verdict (`imageURL` keeps the seed's shape).
    public let image: InAppPicture?
    /// The icon, as `image`.
    public let icon: InAppPicture?
    /// What a tap on the surface does; nil when the surface is not tappable.
    public let clickAction: ClickAction?
    /// The buttons, in document order.
    public let buttons: [MessageButton]
    /// Whether the close glyph is drawn (closing works either way).
    public let showCloseButton: Bool
    /// Whether a click outside a modal closes it.
    public let dismissOnScrimTap: Bool
    /// As written: nil is the default for the type (8 s for a slide-up), 0 turns it off.
    public let autoDismissAfter: Double?
    /// Text with image, or image only.
    public let layout: InAppMessageLayout
    /// The orientation it needs.
    public let orientation: InAppMessageOrientation
    /// Where a slide-up appears.
    public let slidePosition: InAppSlidePosition
    /// Free-form strings for the host.
    public let extras: [String: String]
    /// Colours and alignments.
    public let style: InAppMessageStyle
    /// A test send (B.16): shown, never reported.
    public let isTest: Bool

    /// The campaign's message as written (raw placeholders).
    init(_ campaign: Campaign) {
        self.init(
            campaign, header: campaign.message?.header, body: campaign.message?.body,
            buttons: campaign.message?.buttons ?? [])
    }

    /// The message as presented: personalized text (B.12).
    init(_ presentation: Presentation) {
        self.init(
            presentation.campaign, header: presentation.header, body: presentation.body,
            buttons: presentation.buttons)
    }

    private init(_ campaign: Campaign, header: String?, body: String?, buttons: [InAppEngine.MessageButton]) {
        let message = campaign.message ?? InAppEngine.InAppMessage(kind: .unsupported("none"))
        id = campaign.messageId
        campaignId = campaign.id
        type = InAppMessageType(message.kind)
        self.header = header
        self.body = body
        imageURL = message.imageURL.flatMap(url)
        iconURL = message.iconURL.flatMap(url)
        image = message.imageURL.map(InAppPicture.init)
        icon = message.iconURL.map(InAppPicture.init)
        clickAction = message.clickAction.map(ClickAction.init)
        self.buttons = buttons.map(MessageButton.init)
        showCloseButton = message.showCloseButton
        dismissOnScrimTap = message.dismissOnScrimTap
        autoDismissAfter = message.autoDismissAfter
        layout = InAppMessageLayout(rawValue: message.layout.rawValue) ?? .textWithImage
        orientation = InAppMessageOrientation(rawValue: message.orientation.rawValue) ?? .any
        slidePosition = InAppSlidePosition(rawValue: message.slidePosition.rawValue) ?? .bottom
        extras = message.extras
        style = InAppMessageStyle(message.style)
        isTest = campaign.isTest
    }
}

/// `#RRGGBB` of a colour.
private func hex(_ colour: RGBColour) -> String {
    let digits = [colour.red, colour.green, colour.blue].map { byte -> String in
        let text = String(byte, radix: 16, uppercase: true)
        return byte < 16 ? "0" + text : text
    }
    return "#" + digits.joined()
}

/// The resolved URL of a picture; the text as written when the policy refused it.
private func url(_ reference: ArtworkReference) -> URL? {
    reference.url ?? URL(string: reference.original)
}
