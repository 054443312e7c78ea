import Foundation
import InboxCore

enum Fixtures {
    static let now = Date(timeIntervalSince1970: 1_796_040_000)

    static func make(
        _ id: String, _ title: String, minutesAgo: Double = 30, state: MessageState = .unread, pinned: Bool = false,
        body: String? = nil, buttons: [CTAButton] = [], producer: String = "engagement", image: String? = nil
    ) -> InboxEntry {
        InboxEntry(
            message: InboxMessage(
                key: MessageKey(producer: producer, id: id), title: title, body: body, imageUrl: image,
                buttons: buttons, isPinned: pinned, receiveDate: now.addingTimeInterval(-minutesAgo * 60)),
            state: state)
    }

    /// A small inbox like the demo: pinned, read, unread, deleted, buttons, long titles.
    static var inbox: [InboxEntry] {
        [
            make(
                "sale", "Holiday Sale is live: up to 50% off games, skins and gear", minutesAgo: 90, pinned: true,
                body: "Our biggest sale of the year is here.\n\nSave up to 50% on more than 1,200 games.",
                buttons: [
                    CTAButton(buttonId: "shop", label: "Shop the sale", webUrl: "https://acme.example/sale"),
                    CTAButton(buttonId: "plus", label: "Join Acme Plus", webUrl: "https://acme.example/plus"),
                ],
                image: "https://cdn.acme.example/sale.png"),
            make("pass", "Season 7 Battle Pass", minutesAgo: 3 * 1440, state: .read, pinned: true),
            make(
                "order", "Your order #AC-48213 has shipped", minutesAgo: 65,
                buttons: [CTAButton(buttonId: "track", label: "Track", webUrl: "https://acme.example/track")],
                producer: "app-messaging"),
            make("reward", "Your daily reward is ready: 250 coins", minutesAgo: 240),
            make("friend", "Kenji sent you a friend request", minutesAgo: 840, state: .read, producer: "app-messaging"),
            make("old", "Receipt: Season 7 Battle Pass, $9.99", minutesAgo: 12 * 1440, state: .read),
            make("gone", "An old deleted message", minutesAgo: 20 * 1440, state: .deleted),
        ]
    }

    /// Many plain messages, for paging.
    static func many(_ count: Int) -> [InboxEntry] {
        (0..<count).map { make(String(format: "m%05d", $0), "Message number \($0)", minutesAgo: Double($0 + 1)) }
    }
}
