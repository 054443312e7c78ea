import Foundation
import InboxCore
import InboxHTTP
import InboxStore
import InboxSync
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// PROTOCOL 1.5: 429 with Retry-After, 5xx, timeouts, refused connections, broken, oversized
/// and non-JSON bodies are failed syncs with a clear reason; queued items stay queued.
@Suite struct HTTPFailureTests {
    @Test func aThrottledProducerSendsNothingBeforeRetryAfterEvenAcrossConnections() throws {
        let f = try SyncFixture()
        try f.seed(1)
        _ = try f.inbox.markRead(f.key("m-1"))
        try f.stub.script("GET /api/sdk/params", [["status": 429, "headers": ["Retry-After": "120"]]])
        #expect(
            try f.refresh() == [
                .failed("GET /api/sdk/params: throttled by the server (HTTP 429); no request for 120 s")
            ])
        // `refresh()` moved the clock on by 60 s.
        #expect(try f.inbox.throttle(producer: "engagement", bootId: "boot")?.remaining == 60)

        // 60 s later the refresh limit allows a refresh, but the server's Retry-After does not.
        let again = try f.refresher(inbox: try f.reopened()).manualRefresh()
        #expect(again.map(\.outcome) == [.failed("throttled by the server; no request for 60 s more")])
        #expect(try f.stub.requests().count == 1)
        #expect(try f.pending().statuses == 1)

        f.clock.advance(by: 60)
        #expect(try f.refresh() == [.ok(messages: 0, skipped: 0)])
        #expect(try f.pending().statuses == 0)
    }

    /// A `Retry-After` of 0 asks for no wait: none is said, and none is kept.
    @Test func aRetryAfterOfZeroSaysNoWait() throws {
        let f = try SyncFixture()
        try f.stub.script("GET /api/sdk/params", [["status": 429, "headers": ["Retry-After": "0"]]])
        #expect(try f.refresh() == [.failed("GET /api/sdk/params: throttled by the server (HTTP 429)")])
        #expect(try f.inbox.throttle(producer: "engagement", bootId: "boot") == nil)
        #expect(try f.refresh() == [.ok(messages: 0, skipped: 0)])
    }

    @Test func movingTheWallClockDoesNotShortenAThrottle() throws {
        let f = try SyncFixture()
        try f.inbox.setThrottle(producer: "engagement", seconds: 30, bootId: "boot")
        f.clock.setWallClock(f.clock.now.addingTimeInterval(3600))
        #expect(try f.inbox.throttle(producer: "engagement", bootId: "boot")?.remaining == 30)
    }

    @Test func aThrottleWithoutRetryAfterFailsOnlyThisRefresh() throws {
        let f = try SyncFixture()
        try f.stub.script("GET /api/inbox/messages", [["status": 429]])
        #expect(try f.refresh() == [.failed("GET /api/inbox/messages: throttled by the server (HTTP 429)")])
        #expect(try f.inbox.throttle(producer: "engagement", bootId: "boot") == nil)
        #expect(try f.refresh() == [.ok(messages: 0, skipped: 0)])
    }

    @Test func aServerErrorFailsTheRefreshAndKeepsTheStoredMessages() throws {
        let f = try SyncFixture()
        try f.stub.setState(["generate": 4])
        try f.refresh()
        try f.stub.script("GET /api/inbox/messages", [["status": 500]])
        #expect(try f.refresh() == [.failed("GET /api/inbox/messages: HTTP 500")])
        #expect(try f.inbox.count(.all) == 4)
        let status = try #require(try f.inbox.producerStatuses().first)
        #expect(status.lastOutcome == "failed: GET /api/inbox/messages: HTTP 500")
    }

    @Test func aFailureOnALaterPageStoresNothingFromTheEarlierPages() throws {
        let f = try SyncFixture()
        try f.stub.setState(["generate": 30])
        try f.stub.script("GET /api/inbox/messages", [["feed": true], ["status": 502]])
        #expect(try f.refresh() == [.failed("GET /api/inbox/messages: HTTP 502")])
        #expect(try f.inbox.count(.all) == 0)
    }

    @Test func aConnectionClosedMidBodyIsAFailure() throws {
        let f = try SyncFixture()
        try f.stub.script("GET /api/inbox/messages", [["json": ["messages": [wireMessage("a")]], "closeAfter": 10]])
        let outcome = try f.refresh()
        #expect(outcome.count == 1)
        guard case .failed(let reason) = outcome[0] else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(reason.hasPrefix("GET /api/inbox/messages: the connection broke"))
        #expect(try f.inbox.count(.all) == 0)
    }

    @Test func garbageIsRefusedAsNotJSON() throws {
        let f = try SyncFixture()
        try f.stub.script("GET /api/inbox/messages", [["garbage": true]])
        #expect(try f.refresh() == [.failed("GET /api/inbox/messages: the response is not JSON")])
        try f.stub.script("GET /api/sdk/params", [["body": "[1, 2"]])
        #expect(try f.refresh() == [.failed("GET /api/sdk/params: the response is not JSON")])
    }

    @Test func aNonJSONAcknowledgementKeepsTheEventsQueued() throws {
        let f = try SyncFixture()
        try f.seed(1)
        try f.inbox.recordImpressions([f.key("m-1")])
        try f.stub.script("POST /api/inbox/events", [["garbage": true]])
        #expect(try f.refresh() == [.failed("POST /api/inbox/events: the response is not JSON")])
        #expect(try f.pending().events == 1)
        try f.stub.script("POST /api/inbox/events", [["body": ""]])
        #expect(try f.refresh() == [.ok(messages: 0, skipped: 0)])
        #expect(try f.pending().events == 0)
    }

    @Test(arguments: [false, true])
    func aBodyOverEightMiBIsRefused(withoutLength: Bool) throws {
        let f = try SyncFixture()
        try f.stub.script("GET /api/inbox/messages", [["oversize": (8 << 20) + 1, "noLength": withoutLength]])
        #expect(try f.refresh() == [.failed("GET /api/inbox/messages: the response is larger than 8 MiB")])
    }

    @Test func aBodyOfExactlyEightMiBIsRead() throws {
        let f = try SyncFixture()
        let prefix = #"{"messages": []}"#
        try f.stub.script(
            "GET /api/inbox/messages", [["body": prefix + String(repeating: " ", count: (8 << 20) - prefix.utf8.count)]]
        )
        #expect(try f.refresh() == [.ok(messages: 0, skipped: 0)])
    }

    @Test func aServerThatDoesNotAnswerInTimeIsAFailure() throws {
        let f = try SyncFixture(timeouts: HTTPTimeouts(connect: 1, request: 1))
        try f.stub.script("GET /api/sdk/params", [["delay": 3]])
        // The stub answers after 3 s: without the timeout this refresh would succeed.
        #expect(try f.refresh() == [.failed("GET /api/sdk/params: the server did not finish answering within 1 s")])
    }

    @Test func aRefusedConnectionIsAFailureThatKeepsTheQueues() throws {
        let f = try SyncFixture()
        try f.seed(1)
        _ = try f.inbox.markDeleted(f.key("m-1"))
        let port = f.stub.port
        f.stub.stop()
        #expect(
            try f.refresh() == [.failed("GET /api/sdk/params: cannot connect to 127.0.0.1:\(port): connection refused")]
        )
        #expect(try f.pending() == (1, 1))
    }

    /// The connect probe goes before an endpoint's first exchange, and its failure is the
    /// exchange's, in the resolver's words: URLSession alone would say "unknown host" only.
    @Test func anUnknownHostFailsWithTheProbesReason() {
        let transport = URLSessionTransport(timeouts: HTTPTimeouts(connect: 5, request: 5))
        let url = URL(string: "http://nosuch.invalid:8080/api/sdk/params")!
        for _ in 0..<3 {
            let result = transport.send(HTTPRequest(method: "GET", url: url), cancellation: nil)
            guard case .failure(.cannotConnect(let host, let reason)) = result else {
                Issue.record("expected cannot connect, got \(result)")
                return
            }
            #expect(host == "nosuch.invalid:8080")
            #expect(reason.hasPrefix("unknown host ("), "\(reason)")
        }
    }

    /// The connect limit (issue 4), apart from the request limit: a listener whose accept queue
    /// is full drops every new connection attempt, as a host that swallows packets does, and the
    /// probe gives up after the connect limit with its own reason, while the request limit is
    /// far away.
    @Test func anEndpointThatNeverAcceptsFailsAtTheConnectLimit() throws {
        let listener = try #require(FullListener())
        defer { listener.close() }
        let transport = URLSessionTransport(timeouts: HTTPTimeouts(connect: 0.5, request: 30))
        let url = URL(string: "http://127.0.0.1:\(listener.port)/api/sdk/params")!
        let result = transport.send(HTTPRequest(method: "GET", url: url), cancellation: nil)
        guard case .failure(.connectTimedOut(let host, let seconds)) = result else {
            Issue.record("expected the connect limit, got \(result)")
            return
        }
        #expect(host == "127.0.0.1:\(listener.port)" && seconds == 0.5)
    }

    @Test func theDefaultLimitsAreTenAndThirtySecondsAndEightMiB() {
        let transport = URLSessionTransport()
        #expect(transport.timeouts == HTTPTimeouts(connect: 10, request: 30))
        #expect(transport.bodyLimit == 8 << 20)
    }
}

/// A loopback listener that never accepts, with its accept queue filled: the kernel then drops
/// further connection attempts (no answer at all, not a refusal).
private final class FullListener {
    let port: Int
    private var descriptors: [Int32] = []

    init?() {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { return nil }
        descriptors.append(listener)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 0) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else {
            _ = Glibc.close(listener)
            return nil
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        // A backlog of 0 queues one connection; once it is there, the kernel drops every SYN
        // that comes after (the others, here too, stay unanswered).
        for _ in 0..<2 {
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard filler >= 0 else { continue }
            descriptors.append(filler)
            _ = fcntl(filler, F_SETFL, fcntl(filler, F_GETFL) | O_NONBLOCK)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
    }

    deinit { close() }

    func close() {
        for descriptor in descriptors { _ = Glibc.close(descriptor) }
        descriptors.removeAll()
    }
}
