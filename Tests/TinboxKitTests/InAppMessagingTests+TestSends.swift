import Foundation
import Testing
import TinboxKit

/// Test sends (B.16) as a campaign editor's preview uses them: a file's campaigns read as
/// `InAppCampaignFile`, each shown at once by `testSend`, timed on the kit's own timers.
extension InAppMessagingTests {
    @Test func aTestSendShowsAtOncePersonalizedAndItsVisibleTimeClosesIt() throws {
        let workspace = try Workspace()
        let url = try workspace.writeCampaigns(
            [Workspace.campaign("c-go", type: "slideup"), Workspace.campaign("c-modal")],
            placeholders: ["cust": ["name": "Sam"]])
        let file = try InAppCampaignFile.read(Data(contentsOf: url), of: url, format: nil)
        #expect(file.campaigns.map(\.id) == ["c-go", "c-modal"])
        #expect(file.campaigns.first?.message?.header == "Hi {name}", "as written")
        #expect(file.problems.isEmpty)

        let clock = ManualClock(now: Workspace.start, uptime: 1_000)
        let callbacks = TestQueue("tinboxkit.test-sends")
        let messaging = InAppMessaging.testSends(
            configuration: TinboxConfiguration(
                dataDirectory: workspace.dataDirectory, campaigns: .file(url), customer: "cust",
                callbackQueue: callbacks.queue, clock: clock),
            surface: nil)
        let delegate = DismissalDelegate()
        messaging.inAppMessagingDelegate = delegate
        messaging.startInAppMessaging()
        #expect(eventually { messaging.isInAppMessagingStarted })
        #expect(!messaging.testSend(campaignId: "nope", from: file))
        #expect(messaging.testSend(campaignId: "c-go", from: file))
        #expect(eventually { messaging.shownMessage != nil })
        #expect(messaging.shownMessage?.header == "Hi Sam")
        // Headless: on screen at once; a slide-up's 8 s of visible time are booked (B.10), on
        // the kit's queue right after it is shown (a loaded machine saw the moment between).
        #expect(eventually { messaging.secondsUntilNextTimer != nil })
        let left = try #require(messaging.secondsUntilNextTimer)
        #expect(left > 0 && left <= 8)
        clock.advance(by: 8)
        messaging.runDueWork()
        callbacks.drain()
        #expect(messaging.shownMessage == nil)
        #expect(delegate.dismissals.items == ["c-go timer"])
        #expect(
            try workspace.query("SELECT count(*) FROM iam_outbox") == ["0"], "a test send is never reported (B.16)")
    }

    @Test func aFileThatIsNotACampaignDocumentSaysWhy() throws {
        let workspace = try Workspace()
        let url = workspace.root.appendingPathComponent("x.json")
        #expect(throws: (any Error).self) { try InAppCampaignFile.read(Data("[1]".utf8), of: url, format: nil) }
        #expect(throws: (any Error).self) { try InAppCampaignFile.read(Data("{}".utf8), of: url, format: "nope") }
        #expect(InAppCampaignFile.formats.contains("gameball"))
    }
}

/// Records each closing and its reason.
final class DismissalDelegate: InAppMessagingDelegate, @unchecked Sendable {
    let dismissals = Recorder<String>()

    func didDismissMessage(_ message: InAppMessage, reason: InAppDismissReason) {
        dismissals.append("\(message.id) \(reason.rawValue)")
    }
}
