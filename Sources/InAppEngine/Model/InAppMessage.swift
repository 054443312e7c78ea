import InboxCore

/// The message a campaign shows (PROTOCOL 2.1 `message`), with every default of BEHAVIOR B.19 applied.
public struct InAppMessage: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case slideup, modal, fullscreen
        /// A type this version cannot draw: decoded, never shown (dropped `unsupported`).
        case unsupported(String)
    }

    public enum Layout: String, Sendable, Equatable { case textWithImage, imageOnly }
    public enum Orientation: String, Sendable, Equatable { case portrait, landscape, any }
    public enum SlidePosition: String, Sendable, Equatable { case top, bottom }

    public var kind: Kind
    public var header: String?
    public var body: String?
    public var imageURL: ArtworkReference?
    public var iconURL: ArtworkReference?
    /// What a tap on the surface does; `nil` when the surface is not tappable.
    public var clickAction: InAppAction?
    public var buttons: [MessageButton]
    public var showCloseButton: Bool
    public var dismissOnScrimTap: Bool
    /// As written: `nil` means the default for the kind, `0` turns the timer off.
    public var autoDismissAfter: Double?
    public var layout: Layout
    public var orientation: Orientation
    public var slidePosition: SlidePosition
    public var extras: [String: String]
    public var style: MessageStyle

    public init(
        kind: Kind, header: String? = nil, body: String? = nil, imageURL: ArtworkReference? = nil,
        iconURL: ArtworkReference? = nil, clickAction: InAppAction? = nil, buttons: [MessageButton] = [],
        showCloseButton: Bool = true, dismissOnScrimTap: Bool = false, autoDismissAfter: Double? = nil,
        layout: Layout = .textWithImage, orientation: Orientation = .any, slidePosition: SlidePosition = .bottom,
        extras: [String: String] = [:], style: MessageStyle = MessageStyle()
    ) {
        self.kind = kind
        self.header = header
        self.body = body
        self.imageURL = imageURL
        self.iconURL = iconURL
        self.clickAction = clickAction
        self.buttons = buttons
        self.showCloseButton = showCloseButton
        self.dismissOnScrimTap = dismissOnScrimTap
        self.autoDismissAfter = autoDismissAfter
        self.layout = layout
        self.orientation = orientation
        self.slidePosition = slidePosition
        self.extras = extras
        self.style = style
    }

    /// Visible seconds before the timer closes the message; `nil` when it never does (B.10):
    /// 8 s for a slide-up, none for modal and full screen, `0` off.
    public var autoDismissDuration: Double? {
        if let seconds = autoDismissAfter { return seconds > 0 ? seconds : nil }
        return kind == .slideup ? 8 : nil
    }

    /// Every artwork the message needs before it may show (B.14).
    public var artwork: [ArtworkReference] {
        [imageURL, iconURL].compactMap { $0 }
    }

    /// Every text a placeholder may stand in (B.12).
    public var texts: [String] {
        [header, body].compactMap { $0 } + buttons.map(\.text)
    }
}

/// One button on a message. A missing or unusable action has already become `dismiss` (PROTOCOL 2.1).
public struct MessageButton: Sendable, Equatable {
    public var id: String
    public var text: String
    public var action: InAppAction
    public var backgroundColor: RGBColour?
    public var textColor: RGBColour?
    /// PROTOCOL 2.1 button `style.borderColor`; kept for hosts that draw borders.
    public var borderColor: RGBColour?

    public init(
        id: String, text: String, action: InAppAction = .dismiss, backgroundColor: RGBColour? = nil,
        textColor: RGBColour? = nil, borderColor: RGBColour? = nil
    ) {
        self.id = id
        self.text = text
        self.action = action
        self.backgroundColor = backgroundColor
        self.textColor = textColor
        self.borderColor = borderColor
    }
}

/// The message colours and alignments. `nil` means "use the theme" (a bad colour falls back to it).
public struct MessageStyle: Sendable, Equatable {
    public enum Alignment: String, Sendable, Equatable { case leading, center, trailing }

    public var backgroundColor: RGBColour?
    public var textColor: RGBColour?
    public var headerColor: RGBColour?
    public var closeButtonColor: RGBColour?
    public var borderColor: RGBColour?
    public var frameColor: RGBColour?
    public var headerAlignment: Alignment?
    public var bodyAlignment: Alignment?

    public init() {}
}
