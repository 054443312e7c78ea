import Foundation
import InAppEngine
import InboxCore
import TerminalUI
import TinboxKitCore

/// What the overlay draws, rebuilt from TinboxKit's public `InAppPresentation` alone: the reader
/// is a host of the kit and never sees the engine's own presentation. Every field the overlay
/// reads comes back as the engine had it (KitPresentationTests holds it to that): the personalized
/// texts, each picture's text, URL and refusal, the colours (a button's border too), the flags.
/// Actions are not drawn; they go back through `InAppMessaging.tap`, which knows them.
extension Presentation {
    /// The overlay's presentation of `presentation`.
    init(kit presentation: InAppPresentation) {
        let message = presentation.message
        let variation =
            message.id.hasPrefix(message.campaignId + "/")
            ? String(message.id.dropFirst(message.campaignId.count + 1)) : nil
        let campaign = Campaign(
            id: message.campaignId, variationId: variation, isTest: message.isTest, trigger: .sessionStart,
            message: InAppEngine.InAppMessage(kit: message))
        self.init(campaign, values: [:], language: presentation.language)
        // The kit's texts are personalized already: set as they are, not resolved again.
        header = message.header
        body = message.body
        buttons = campaign.message?.buttons ?? []
        isRightToLeft = presentation.isRightToLeft
    }
}

extension OverlayView {
    /// Whether the smallest layout of the kit's `presentation` fits in `size`.
    static func fits(_ presentation: InAppPresentation, in size: Size) -> Bool {
        fits(Presentation(kit: presentation), in: size)
    }
}

extension InAppEngine.InAppMessage {
    /// The engine's message of a public one, as the overlay reads it.
    fileprivate init(kit message: TinboxKitCore.InAppMessage) {
        self.init(
            kind: Kind(kit: message.type), header: message.header, body: message.body,
            imageURL: message.image.map(ArtworkReference.init(kit:)),
            iconURL: message.icon.map(ArtworkReference.init(kit:)),
            clickAction: message.clickAction.map(InAppAction.init(kit:)),
            buttons: message.buttons.map(InAppEngine.MessageButton.init(kit:)),
            showCloseButton: message.showCloseButton,
            dismissOnScrimTap: message.dismissOnScrimTap, autoDismissAfter: message.autoDismissAfter,
            layout: Layout(rawValue: message.layout.rawValue) ?? .textWithImage,
            orientation: Orientation(rawValue: message.orientation.rawValue) ?? .any,
            slidePosition: SlidePosition(rawValue: message.slidePosition.rawValue) ?? .bottom, extras: message.extras,
            style: MessageStyle(kit: message.style))
    }
}

extension InAppEngine.InAppMessage.Kind {
    fileprivate init(kit type: InAppMessageType) {
        switch type {
        case .slideup: self = .slideup
        case .modal: self = .modal
        case .fullscreen: self = .fullscreen
        case .unsupported(let name): self = .unsupported(name)
        }
    }
}

extension ArtworkReference {
    /// The same text, URL and verdict of the fetch policy.
    fileprivate init(kit picture: InAppPicture) {
        self.init(picture.text, documentBase: nil)
        url = picture.url
        if let refusal = picture.refusal {
            kind = .refused(reason: refusal)
        } else {
            kind = picture.url?.isFileURL == true ? .local : .remote
        }
    }
}

extension InAppAction {
    /// An action as the kit reports it; an `openURL` whose text was not a URL stays unsupported.
    init(kit action: ClickAction) {
        switch action {
        case .dismiss: self = .dismiss
        case .openURL(let url, let external): self = .openURL(url: url.absoluteString, external: external)
        case .navigate(let route, let arguments): self = .navigate(route: route, arguments: arguments ?? [:])
        case .requestPushPermission: self = .requestPushPermission
        case .unsupported(let type): self = .unsupported(type: type)
        }
    }
}

extension InAppEngine.MessageButton {
    fileprivate init(kit button: TinboxKitCore.MessageButton) {
        self.init(
            id: button.id, text: button.text, action: InAppAction(kit: button.action),
            backgroundColor: button.style.backgroundColor.flatMap(RGBColour.init(hex:)),
            textColor: button.style.textColor.flatMap(RGBColour.init(hex:)),
            borderColor: button.style.borderColor.flatMap(RGBColour.init(hex:)))
    }
}

extension MessageStyle {
    fileprivate init(kit style: InAppMessageStyle) {
        self.init()
        backgroundColor = style.backgroundColor.flatMap(RGBColour.init(hex:))
        textColor = style.textColor.flatMap(RGBColour.init(hex:))
        headerColor = style.headerColor.flatMap(RGBColour.init(hex:))
        closeButtonColor = style.closeButtonColor.flatMap(RGBColour.init(hex:))
        borderColor = style.borderColor.flatMap(RGBColour.init(hex:))
        frameColor = style.frameColor.flatMap(RGBColour.init(hex:))
        headerAlignment = style.headerAlignment.flatMap { Alignment(rawValue: $0.rawValue) }
        bodyAlignment = style.bodyAlignment.flatMap { Alignment(rawValue: $0.rawValue) }
    }
}
