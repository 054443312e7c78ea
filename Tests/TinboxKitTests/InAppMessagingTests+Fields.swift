import Foundation
import Testing
import TinboxKit

/// The delegate before one is set, and every field of LIBRARY.md's `InAppMessage`.
extension InAppMessagingTests {
    @Test func theDelegateIsNilUntilOneIsSetAndTheDefaultsAnswerMeanwhile() throws {
        let harness = try Harness()
        #expect(harness.messaging.inAppMessagingDelegate == nil)
        harness.start()
        #expect(harness.show() != nil, "without a delegate the seed's shouldDisplay default (.show) holds")
        let delegate = MessagingDelegate()
        harness.messaging.inAppMessagingDelegate = delegate
        #expect(harness.messaging.inAppMessagingDelegate === delegate)
    }

    @Test func everyFieldOfTheCampaignReachesTheInAppMessage() throws {
        let campaign: [String: Any] = [
            "id": "full", "trigger": ["type": "event", "event": "go"], "repeat": ["type": "everyTime"],
            "message": [
                "type": "slideup", "header": "Header", "body": "Body", "imageURL": "art.png", "iconURL": "icon.png",
                "clickAction": ["type": "openURL", "url": "https://acme.example/full", "external": false],
                "showCloseButton": false, "autoDismissAfter": 12, "layout": "imageOnly", "orientation": "landscape",
                "slidePosition": "top", "extras": ["tier": "gold"],
                "style": ["backgroundColor": "#102030", "textColor": "#FFFFFF", "headerAlignment": "center"],
                "buttons": [
                    [
                        "id": "b", "text": "Claim", "action": ["type": "requestPushPermission"],
                        "style": ["backgroundColor": "#00FF00", "borderColor": "#FF00FF"],
                    ]
                ],
            ] as [String: Any],
        ]
        let harness = try Harness([campaign])
        for name in ["art.png", "icon.png"] {
            try Data("picture bytes".utf8).write(to: harness.workspace.root.appendingPathComponent(name))
        }
        harness.start()
        // Its pictures are prefetched beside the sync (BEHAVIOR B.14) and nothing public says when
        // they have arrived: an event before that drops the campaign with `artwork`, as it should,
        // so the event is sent again until the message shows (a loaded machine lost this race).
        var attempts = 0
        let appeared = eventually(timeout: 20) {
            if harness.messaging.shownMessage != nil { return true }
            attempts += 1
            harness.messaging.sendEvent("go")
            return eventually(timeout: 0.5) { harness.messaging.shownMessage != nil }
        }
        #expect(appeared, "after \(attempts) events: \(harness.decisions.items.suffix(8))")
        let shown = try #require(harness.messaging.shownMessage)
        #expect(shown.id == "full" && shown.campaignId == "full" && shown.type == .slideup)
        #expect(shown.header == "Header" && shown.body == "Body")
        #expect(shown.imageURL?.lastPathComponent == "art.png" && shown.iconURL?.lastPathComponent == "icon.png")
        guard case .openURL(let url, let external)? = shown.clickAction else {
            Issue.record("click action \(String(describing: shown.clickAction))")
            return
        }
        #expect(url.absoluteString == "https://acme.example/full" && !external)
        #expect(!shown.showCloseButton && !shown.dismissOnScrimTap && shown.autoDismissAfter == 12)
        #expect(shown.layout == .imageOnly && shown.orientation == .landscape && shown.slidePosition == .top)
        #expect(shown.extras == ["tier": "gold"])
        #expect(shown.style.backgroundColor == "#102030" && shown.style.textColor == "#FFFFFF")
        #expect(shown.style.headerAlignment == .center)
        let button = try #require(shown.buttons.first)
        #expect(button.id == "b" && button.text == "Claim")
        guard case .requestPushPermission = button.action else {
            Issue.record("button action \(button.action)")
            return
        }
        #expect(button.style.backgroundColor == "#00FF00" && button.style.borderColor == "#FF00FF")
        #expect(!shown.isTest)
        // The pictures as written and as the policy read them, and their bytes for a surface.
        let image = try #require(shown.image)
        #expect(image.text == "art.png" && image.url == shown.imageURL && image.refusal == nil)
        #expect(shown.icon?.text == "icon.png")
        #expect(image.url.flatMap(harness.messaging.pictureData(at:)) == Data("picture bytes".utf8))
    }
}
