import Foundation
import InboxCore

/// `messageType`, `content` and `locale` onto tinbox's message (VENDORS.md §4).
extension GameballDecoder {
    mutating func message(
        _ json: JSONValue, path: String, campaign name: String, unusable: (String, String) -> Void
    ) -> InAppMessage? {
        let kind: InAppMessage.Kind
        switch json["messageType"].lenientInteger {
        case 1: kind = .slideup
        case 2: kind = .modal
        case 3: kind = .fullscreen
        case let other?: kind = .unsupported("messageType \(other)")
        case nil: kind = .unsupported("messageType " + (json["messageType"].lenientString ?? "missing"))
        }
        let content = json["content"].present ?? .object([:])
        let locale = json["locale"].present ?? .object([:])
        let contentPath = "\(path).content"
        var message = InAppMessage(kind: kind)
        message.header = locale["header"].lenientString
        message.body = locale["message"].lenientString ?? locale["body"].lenientString
        message.buttons = buttons(content, locale: locale, kind: kind, path: contentPath, campaign: name)
        if let action = content["action"].present {
            message.clickAction = Self.action(action)
            if message.clickAction == nil {
                problem("campaign \(name): \(contentPath).action is unusable; tapping the message does nothing")
            }
        }
        applyCloseBehaviour(content["closeBehaviour"].lowercasedName, to: &message, path: contentPath, campaign: name)
        if let duration = CampaignSettings.duration(content["autoDismissSeconds"].lenientNumber) {
            message.autoDismissAfter = duration.seconds
        }
        message.slidePosition = content["slideFrom"].lowercasedName == "top" ? .top : .bottom
        if kind == .fullscreen {
            message.orientation = content["orientation"].lowercasedName.flatMap(InAppMessage.Orientation.init) ?? .any
        }
        switch content["layout"].lowercasedName {
        case "image_only": message.layout = .imageOnly
        case "text_with_image", "image_and_text", nil: message.layout = .textWithImage
        case let other?:
            problem("campaign \(name): \(contentPath).layout \"\(other)\" is unknown; using textWithImage")
        }
        message.imageURL = artwork(Self.imageText(content, kind: kind), field: "\(contentPath) image", campaign: name)
        if kind == .slideup {
            message.iconURL = artwork(content["iconUrl"].lenientString, field: "\(contentPath).iconUrl", campaign: name)
        }
        for (key, value) in content["extras"]?.objectValue ?? [:] {
            if let text = value.lenientString { message.extras[key] = text }
        }
        applyColours(content, to: &message)
        if message.header == nil, message.body == nil, message.imageURL == nil {
            unusable("locale", "has no header or message, and there is no image")
        }
        return message
    }

    /// Full screen: `media.url` (an image, or no `media.type`), else `imageUrl`; the others
    /// `imageUrl`, else `media.url`.
    static func imageText(_ content: JSONValue, kind: InAppMessage.Kind) -> String? {
        let media = content["media"].present
        let mediaType = media?["type"].lowercasedName
        let mediaURL = mediaType == nil || mediaType == "image" ? media?["url"].lenientString : nil
        let imageURL = content["imageUrl"].lenientString
        return kind == .fullscreen ? mediaURL ?? imageURL : imageURL ?? mediaURL
    }

    /// `content.buttons` joined with `locale.buttons` by id (ids in both, content's order); a
    /// modal keeps the first 2, a slide-up none.
    private mutating func buttons(
        _ content: JSONValue, locale: JSONValue, kind: InAppMessage.Kind, path: String, campaign name: String
    ) -> [MessageButton] {
        guard kind != .slideup else { return [] }
        var texts: [String: String] = [:]
        for item in locale["buttons"]?.arrayValue ?? [] {
            if let id = item["id"].lenientString, let text = item["text"].lenientString, texts[id] == nil {
                texts[id] = text
            }
        }
        var result: [MessageButton] = []
        for (position, item) in (content["buttons"]?.arrayValue ?? []).enumerated() {
            guard let id = item["id"].lenientString, let text = texts[id] else {
                problem("campaign \(name): \(path).buttons[\(position)] has no text in locale.buttons; it is left out")
                continue
            }
            let action = item["action"].present.flatMap(Self.action)
            if action == nil {
                problem("campaign \(name): \(path).buttons[\(position)].action is missing or unusable; it dismisses")
            }
            let colours = item["colors"].present
            result.append(
                MessageButton(
                    id: id, text: text, action: action ?? .dismiss,
                    backgroundColor: Self.colour(colours?["background"]), textColor: Self.colour(colours?["text"]),
                    borderColor: Self.colour(colours?["border"])))
        }
        if kind == .modal, result.count > 2 {
            problem("campaign \(name): \(path).buttons has \(result.count) buttons; a modal keeps the first 2")
            result = Array(result.prefix(2))
        }
        return result
    }

    /// `closeBehaviour` by message type; `Esc`/`x` close in every case (VENDORS.md §4).
    private mutating func applyCloseBehaviour(
        _ behaviour: String?, to message: inout InAppMessage, path: String, campaign name: String
    ) {
        var behaviour = behaviour ?? "both"
        if !["button", "swipe", "both"].contains(behaviour) {
            problem("campaign \(name): \(path).closeBehaviour \"\(behaviour)\" is unknown; using both")
            behaviour = "both"
        }
        switch message.kind {
        case .modal:
            message.showCloseButton = behaviour != "swipe"
            message.dismissOnScrimTap = behaviour != "button"
        case .fullscreen:
            message.showCloseButton = behaviour != "swipe"
            message.dismissOnScrimTap = false
        case .slideup, .unsupported:
            message.showCloseButton = false
            message.dismissOnScrimTap = false
        }
    }

    private func applyColours(_ content: JSONValue, to message: inout InAppMessage) {
        let colours = content["colors"].present
        message.style.backgroundColor = Self.colour(colours?["background"])
        message.style.textColor = Self.colour(colours?["text"])
        message.style.headerColor = Self.colour(colours?["header"])
        message.style.closeButtonColor = Self.colour(colours?["closeButton"])
        message.style.borderColor = Self.colour(colours?["border"])
        message.style.frameColor = Self.colour(colours?["frame"])
        let alignment = content["textAlignment"].present
        if let both = alignment?.lenientString {
            message.style.headerAlignment = Self.alignment(both)
            message.style.bodyAlignment = Self.alignment(both)
        } else {
            message.style.headerAlignment = alignment?["header"].lenientString.flatMap(Self.alignment)
            message.style.bodyAlignment = alignment?["body"].lenientString.flatMap(Self.alignment)
        }
    }

    static func alignment(_ text: String) -> MessageStyle.Alignment? {
        switch text.lowercased() {
        case "left", "start", "leading": return .leading
        case "center", "centre": return .center
        case "right", "end", "trailing": return .trailing
        default: return nil
        }
    }

    static func colour(_ json: JSONValue?) -> RGBColour? {
        json.lenientString.flatMap { RGBColour(hex: $0.trimmingBlanks(newlines: false)) }
    }

    /// A Gameball action object; `nil` when it has no usable type (a button then dismisses).
    static func action(_ json: JSONValue) -> InAppAction? {
        guard let type = json["type"].lenientString else { return nil }
        switch type.lowercased() {
        case "dismiss":
            return .dismiss
        case "open_url":
            guard let url = json["url"].lenientString else { return nil }
            return .openURL(url: url, external: json["external"].lenientBool ?? false)
        case "navigate":
            guard var route = json["route"].lenientString else { return nil }
            while route.hasPrefix("/") { route.removeFirst() }
            guard !route.isEmpty else { return nil }
            return .navigate(route: route, arguments: json["arguments"]?.objectValue ?? [:])
        case "request_push_permission":
            return .requestPushPermission
        default:
            return .unsupported(type: type)
        }
    }

    private mutating func artwork(_ text: String?, field: String, campaign name: String) -> ArtworkReference? {
        guard let text else { return nil }
        let reference = ArtworkReference(text, documentBase: documentBase)
        if case .refused(let reason) = reference.kind {
            problem("campaign \(name): \(field) \(text) is refused (\(reason)); the campaign is never ready")
        }
        return reference
    }
}
