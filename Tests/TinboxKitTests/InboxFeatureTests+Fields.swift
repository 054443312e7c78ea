import Foundation
import Testing
import TinboxKit

/// Every field of LIBRARY.md's `InboxMessage` and `InboxButton`, from a feed that has them all.
extension InboxFeatureTests {
    @Test func everyFieldOfAFeedMessageReachesTheInboxMessage() throws {
        let full: [String: Any] = [
            "id": "full", "isRead": false, "startDateUtc": "2026-11-28T00:00:00.000Z",
            "endDateUtc": "2026-12-08T00:00:00.000Z",
            "data": [
                "title": "Sale", "message": "Up to 50% off", "imageUrl": "https://cdn.acme.example/sale.png",
                "isPinned": true, "receiveDateUTC": "2026-11-30T08:15:00.000Z", "messageDetails": "opaque-token",
                "ctaButtons": [
                    [
                        "buttonId": "shop", "label": "Shop", "iosDeeplink": "acme://ios/shop",
                        "androidDeeplink": "acme://android/shop", "webUrl": "https://acme.example/shop",
                    ]
                ],
            ] as [String: Any],
        ]
        let api = try api([.file(try workspace.writeFeed("engagement.json", [full]))])
        refresh(api)
        let message = try #require(api.getAllMessages().first)
        #expect(message.producer == .engagement && message.id == "full")
        #expect(message.title == "Sale" && message.message == "Up to 50% off")
        #expect(message.imageUrl == "https://cdn.acme.example/sale.png")
        #expect(message.isPinned && !message.isRead && !message.isDeleted)
        #expect(message.messageDetails == "opaque-token")
        #expect(message.receiveDate == Date(timeIntervalSince1970: 1_796_026_500))
        #expect(message.startDate == Date(timeIntervalSince1970: 1_795_824_000))
        #expect(message.endDate == Date(timeIntervalSince1970: 1_796_688_000))
        let button = try #require(message.ctaButtons.first)
        #expect(button.buttonId == "shop" && button.label == "Shop")
        #expect(button.iosDeeplink == "acme://ios/shop" && button.androidDeeplink == "acme://android/shop")
        #expect(button.webUrl == "https://acme.example/shop")
    }

    @Test func theProducerNamesAreTheContractsRawValues() {
        #expect(MessageProducer.engagement.rawValue == "engagement")
        #expect(MessageProducer.appMessaging.rawValue == "app-messaging")
        #expect(MessageProducer.inboxFeature.rawValue == "inboxFeature")
        #expect(InboxChannelEventType.impression.rawValue == "IM" && InboxChannelEventType.click.rawValue == "CL")
        #expect(InboxChannelEventType.open.rawValue == "OP" && InboxChannelEventType.delete.rawValue == "DT")
    }
}
