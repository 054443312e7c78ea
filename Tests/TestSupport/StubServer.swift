import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request as the stub server received it.
public struct RecordedRequest: @unchecked Sendable {
    public var method: String
    public var path: String
    public var query: [String: String]
    public var headers: [String: String]
    public var body: String
    public var json: Any?

    public var route: String { "\(method) \(path)" }

    /// The `eventId`s of an events request, in the order sent.
    public var eventIds: [String] {
        ((json as? [String: Any])?["events"] as? [[String: Any]] ?? []).compactMap { $0["eventId"] as? String }
    }

    /// The events of a Dengage events request (VENDORS.md §2) as `TYPE msgid`, in the order sent.
    public var dengageEvents: [String] {
        ((json as? [String: Any])?["events"] as? [[String: Any]] ?? []).map {
            "\($0["eventType"] as? String ?? "?") \($0["msgid"] as? String ?? "?")"
        }
    }

    /// The `did` of a Dengage events request.
    public var dengageDevice: String? { (json as? [String: Any])?["did"] as? String }

    public var statuses: [[String: String]] {
        ((json as? [String: Any])?["statuses"] as? [[String: Any]] ?? []).map {
            ["id": $0["id"] as? String ?? "", "status": $0["status"] as? String ?? ""]
        }
    }
}

/// The Python stub of `StubServer/stub_server.py`, started on a free loopback port for one test
/// and stopped with it. It exits by itself when its standard input closes, so it never outlives
/// the test process.
public final class StubServer: @unchecked Sendable {
    public let port: Int
    private let process: ChildProcess

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("InboxSyncTests/StubServer/stub_server.py")

    public init() throws {
        let portFile = Scratch.folder("tinbox-stub")
        process = try ChildProcess("python3", [Self.script.path, portFile.path], input: .pipe)
        let deadline = Date().addingTimeInterval(10)
        var found: Int?
        while found == nil && Date() < deadline && process.isRunning {
            if let text = try? String(contentsOf: portFile, encoding: .utf8) { found = Int(text) }
            if found == nil { usleep(10_000) }
        }
        try? FileManager.default.removeItem(at: portFile)
        guard let found else {
            process.signal(SIGKILL)
            throw StubError("the stub server did not start within 10 s: \(process.standardError)")
        }
        port = found
    }

    deinit { stop() }

    public var base: URL { URL(string: "http://127.0.0.1:\(port)")! }

    public func stop() {
        try? process.input?.close()
        if process.isRunning {
            process.signal(SIGTERM)
            _ = try? process.wait(timeout: 5)
        }
    }

    // MARK: control

    /// Replaces parts of the state: `feed`, `generate` (N made-up messages), `params`.
    public func setState(_ state: [String: Any]) throws {
        _ = try control("POST", "/__control/state", state)
    }

    /// Queues answers for one route ("POST /api/inbox/events"), used in order, then the default.
    public func script(_ route: String, _ responses: [[String: Any]]) throws {
        _ = try control("POST", "/__control/script", ["route": route, "responses": responses])
    }

    public func requests() throws -> [RecordedRequest] {
        let object = try control("GET", "/__control/requests", nil) as? [String: Any]
        return (object?["requests"] as? [[String: Any]] ?? []).map {
            RecordedRequest(
                method: $0["method"] as? String ?? "", path: $0["path"] as? String ?? "",
                query: $0["query"] as? [String: String] ?? [:], headers: $0["headers"] as? [String: String] ?? [:],
                body: $0["body"] as? String ?? "", json: $0["json"].flatMap { $0 is NSNull ? nil : $0 })
        }
    }

    public func requests(_ route: String) throws -> [RecordedRequest] {
        try requests().filter { $0.route == route }
    }

    /// Polls until `condition` holds for the recorded requests, at most `timeout` seconds.
    public func waitFor(timeout: Double = 10, _ condition: ([RecordedRequest]) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(try requests()) { return }
            usleep(20_000)
        }
        throw StubError("the stub never saw the expected requests within \(timeout) s")
    }

    private func control(_ method: String, _ path: String, _ payload: Any?) throws -> Any {
        var request = URLRequest(url: base.appendingPathComponent(String(path.dropFirst())))
        request.httpMethod = method
        request.timeoutInterval = 5
        if let payload { request.httpBody = try JSONSerialization.data(withJSONObject: payload) }
        let done = DispatchSemaphore(value: 0)
        let box = Box()
        URLSession.shared.dataTask(with: request) { data, _, error in
            box.data = data
            box.error = error
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 10) == .success, let data = box.data else {
            throw StubError("control request \(path) failed: \(box.error.map { "\($0)" } ?? "timeout")")
        }
        return try JSONSerialization.jsonObject(with: data)
    }

    private final class Box: @unchecked Sendable {
        var data: Data?
        var error: Error?
    }
}

public struct StubError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
