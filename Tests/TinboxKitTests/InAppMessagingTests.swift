import Foundation
import Testing
import TinboxKit

/// `InAppMessaging` as a program uses it, headless or with a surface, on a manual clock.
struct InAppMessagingTests {
    /// One messaging object over a campaign document in a temporary folder.
    struct Harness {
        let workspace: Workspace
        let clock = ManualClock(now: Workspace.start, uptime: 1_000)
        let callbacks = TestQueue("tinboxkit.inapp")
        let messaging: InAppMessaging
        let decisions = Recorder<String>()

        init(
            _ campaigns: [[String: Any]] = [Workspace.campaign("c-go")], format: String? = nil,
            surface: InAppSurface? = nil, noCampaigns: Bool = false
        ) throws {
            workspace = try Workspace()
            let url = try workspace.writeCampaigns(campaigns, placeholders: ["cust": ["name": "Sam"]])
            messaging = InAppMessaging(
                configuration: TinboxConfiguration(
                    dataDirectory: workspace.dataDirectory,
                    campaigns: noCampaigns ? nil : .file(url, format: format), customer: "cust",
                    callbackQueue: callbacks.queue, clock: clock),
                surface: surface)
            messaging.onDecisionLog = { [decisions] in decisions.append($0) }
        }

        /// Starts for `customer` and waits until its campaigns are synced.
        func start(_ customer: String? = nil) {
            messaging.startInAppMessaging(customerId: customer)
            #expect(eventually { decisions.items.contains { $0.contains("campaigns synced") } })
            #expect(messaging.isInAppMessagingStarted)
        }

        /// Sends `event` and waits until a message is shown.
        func show(_ event: String = "go") -> InAppMessage? {
            messaging.sendEvent(event)
            eventually { messaging.shownMessage != nil }
            return messaging.shownMessage
        }

        func waitUntilClosed() -> Bool { eventually { messaging.shownMessage == nil } }

        /// A recording delegate, set up by `configure`, made the messaging's delegate (held
        /// weakly there: the test keeps the one returned).
        func delegated(_ configure: (MessagingDelegate) -> Void = { _ in }) -> MessagingDelegate {
            let delegate = MessagingDelegate()
            configure(delegate)
            messaging.inAppMessagingDelegate = delegate
            return delegate
        }
    }

    /// B.1: the history on the device is one customer's at a time. A switch leaves only the new
    /// customer's on disk, so a later run for the first one starts fresh (found by a helper: it
    /// was restored after a restart).
    @Test func theDeviceKeepsOneCustomersHistory() throws {
        let harness = try Harness()
        harness.start("cust")
        #expect(harness.show() != nil)
        #expect(eventually { (try? harness.workspace.query("SELECT customer FROM iam_history")) == ["cust"] })
        harness.messaging.startInAppMessaging(customerId: "other")
        #expect(eventually { (try? harness.workspace.query("SELECT customer FROM iam_history")) == ["other"] })
        harness.messaging.stopInAppMessaging()
    }

    /// A campaigns source that cannot be read says why in the decision log, where the reader
    /// shows it (found by a helper: a directory gave "sync attempt 1 failed" and nothing more).
    @Test func aFailedSyncSaysWhyInTheDecisionLog() throws {
        let harness = try Harness()
        let folder = harness.workspace.root.appendingPathComponent("not-a-file")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let messaging = InAppMessaging(
            configuration: TinboxConfiguration(
                dataDirectory: harness.workspace.dataDirectory, campaigns: .file(folder, format: nil),
                customer: "cust", callbackQueue: harness.callbacks.queue, clock: harness.clock),
            surface: nil)
        let decisions = Recorder<String>()
        messaging.onDecisionLog = { [decisions] in decisions.append($0) }
        messaging.startInAppMessaging()
        #expect(eventually { decisions.items.contains { $0.contains("sync attempt 1 failed") } })
        #expect(
            decisions.items.contains {
                $0.contains("sync attempt 1 failed (cannot read \(folder.path): it is a directory)")
            },
            "\(decisions.items)")
        messaging.stopInAppMessaging()
    }

    @Test func headlessMessagesShowAtOncePersonalized() throws {
        let harness = try Harness()
        let delegate = harness.delegated()
        harness.start()
        let shown = try #require(harness.show())
        #expect(shown.id == "c-go" && shown.type == .modal)
        #expect(shown.header == "Hi Sam")
        #expect(shown.buttons.map(\.text) == ["OK Sam", "Go"])
        harness.callbacks.drain()
        #expect(delegate.log.items.contains("shouldDisplay c-go Hi {name}"), "shouldDisplay sees raw placeholders")
        #expect(delegate.log.items.contains("didSelect c-go Hi {name}"), "didSelectMessage sees raw placeholders")
    }

    @Test func aTapAsksTheDelegateWithPersonalizedTextThenRunsTheAction() throws {
        let harness = try Harness()
        let delegate = harness.delegated()
        harness.start()
        _ = try #require(harness.show())
        harness.messaging.tap(buttonId: "nav")
        harness.callbacks.drain()
        #expect(delegate.log.items.contains("didHandleAction c-go nav Hi Sam navigate"))
        #expect(delegate.log.items.contains("navigate /rewards points"))
        #expect(harness.messaging.shownMessage != nil, "navigate leaves the message open (B.11)")
        harness.messaging.tap(buttonId: "ok")
        #expect(harness.waitUntilClosed(), "dismiss closes it")
    }

    @Test func anActionTheDelegateHandledIsNotRun() throws {
        let harness = try Harness()
        let delegate = harness.delegated { $0.handled = ["ok"] }
        harness.start()
        _ = try #require(harness.show())
        harness.messaging.tap(buttonId: "ok")
        harness.callbacks.drain()
        #expect(delegate.log.items.contains("didHandleAction c-go ok Hi Sam dismiss"))
        #expect(harness.messaging.shownMessage != nil)
        harness.messaging.tap(buttonId: nil)
        harness.callbacks.drain()
        #expect(delegate.log.items.contains("didHandleAction c-go surface Hi Sam openURL"))
    }

    @Test func closeAndClickOutsideActOnTheMessageShown() throws {
        let harness = try Harness([Workspace.campaign("c-go", dismissOnScrimTap: true)])
        harness.start()
        _ = try #require(harness.show())
        harness.messaging.clickOutside()
        #expect(harness.waitUntilClosed())
        _ = try #require(harness.show())
        harness.messaging.close()
        #expect(harness.waitUntilClosed())
    }

    @Test func withoutADelegateTheSeedDefaultsShowIt() throws {
        let harness = try Harness()
        harness.start()
        #expect(harness.show() != nil)
        harness.messaging.tap(buttonId: "ok")
        #expect(harness.waitUntilClosed())
    }

    @Test func aDelegateWithOnlySomeMethodsGetsTheDefaultsForTheRest() throws {
        let harness = try Harness()
        let delegate = SelectionOnlyDelegate()
        harness.messaging.inAppMessagingDelegate = delegate
        harness.start()
        #expect(harness.show() != nil)
        harness.callbacks.drain()
        #expect(delegate.selected.items == ["c-go"])
    }

    @Test func theDelegateIsHeldWeaklyAndOnceReleasedTheDefaultsAnswer() throws {
        let harness = try Harness()
        weak var released: MessagingDelegate?
        do {
            let delegate = MessagingDelegate()
            delegate.decision = .discard
            harness.messaging.inAppMessagingDelegate = delegate
            released = delegate
        }
        #expect(released == nil)
        #expect(harness.messaging.inAppMessagingDelegate == nil)
        harness.start()
        #expect(harness.show() != nil, "the default .show, not the released delegate's .discard")
    }

    @Test func didSelectMessageComesOncePerTriggerNeverForARetryOrTheRunnerUp() throws {
        let harness = try Harness([
            Workspace.campaign("c-first", priority: 1), Workspace.campaign("c-second", priority: 2),
        ])
        let delegate = harness.delegated { $0.decision = .later }
        harness.start()
        harness.messaging.sendEvent("go")
        harness.callbacks.drain()
        // A resize retries the deferred stack: the host is asked again, didSelect is not repeated.
        delegate.decision = .show
        harness.messaging.resize(columns: 100, rows: 30)
        #expect(eventually { harness.messaging.shownMessage != nil })
        harness.callbacks.drain()
        #expect(delegate.log.items.filter { $0.hasPrefix("didSelect") } == ["didSelect c-first Hi {name}"])
        #expect(delegate.log.items.filter { $0.hasPrefix("shouldDisplay c-first") }.count == 2)
        // Closing retries the stack: the runner-up shows, without a didSelect of its own.
        harness.messaging.close()
        #expect(eventually { harness.messaging.shownMessage?.id == "c-second" })
        harness.callbacks.drain()
        #expect(delegate.log.items.filter { $0.hasPrefix("didSelect") }.count == 1)
        harness.messaging.close()
        #expect(harness.waitUntilClosed())
        harness.messaging.sendEvent("go")
        harness.callbacks.drain()
        #expect(delegate.log.items.filter { $0.hasPrefix("didSelect") }.count == 2)
    }

    @Test func logPurchaseWithAnEmptyCustomerThrowsAndSendsNothing() throws {
        let harness = try Harness()
        harness.start()
        let answers = Recorder<Bool>()
        #expect(throws: InAppMessagingError.emptyCustomerId) {
            try harness.messaging.logPurchase(
                customerId: "", productId: "p", price: 10, currency: "USD"
            ) { ok, _ in answers.append(ok) }
        }
        harness.callbacks.drain()
        #expect(answers.count == 0)
        #expect(try harness.workspace.query("SELECT count(*) FROM iam_outbox") == ["0"])
    }

    @Test func logPurchaseCompletesOnTheQueueAndTriggersTheCampaigns() throws {
        let harness = try Harness([Workspace.campaign("c-buy", event: "purchase")])
        harness.start()
        let answers = Recorder<String>()
        try harness.messaging.logPurchase(
            customerId: "cust", productId: "p-1", price: 150, currency: "USD", properties: ["coupon": .string("X")]
        ) { [callbacks = harness.callbacks] ok, reason in
            answers.append("\(ok) \(reason ?? "-") \(callbacks.isCurrent)")
        }
        #expect(eventually { answers.count == 1 })
        #expect(answers.items == ["true - true"], "a file source has no server: dropped as delivered")
        #expect(eventually { harness.messaging.shownMessage?.id == "c-buy" })
    }

    @Test func eventsBeforeStartAreIgnoredAndStopRemovesTheMessage() throws {
        let harness = try Harness()
        harness.messaging.sendEvent("go")
        harness.callbacks.drain()
        #expect(harness.messaging.shownMessage == nil)
        #expect(!harness.messaging.isInAppMessagingStarted)
        harness.start()
        #expect(harness.show() != nil)
        harness.messaging.stopInAppMessaging()
        harness.callbacks.drain()
        #expect(!harness.messaging.isInAppMessagingStarted)
        #expect(harness.messaging.shownMessage == nil)
    }

    @Test func startingAgainIsANoOpAndAnotherCustomerIsASwitch() throws {
        let harness = try Harness()
        harness.start()
        #expect(harness.show() != nil)
        harness.messaging.startInAppMessaging(customerId: "cust")
        harness.callbacks.drain()
        #expect(harness.messaging.shownMessage != nil, "the same customer again changes nothing (B.1)")
        #expect(harness.decisions.items.contains { $0.contains("start ignored") })
        harness.messaging.startInAppMessaging(customerId: "other")
        harness.callbacks.drain()
        #expect(harness.messaging.shownMessage == nil, "a switch removes the message at once")
        #expect(harness.decisions.items.contains { $0.contains("customer switch from cust to other") })
        #expect(eventually { harness.decisions.items.filter { $0.contains("campaigns synced") }.count == 2 })
        #expect(harness.messaging.isInAppMessagingStarted)
    }

    @Test func aSlideUpClosesAfterEightVisibleSecondsOnTheInjectedClock() throws {
        let harness = try Harness([Workspace.campaign("c-slide", type: "slideup")])
        harness.start()
        #expect(harness.show()?.type == .slideup)
        harness.clock.advance(by: 8)
        #expect(harness.waitUntilClosed())
    }

    @Test(arguments: ["dengage", "unknown"])
    func aCampaignFormatNotReadYetLeavesMessagingOff(format: String) throws {
        let harness = try Harness(format: format)
        let delegate = harness.delegated()
        harness.messaging.startInAppMessaging()
        harness.callbacks.drain()
        #expect(!harness.messaging.isInAppMessagingStarted)
        #expect(harness.decisions.items.contains { $0.contains("messaging not started") && $0.contains(format) })
        #expect(delegate.log.items.filter { $0.hasPrefix("didFailToStart") && $0.contains(format) }.count == 1)
    }

    @Test func aGameballSyncFileIsRead() throws {
        let workspace = try Workspace()
        let url = workspace.dataDirectory.deletingLastPathComponent()
            .appendingPathComponent("gameball-\(UUID().uuidString).json")
        try Data(
            (#"{"response":{"cooldownSeconds":0,"messages":[{"campaignId":7,"variationId":"2","name":"Promo","#
                + #""messageType":2,"trigger":{"type":"event","name":"go"},"content":null,"#
                + #""locale":{"header":"Hello","message":"From Gameball"}}]},"success":true}"#).utf8
        ).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let callbacks = TestQueue("tinboxkit.gameball")
        let decisions = Recorder<String>()
        let messaging = InAppMessaging(
            configuration: TinboxConfiguration(
                dataDirectory: workspace.dataDirectory,
                campaigns: .file(url, format: "gameball", options: ["quietHoursClock": .string("utc")]),
                customer: "cust", callbackQueue: callbacks.queue,
                clock: ManualClock(now: Workspace.start, uptime: 1_000)),
            surface: nil)
        messaging.onDecisionLog = { [decisions] in decisions.append($0) }
        messaging.startInAppMessaging(customerId: "cust")
        #expect(eventually { decisions.items.contains { $0.contains("campaigns synced") } })
        messaging.sendEvent("go")
        #expect(eventually { messaging.shownMessage != nil })
        #expect(messaging.shownMessage?.id == "7/2")
        #expect(messaging.shownMessage?.header == "Hello")
        #expect(decisions.items.contains { $0.contains(#"campaign 7/2 "Promo" selected"#) })
    }

    @Test func withoutCampaignsMessagingNeverStarts() throws {
        let harness = try Harness(noCampaigns: true)
        harness.messaging.startInAppMessaging(customerId: "cust")
        harness.callbacks.drain()
        #expect(!harness.messaging.isInAppMessagingStarted)
    }

    /// B.17: another language syncs again, in the same session (B.2: a language change is not a
    /// session start). A helper found `:lang` stopping and starting messaging: the cooldown was
    /// skipped and the session-start campaigns offered again.
    @Test func setLanguageSyncsAgainInTheSameSession() throws {
        let unusable: [String: Any] = ["id": "c-bad", "trigger": ["type": "never"], "message": ["type": "modal"]]
        var welcome = Workspace.campaign("c-welcome")
        welcome["trigger"] = ["type": "sessionStart"]
        let harness = try Harness([Workspace.campaign("c-go"), welcome, unusable])
        harness.start()
        #expect(eventually { harness.messaging.shownMessage?.id == "c-welcome" })
        harness.messaging.close()
        #expect(harness.waitUntilClosed())
        harness.messaging.setLanguage("ar")
        #expect(eventually { harness.decisions.items.filter { $0.contains("campaigns synced") }.count == 2 })
        #expect(
            harness.decisions.items.last { $0.contains("campaigns synced") }?.contains("language en") == true,
            "ar is not in supportedLanguages: en (B.17)")
        #expect(harness.messaging.isInAppMessagingStarted)
        #expect(!harness.decisions.items.contains { $0.contains("messaging stopped") })
        // B.19: the unusable campaign is reported once, not again at the sync in `ar`.
        #expect(harness.decisions.items.filter { $0.contains("c-bad") }.count == 1, "\(harness.decisions.items)")
        // No second session start: the welcome is not offered again after the sync in `ar`,
        // which runs its evaluation in the same step as the sync's line.
        harness.callbacks.drain()
        #expect(harness.decisions.items.filter { $0.contains("showing campaign c-welcome") }.count == 1)
        #expect(harness.messaging.shownMessage == nil, "\(harness.decisions.items)")
    }

    @Test func aSurfaceDrawsAndReportsTheMessage() throws {
        let surface = RecordingSurface()
        let harness = try Harness(surface: surface)
        surface.messaging = harness.messaging
        harness.start()
        _ = try #require(harness.show())
        harness.callbacks.drain()
        #expect(surface.log.items == ["present c-go Hi Sam ltr"])
        harness.messaging.close()
        #expect(harness.waitUntilClosed())
        #expect(surface.log.items.last == "remove c-go")
        surface.roomy = false
        harness.messaging.sendEvent("go")
        harness.callbacks.drain()
        #expect(harness.messaging.shownMessage == nil, "a message that does not fit waits")
    }

    /// The engine takes no tap before the surface said `presented()` (B.11 acts on the message
    /// shown): the delegate was asked about the action anyway, and a host that acted on it
    /// recorded no click.
    @Test func aTapBeforeTheSurfaceSaidPresentedAsksNobody() throws {
        let surface = RecordingSurface()
        surface.presentsAtOnce = false
        let harness = try Harness(surface: surface)
        surface.messaging = harness.messaging
        let delegate = harness.delegated()
        harness.start()
        _ = try #require(harness.show())
        harness.messaging.tap(buttonId: "ok")
        harness.callbacks.drain()
        #expect(!delegate.log.items.contains { $0.hasPrefix("didHandleAction") }, "\(delegate.log.items)")
        harness.messaging.presented()
        harness.messaging.tap(buttonId: "ok")
        harness.callbacks.drain()
        #expect(delegate.log.items.contains("didHandleAction c-go ok Hi Sam dismiss"))
        #expect(harness.waitUntilClosed())
    }

    @Test func anEventsCompletionSaysHowItsSendEndedAndNotStartedIsFalseAtOnce() throws {
        let harness = try Harness()
        let ended = Recorder<String>()
        harness.messaging.sendEvent("go", properties: [:]) { sent, reason in ended.append("\(sent) \(reason ?? "-")") }
        #expect(eventually { ended.items == ["false messaging is not started"] })
        harness.start()
        harness.messaging.sendEvent("go", properties: ["n": .number(1)]) { sent, reason in
            ended.append("\(sent) \(reason ?? "-")")
        }
        #expect(eventually { ended.items.count == 2 })
        #expect(ended.items.last == "true -", "a file source has no server: delivered")
    }

    @Test func theStopsCompletionRunsOnceItsSendsHaveEnded() throws {
        let harness = try Harness()
        harness.start()
        _ = try #require(harness.show())
        let stopped = Recorder<Bool>()
        harness.messaging.stopInAppMessaging { stopped.append(harness.callbacks.isCurrent) }
        #expect(eventually { !stopped.items.isEmpty })
        #expect(stopped.items == [true], "on callbackQueue, once")
        #expect(!harness.messaging.isInAppMessagingStarted)
        #expect(try harness.workspace.query("SELECT count(*) FROM iam_outbox WHERE kind = 'analytics'") == ["0"])
    }

    @Test func loggingIsAProcessWideSwitch() {
        let before = InAppMessaging.logging
        InAppMessaging.logging = false
        #expect(!InAppMessaging.logging)
        InAppMessaging.logging = before
        #expect(InAppMessaging.logging == before)
    }

    @Test func accessibilityIdentifiersFollowTheContract() {
        #expect(InAppAccessibility.surface(for: .slideup) == "tinbox.message.slideup")
        #expect(InAppAccessibility.surface(for: .modal) == "tinbox.message.modal")
        #expect(InAppAccessibility.surface(for: .fullscreen) == "tinbox.message.fullscreen")
        #expect(InAppAccessibility.card == "tinbox.message.card")
        #expect(InAppAccessibility.closeButton == "tinbox.message.close")
        #expect(InAppAccessibility.button("ok") == "tinbox.message.button.ok")
    }
}

/// Records every delegate call; answers with `decision` and handles the buttons in `handled`.
final class MessagingDelegate: InAppMessagingDelegate, @unchecked Sendable {
    let log = Recorder<String>()
    var decision: DisplayDecision = .show
    var handled: Set<String> = []

    func shouldDisplay(_ message: InAppMessage) -> DisplayDecision {
        log.append("shouldDisplay \(message.id) \(message.header ?? "")")
        return decision
    }

    func didHandleAction(_ message: InAppMessage, button: MessageButton?, action: ClickAction) -> Bool {
        let name: String
        switch action {
        case .dismiss: name = "dismiss"
        case .openURL: name = "openURL"
        case .navigate: name = "navigate"
        case .requestPushPermission: name = "requestPushPermission"
        case .unsupported(let type): name = type
        }
        let id = button?.id ?? "surface"
        log.append("didHandleAction \(message.id) \(id) \(message.header ?? "") \(name)")
        return handled.contains(id)
    }

    func didSelectMessage(_ message: InAppMessage) {
        log.append("didSelect \(message.id) \(message.header ?? "")")
    }

    func shouldNavigate(route: String, arguments: [String: JSONValue]?) {
        log.append("navigate \(route) \(arguments?["tab"]?.stringValue ?? "-")")
    }

    func didFailToStartMessaging(reason: String) {
        log.append("didFailToStart \(reason)")
    }
}

/// Implements one method; the extension answers the others.
final class SelectionOnlyDelegate: InAppMessagingDelegate, @unchecked Sendable {
    let selected = Recorder<String>()

    func didSelectMessage(_ message: InAppMessage) { selected.append(message.id) }
}

/// A drawing host that draws nothing: it records and reports `presented()` at once.
final class RecordingSurface: InAppSurface, @unchecked Sendable {
    let log = Recorder<String>()
    weak var messaging: InAppMessaging?
    var roomy = true
    /// False: `presented()` waits for the test to call it (a surface still drawing).
    var presentsAtOnce = true
    let columns = 100
    let rows = 30
    let reducesMotion = true

    func fits(_ presentation: InAppPresentation) -> Bool { roomy }

    func present(_ presentation: InAppPresentation) {
        let direction = presentation.isRightToLeft ? "rtl" : "ltr"
        log.append("present \(presentation.message.id) \(presentation.message.header ?? "") \(direction)")
        if presentsAtOnce { messaging?.presented() }
    }

    func remove(messageId: String) { log.append("remove \(messageId)") }
}
