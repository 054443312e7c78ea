import Foundation
import Testing
import TinboxKit

/// A small Python server on loopback serving PROTOCOL 1.1-1.3, 2.1 and 2.2 and writing down
/// every request: params operational, a fixed list of messages, one campaign document, the
/// placeholder `name` = Ana, 200 for every POST. It exits when its standard
/// input closes, so it never outlives the test process.
final class LoopbackServer {
    static let server = """
        import json, sys, threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        port_file, log_file, feed_file, campaigns_file = sys.argv[1:5]
        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def log_message(self, *args): pass
            def answer(self, body):
                data = json.dumps(body).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            def note(self, method, body):
                with open(log_file, "a") as log:
                    log.write(json.dumps({"route": method + " " + self.path.split("?")[0], "body": body,
                                          "auth": self.headers.get("Authorization")}) + "\\n")
            def do_GET(self):
                self.note("GET", "")
                if self.path.startswith("/api/sdk/params"):
                    return self.answer({"accountName": "acme", "inboxEnabled": True})
                if self.path.startswith("/api/iam/customers/"):
                    return self.answer({"name": "Ana"})
                if self.path.startswith("/api/iam/sync"):
                    with open(campaigns_file) as campaigns:
                        return self.answer(json.load(campaigns))
                with open(feed_file) as feed:
                    return self.answer(json.load(feed))
            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                self.note("POST", self.rfile.read(length).decode())
                self.answer({})
        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        with open(port_file, "w") as out: out.write(str(server.server_address[1]))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        sys.stdin.read()
        """

    let workspace: Workspace
    let process = Process()
    let input = Pipe()
    let port: Int
    let logFile: URL

    init(workspace: Workspace) throws {
        self.workspace = workspace
        logFile = workspace.root.appendingPathComponent("requests.log")
        let script = workspace.root.appendingPathComponent("server.py")
        try Data(Self.server.utf8).write(to: script)
        let portFile = workspace.root.appendingPathComponent("port")
        let feed = try workspace.writeFeed("served.json", [Workspace.message("h1"), Workspace.message("h2")])
        let campaigns = try workspace.writeCampaigns([Workspace.campaign("c-http")])
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, portFile.path, logFile.path, feed.path, campaigns.path]
        process.standardInput = input
        try process.run()
        var found: Int?
        eventually {
            found = (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0) }
            return found != nil
        }
        port = try #require(found)
    }

    /// Every request the server saw, as "ROUTE auth body".
    func requests() -> [String] {
        let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                return nil
            }
            return
                "\(object["route"] as? String ?? "") \(object["auth"] as? String ?? "-") \(object["body"] as? String ?? "")"
        }
    }

    /// Closing its input ends the server. The wait is on `waitpid`, bounded: Foundation's
    /// `waitUntilExit` can miss a child's exit when the process also spawns children of its own
    /// (tinbox-net, through `posix_spawn`), and then never returns.
    func stop() {
        try? input.fileHandleForWriting.close()
        let pid = process.processIdentifier
        let deadline = Date().addingTimeInterval(10)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0, Date() < deadline { usleep(10_000) }
        if kill(pid, 0) == 0, waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
    }

    deinit { stop() }
}

/// HTTP producers reached in process (URLSession, no `tinbox-net`) or through the helper named
/// by `networkHelper`; in the serialized inbox suite because `InboxFeature` holds one
/// configuration per process.
extension InboxFeatureTests {
    /// The built `tinbox-net` of this checkout, for the configuration's `networkHelper`.
    static let networkHelper = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../.build/debug/tinbox-net").standardized

    @Test(arguments: [false, true])
    func anHTTPProducerIsRefreshedAndGetsTheQueuedStatuses(throughTheHelper: Bool) throws {
        let server = try LoopbackServer(workspace: workspace)
        let port = server.port
        let requests = server.requests
        let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
        InboxFeature.configure(
            TinboxConfiguration(
                dataDirectory: workspace.dataDirectory,
                producers: [.http(base, token: "secret", options: ["pageSize": .number(50)])],
                callbackQueue: callbacks.queue, clock: clock,
                networkHelper: throughTheHelper ? Self.networkHelper : nil))
        let answers = Recorder<InboxFeatureApi?>()
        InboxFeature.requestSdk { answers.append($0) }
        #expect(eventually { answers.count == 1 })
        let api = try #require(answers.items.first ?? nil)
        let outcomes = Recorder<(Bool, MessageProducer)>()
        api.refreshMessages { outcomes.append(($0, $1)) }
        #expect(eventually { outcomes.count == 1 })
        #expect(outcomes.items.first.map { $0.0 && $0.1 == .engagement } == true)
        #expect(api.getUnreadMessagesCount() == 2)
        #expect(requests().contains { $0.hasPrefix("GET /api/inbox/messages Bearer secret") })

        #expect(api.markMessageRead(id: "h1"))
        clock.advance(by: 60)
        api.refreshMessages { outcomes.append(($0, $1)) }
        #expect(eventually { outcomes.count == 2 })
        let statuses = requests().filter { $0.hasPrefix("POST /api/inbox/status") }
        #expect(statuses.count == 1)
        #expect(statuses.first?.contains("\"read\"") == true)
        #expect(api.getReadMessages().map(\.id) == ["h1"], "local read beats the server's unread (A.1)")
    }
}

/// In-app campaigns, customer events and analytics over HTTP, in process.
extension InAppMessagingTests {
    @Test func campaignsEventsAndAnalyticsGoOverHTTP() throws {
        let workspace = try Workspace()
        let server = try LoopbackServer(workspace: workspace)
        let base = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
        let callbacks = TestQueue("tinboxkit.http.inapp")
        let messaging = InAppMessaging(
            configuration: TinboxConfiguration(
                dataDirectory: workspace.dataDirectory, campaigns: .http(base, token: "iam-secret"),
                callbackQueue: callbacks.queue, clock: ManualClock(now: Workspace.start, uptime: 1_000)))
        let decisions = Recorder<String>()
        messaging.onDecisionLog = { decisions.append($0) }
        messaging.startInAppMessaging(customerId: "cust-7")
        #expect(eventually { decisions.items.contains { $0.contains("campaigns synced from network") } })
        messaging.sendEvent("go", properties: ["price": .number(3)])
        #expect(eventually { messaging.shownMessage?.header == "Hi Ana" })
        let answers = Recorder<Bool>()
        try messaging.logPurchase(customerId: "cust-7", productId: "p", price: 9.5, currency: "EUR") { ok, _ in
            answers.append(ok)
        }
        #expect(eventually { answers.count == 1 })
        #expect(answers.items == [true])
        messaging.close()
        messaging.stopInAppMessaging()
        #expect(eventually { server.requests().contains { $0.hasPrefix("POST /api/iam/events") } })
        let requests = server.requests()
        #expect(requests.contains { $0.hasPrefix("GET /api/iam/sync Bearer iam-secret") })
        let events = requests.filter { $0.hasPrefix("POST /api/events") }
        #expect(events.count == 2)
        #expect(events.first?.contains("\"go\"") == true && events.first?.contains("cust-7") == true)
        #expect(events.last?.contains("\"purchase\"") == true && events.last?.contains("EUR") == true)
        let analytics = requests.first { $0.hasPrefix("POST /api/iam/events") } ?? ""
        #expect(analytics.contains("impression") && analytics.contains("dismissal"))
    }
}
