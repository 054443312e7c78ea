import Foundation
import InboxStore
import TestSupport
import Testing

/// Issue 12 point 2 over HTTP, through the built binary: a `format: dengage` producer against the
/// stub server speaking Dengage's Inbox Channel, as a user of a Dengage account would run it.
@Suite(.serialized, .enabled(if: ReaderTmux.isAvailable, "needs tmux and a built .build/debug/tinbox"))
struct DengageEndToEndTests {
    static let list = "GET /api/inbox/getMessages"
    static let events = "POST /api/inbox/events"

    /// Dengage's Inbox Channel items (`../vendors/dengage.md` §3.1), one of them read on the server.
    static var feed: [[String: Any]] {
        [
            item("d-1", "Spring sale starts", pinned: true),
            item("d-2", "Your order shipped"),
            item("d-3", "Welcome to Acme", read: true),
        ]
    }

    static func item(_ id: String, _ title: String, read: Bool = false, pinned: Bool = false) -> [String: Any] {
        [
            "smsgId": id, "isRead": read, "priority": 1,
            "messageJson": [
                "title": title, "message": "Details of \(title.lowercased())", "isPinned": pinned,
                "receiveDateUTC": "2026-11-29T09:30:00.000Z", "messageDetails": "token-\(id)",
                "ctaButtons": [["buttonId": "b1", "label": "Open", "webUrl": "https://acme.example/\(id)"]],
            ] as [String: Any],
        ]
    }

    /// A config with one Dengage producer on `stub`; returns its path.
    private func writeConfig(in folder: URL, stub: StubServer, extra: [String: Any] = [:]) throws -> String {
        var producer: [String: Any] = [
            "kind": "engagement", "format": "dengage", "source": stub.base.absoluteString, "account": "acme",
            "contactKey": "CK-1", "appId": "app-1", "pageSize": 10,
        ]
        producer.merge(extra) { $1 }
        let url = folder.appendingPathComponent("config.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: ["producers": [producer]]).write(to: url)
        return url.path
    }

    /// The `TYPE msgid` of each event the stub received, in order, and the `did` of each request.
    private func sentEvents(_ stub: StubServer) throws -> (events: [String], devices: [String?]) {
        let requests = try stub.requests(Self.events)
        return (requests.flatMap(\.dengageEvents), requests.map(\.dengageDevice))
    }

    @Test func refreshListMarkAndTheSameDeviceIdOnEveryLaterRun() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try stub.setState(["feed": Self.feed, "dengageAccount": "acme"])
        let tmux = try ReaderTmux()
        let config = try writeConfig(in: tmux.dataDir, stub: stub)
        let refresh = try ReaderTmux.run(
            ReaderTmux.binary, ["--data-dir", tmux.dataDir.path + "/data", "--config", config, "refresh"])
        #expect(refresh == "engagement ok 3 messages\n")
        let requests = try stub.requests()
        #expect(requests.map(\.route) == [Self.list])
        let device = try #require(requests.first?.query["did"])
        #expect(UUID(uuidString: device) != nil)
        #expect(
            requests.first?.query == ["acc": "acme", "ckey": "CK-1", "did": device, "appId": "app-1", "limit": "10"])
        let json = try tmux.tinbox(["--config", config, "list", "--json"])
        let listed = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let rows = try #require(listed as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String ?? "" } == ["d-1", "d-2", "d-3"])
        #expect(rows.map { $0["state"] as? String ?? "" } == ["unread", "unread", "read"])
        _ = try tmux.tinbox(["--config", config, "mark", "read", "d-1"])
        _ = try tmux.tinbox(["--config", config, "mark", "deleted", "d-2"])
        // The marks go out when the reader quits, from another process, with the same device id.
        try tmux.launch("--no-refresh --config \(config)")
        try tmux.wait(for: "Welcome to Acme")
        try tmux.keys("q")
        try tmux.waitForExit(timeout: 15)
        let sent = try sentEvents(stub)
        // The reader's impressions of the rows it showed go with them.
        #expect(sent.events.filter { !$0.hasPrefix("IM") } == ["DT d-2", "OP d-1"], "\(sent.events)")
        #expect(sent.devices == [device])
        let store = try Store(directory: tmux.dataDir.appendingPathComponent("data"))
        #expect(try store.setting("device.id") == device)
    }

    @Test func theReaderBrowsesTheInboxAndItsKeysReachTheServerAsEvents() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try stub.setState(["feed": Self.feed])
        let tmux = try ReaderTmux(width: 100)
        let config = try writeConfig(in: tmux.dataDir, stub: stub)
        try tmux.launch("--config \(config)")
        var screen = try tmux.wait(for: "engagement ok 3 messages")
        #expect(screen.contains("Spring sale starts") && screen.contains("Your order shipped"), "\(screen)")
        try tmux.keys("Enter")
        screen = try tmux.wait(for: "Details of spring sale starts")
        #expect(screen.contains("Open"), "the CTA button is shown: \(screen)")
        try tmux.keys("Escape", "j", "r", "j", "d")
        try tmux.wait { !$0.contains("Welcome to Acme") }
        try tmux.keys("q")
        try tmux.waitForExit(timeout: 15)
        let sent = try sentEvents(stub).events
        // Enter opened d-1 (OP), `r` read d-2 (its status as an OP), `d` deleted d-3 (DT); the
        // screen's impressions came first. Each action once.
        #expect(sent.filter { !$0.hasPrefix("IM") }.sorted() == ["DT d-3", "OP d-1", "OP d-2"], "\(sent)")
        #expect(Set(sent.filter { $0.hasPrefix("IM") }) == ["IM d-1", "IM d-2", "IM d-3"], "\(sent)")
    }

    /// A fresh data directory for each: every line is the first refresh's.
    @Test(
        arguments: [
            (["oversize": (8 << 20) + 1], "GET /api/inbox/getMessages: the response is larger than 8 MiB"),
            (["garbage": true], "GET /api/inbox/getMessages: the response is not JSON"),
            (["status": 500], "GET /api/inbox/getMessages: HTTP 500"),
            (
                ["status": 429, "headers": ["Retry-After": "90"]],
                "GET /api/inbox/getMessages: throttled by the server (HTTP 429); no request for 90 s"
            ),
        ] as [([String: any Sendable], String)])
    func aFailedRefreshIsOneLine(answer: [String: any Sendable], line: String) throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try stub.script(Self.list, [answer])
        let tinbox = Tinbox()
        let config = try writeConfig(in: tinbox.dataDirectory, stub: stub)
        let result = try tinbox.run(["--config", config, "refresh"])
        #expect(result.status == 1)
        #expect(result.stdout == "engagement failed: \(line)\n")
        #expect(result.stderr == "tinbox: refresh did not end ok: engagement failed\n")
    }

    @Test func aDengageFeedWithoutAnAccountSaysSoAndSendsNothing() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        let result = try Tinbox().run(["--feed", "dengage:\(stub.base.absoluteString)", "refresh"])
        #expect(result.status == 1)
        #expect(result.stdout == "engagement failed: no Dengage account: set \"account\" in this producer's config\n")
        #expect(try stub.requests().isEmpty)
    }

    @Test func aBatchTheServerRefusesForGoodIsDropped() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try stub.setState(["feed": Self.feed])
        let tmux = try ReaderTmux()
        let config = try writeConfig(in: tmux.dataDir, stub: stub)
        _ = try tmux.tinbox(["--config", config, "mark", "deleted", "d-2"])
        try stub.script(Self.events, [["status": 422, "json": ["message": "bad event"]]])
        try tmux.launch("--no-refresh --config \(config)")
        try tmux.wait(for: "Welcome to Acme")
        try tmux.keys("q")
        try tmux.waitForExit(timeout: 15)
        #expect(try stub.requests(Self.events).count == 1)
        let store = try Store(directory: tmux.dataDir.appendingPathComponent("data"))
        #expect(try store.database.integer("SELECT count(*) FROM pending_events") == 0)
    }
}

/// The Dengage keys of a producer in the config file (VENDORS.md §2), on the built binary.
@Suite struct DengageConfigTests {
    private func run(_ producer: String) throws -> Tinbox.Result {
        let tinbox = Tinbox()
        let feed = try tinbox.writeFeed(messages: [Tinbox.message("a")])
        let config = try ConfigKeysTests.write(
            #"{"producers": [{"source": "\#(feed)", \#(producer)}]}"#, in: tinbox)
        return try tinbox.run(["--config", config, "count"])
    }

    @Test func aKeyOfTheWrongTypeIsOneLineNamingIt() throws {
        let result = try run(#""format": "tinbox", "account": 42"#)
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("config.json: producers[0].account must be a string\n"), "\(result.stderr)")
        let flag = try run(#""inboxEnabled": "yes""#)
        #expect(flag.stderr.hasSuffix("producers[0].inboxEnabled must be true or false\n"), "\(flag.stderr)")
    }

    @Test func dengageKeysOnAnotherFormatAreAWarningAndTheRestWorks() throws {
        let result = try run(#""format": "tinbox", "account": "acme", "appId": "a""#)
        #expect(result.status == 0 && result.stdout == "1\n", "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.allSatisfy { $0.contains("is read only with \"format\": \"dengage\"; ignored") }, "\(lines)")
        #expect(lines.first?.contains("'producers[0].account'") == true)
    }

    @Test func aMisspelledDengageKeyIsSuggested() throws {
        let result = try run(#""format": "dengage", "acount": "acme""#)
        #expect(result.stderr.contains("unknown key 'producers[0].acount' ignored. Did you mean 'account'?"))
    }
}
