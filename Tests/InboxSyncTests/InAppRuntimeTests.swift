import Foundation
import InAppEngine
import InAppSync
import InboxCore
import InboxHTTP
import InboxStore
import InboxSync
import TestSupport
import Testing

/// The in-app runtime against a real store, a manual clock and the stub server: analytics are
/// durable from the moment they are queued, sent with the same eventId after a failure or a
/// restart, and the frequency history survives a restart (BEHAVIOR B.1, B.15).
@Suite struct InAppRuntimeTests {
    let folder = Scratch.folder("tinbox-rt")
    let clock = ManualClock(now: UTCDate.parse("2026-11-29T12:00:00.000Z")!)

    final class Host: InAppHost {
        var presented: [String] = []
        weak var runtime: InAppRuntime?
        func shouldDisplay(_ campaign: Campaign) -> HostDecision { .show }
        func present(_ presentation: Presentation) {
            presented.append(presentation.messageId)
        }
        func remove(messageId: String) {}
    }

    private func document() throws -> Data {
        try JSONSerialization.data(withJSONObject: [
            "settings": ["cooldownSeconds": 0],
            "campaigns": [
                ["id": "welcome", "trigger": ["type": "sessionStart"], "message": ["type": "modal", "header": "Hi"]]
            ],
        ])
    }

    private func runtime(_ source: CampaignSource, transport: HTTPTransport? = nil) throws -> (InAppRuntime, Host) {
        let store = InAppStore(store: try Store(directory: folder.appendingPathComponent("data")))
        let client = transport.map { InAppClient(source: source, transport: $0) } ?? InAppClient(source: source)
        let runtime = InAppRuntime(
            client: client, store: store, clock: clock, configuration: .init(columns: 120, rows: 40),
            timeZone: TimeZone(identifier: "UTC")!, runInBackground: { $0() })
        let host = Host()
        runtime.host = host
        return (runtime, host)
    }

    /// Shows the session-start message and lets its entrance end, so its impression is queued.
    private func showWelcome(_ runtime: InAppRuntime, _ host: Host) throws {
        try runtime.start(customer: "c1", language: "en")
        runtime.pump()
        #expect(host.presented == ["welcome"])
        runtime.presented()
        clock.advance(by: 0.3)
        runtime.pump()
    }

    @Test func anImpressionIsInTheOutboxTheMomentItIsQueued() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("campaigns.json")
        try document().write(to: file)
        let (runtime, host) = try runtime(.file(file))
        try showWelcome(runtime, host)
        let queued = try runtime.store.pending(.analytics)
        #expect(queued.count == 1)
        let event = try JSONDecoder().decode(AnalyticsEvent.self, from: try #require(queued.first).payload)
        #expect(event.kind == .impression && event.messageId == "welcome" && event.customerId == "c1")
    }

    @Test func aFailedSendKeepsTheEventAndARestartSendsItWithTheSameEventId() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try stub.script("GET /api/iam/sync", [["json": try JSONSerialization.jsonObject(with: try document())]])
        try stub.script("POST /api/iam/events", [["status": 500]])
        let source = CampaignSource.http(base: URL(string: "http://127.0.0.1:\(stub.port)")!, token: nil)
        let transport = URLSessionTransport(timeouts: HTTPTimeouts(connect: 2, request: 5))
        var firstId: String?
        do {
            let (runtime, host) = try runtime(source, transport: transport)
            try showWelcome(runtime, host)
            firstId = try runtime.store.pending(.analytics).first?.eventId
            runtime.background()  // B.15: going to the background sends what waits
            runtime.pump()
            #expect(try stub.requests("POST /api/iam/events").count == 1)
            #expect(try runtime.store.pending(.analytics).map(\.eventId) == [firstId].compactMap { $0 })
        }
        // A new process: the outbox is restored and sent at the next occasion, same eventId.
        try stub.script("GET /api/iam/sync", [["json": try JSONSerialization.jsonObject(with: try document())]])
        let (runtime, _) = try runtime(source, transport: transport)
        try runtime.start(customer: "c1", language: "en")
        runtime.pump()
        runtime.stop()
        runtime.pump()
        let sends = try stub.requests("POST /api/iam/events")
        #expect(sends.count == 2)
        #expect(sends.last?.eventIds == [firstId].compactMap { $0 })
        #expect(try runtime.store.pending(.analytics).isEmpty)
    }

    @Test func aOnceCampaignShownBeforeARestartIsNotShownAgain() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("campaigns.json")
        try document().write(to: file)
        do {
            let (runtime, host) = try runtime(.file(file))
            try showWelcome(runtime, host)
        }
        let (runtime, host) = try runtime(.file(file))
        var log: [String] = []
        runtime.onLog = { log.append($0) }
        try runtime.start(customer: "c1", language: "en")
        runtime.pump()
        #expect(host.presented.isEmpty)
        // Not shown because its repeat rule is used up, not because nothing was loaded.
        #expect(log.contains { $0.contains("welcome") && $0.contains("repeat") }, "\(log)")
    }

    /// Issue 10, point 4: a stored history that no longer decodes is named on the decision log
    /// (it used to vanish without a word) and messaging still starts.
    @Test func anUnreadableStoredHistoryIsLoggedAndMessagingStillStarts() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("campaigns.json")
        try document().write(to: file)
        let (runtime, host) = try runtime(.file(file))
        try runtime.store.saveHistory(customer: "c1", Data("not json".utf8))
        var log: [String] = []
        runtime.onLog = { log.append($0) }
        try runtime.start(customer: "c1", language: "en")
        runtime.pump()
        #expect(log.contains("[tinbox-iam] the frequency history of customer c1 cannot be read back and is left out"))
        #expect(host.presented == ["welcome"])
    }
}
