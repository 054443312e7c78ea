import Foundation
import InAppEngine
import InboxCore
import InboxSync

/// The in-app endpoints of PROTOCOL §2 over an `HTTPTransport`, or their file equivalents.
public struct InAppClient: Sendable {
    public let source: CampaignSource
    public let transport: HTTPTransport
    /// A campaigns file, as large as a feed file may be (PROTOCOL 1.5); from a server, every body
    /// is held to 8 MiB by the transport.
    static let fileLimit = 256 << 20
    /// A local picture or placeholders file. The spec bounds only what comes over HTTP (8 MiB);
    /// a demo's or a preview's picture on disk may be larger, and a larger one is said in the
    /// decision log ("artwork … failed (… larger than 64 MiB)"), not dropped without a reason.
    public static let pictureLimit = 64 << 20

    /// A local file's bytes, read as feed files are (`FileProducer.stream`): at most `limit`, so
    /// `/dev/zero` named as a picture or as the campaigns is refused at the limit where it filled
    /// the memory, a directory is refused, and a pipe nobody writes to fails after its wait.
    public static func readLocal(_ url: URL, limit: Int) -> Result<Data, InAppSyncError> {
        FileProducer.contents(url, limit: limit).mapError { .unreadable("cannot read \(url.path): \($0.reason)") }
    }

    public init(source: CampaignSource, transport: HTTPTransport = ProcessTransport.shared) {
        self.source = source
        self.transport = transport
    }

    /// `GET {base}/api/iam/sync?customerId=C&lang=L`, or the document file. Returns the decoded
    /// document and the bytes (kept as the customer's cache).
    public func sync(customer: String, language: String) -> Result<(CampaignDocument, Data), InAppSyncError> {
        let data: Data
        switch source {
        case .file(let url, _, _):
            switch Self.readLocal(url, limit: Self.fileLimit) {
            case .success(let bytes): data = bytes
            case .failure(let failure): return .failure(failure)
            }
        case .http(let base, let token, let format, _):
            if format == .gameball {
                switch gameballSync(base: base, token: token, customer: customer, language: language) {
                case .success(let body): data = body
                case .failure(let error): return .failure(error)
                }
                break
            }
            var components = URLComponents(url: endpoint(base, "api/iam/sync"), resolvingAgainstBaseURL: false)
            components?.queryItems = [
                URLQueryItem(name: "customerId", value: customer), URLQueryItem(name: "lang", value: language),
            ]
            guard let url = components?.url else { return .failure(.refused("bad sync URL")) }
            switch exchange(HTTPRequest(method: "GET", url: url, headers: headers(token)), "sync") {
            case .success(let body): data = body
            case .failure(let error): return .failure(error)
            }
        }
        do {
            return .success((try source.read(data), data))
        } catch {
            if case .file(let url, _, _) = source { return .failure(.unreadable("\(url.path): \(error)")) }
            return .failure(.unreadable("the sync document is not usable: \(error)"))
        }
    }

    /// `GET {base}/api/iam/customers/{customerId}/placeholders`. A file source reads the
    /// customer's object of `placeholders.json` beside the sync document, when there is one
    /// (README, "Decisions"): the demo greets its customer by name.
    /// `cancellation` stops a request that is still waiting (a caller that stopped waiting for it).
    public func placeholders(
        customer: String, cancellation: Cancellation? = nil
    ) -> Result<[String: String], InAppSyncError> {
        guard case .http(let base, let token, let format, _) = source else {
            guard let folder = source.documentBase else { return .failure(.noServer) }
            let file = folder.appendingPathComponent("placeholders.json")
            // No file beside the document is the usual case (no values); one that is there but
            // cannot be read or parsed is a failure with its reason, so it is heard, not skipped.
            guard FileManager.default.fileExists(atPath: file.path) else { return .failure(.noServer) }
            let data: Data
            switch Self.readLocal(file, limit: Self.pictureLimit) {
            case .success(let bytes): data = bytes
            case .failure(let failure): return .failure(failure)
            }
            guard let document = JSONValue.parse(data) else { return .failure(.notJSON(endpoint: file.path)) }
            guard let object = document[customer] else { return .failure(.noServer) }
            return Self.placeholderValues(object)
        }
        if format == .gameball {
            return gameballVariables(base: base, token: token, customer: customer, cancellation: cancellation)
        }
        guard let url = Self.placeholdersURL(base, customer: customer) else {
            return .failure(.refused("bad placeholders URL"))
        }
        let request = HTTPRequest(method: "GET", url: url, headers: headers(token))
        return exchange(request, "placeholders", cancellation: cancellation).flatMap { body in
            guard let object = JSONValue.parse(body) else { return .failure(.notJSON(endpoint: "placeholders")) }
            return Self.placeholderValues(object)
        }
    }

    /// Text and number values of a placeholders object; other values are left out.
    static func placeholderValues(_ json: JSONValue) -> Result<[String: String], InAppSyncError> {
        guard let object = json.objectValue else { return .failure(.notJSON(endpoint: "placeholders")) }
        var values: [String: String] = [:]
        for (key, value) in object {
            if let text = value.stringValue {
                values[key] = text
            } else if let number = value.numberValue {
                values[key] = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
            }
        }
        return .success(values)
    }

    /// One picture: a local file read from disk, or `https://` fetched; `http://` is refused
    /// before any request (PROTOCOL 2.1, BEHAVIOR B.14).
    public func artwork(_ reference: ArtworkReference) -> Result<Data, InAppSyncError> {
        switch reference.kind {
        case .refused(let reason): return .failure(.refused(reason))
        case .local:
            guard let url = reference.url else { return .failure(.unreadable("cannot read \(reference.original)")) }
            return Self.readLocal(url, limit: Self.pictureLimit)
        case .remote:
            guard let url = reference.url else { return .failure(.refused("no URL")) }
            return exchange(HTTPRequest(method: "GET", url: url, headers: headers(nil)), "artwork", json: false)
        }
    }

    /// `POST {base}/api/iam/events` with the given event objects, in order (PROTOCOL 2.4).
    public func sendAnalytics(_ events: [Data]) -> Result<Void, InAppSyncError> {
        sendAnalyticsNoting(events).result
    }

    /// `sendAnalytics`, with the lines to log about events the server refused for good
    /// (Gameball drops a request answered 400, 401, 404 or 422, VENDORS.md §4).
    public func sendAnalyticsNoting(_ events: [Data]) -> (result: Result<Void, InAppSyncError>, notes: [String]) {
        if case .http(let base, let token, .gameball, _) = source {
            return gameballAnalytics(events, base: base, token: token)
        }
        return (post("api/iam/events", body: Self.wrap(events, key: "events"), name: "analytics"), [])
    }

    /// `POST {base}/api/events` for one customer event (PROTOCOL 2.3). An empty id is refused.
    public func sendCustomerEvent(customer: String, name: String, properties: [String: JSONValue])
        -> Result<Void, InAppSyncError>
    {
        guard !customer.isEmpty else { return .failure(.refused("an empty customer id is refused")) }
        // VENDORS.md §4: with a Gameball source customer events are evaluated on the device only.
        if source.format == .gameball { return .success(()) }
        return post(
            "api/events", body: Self.customerEventBody(customer: customer, name: name, properties: properties),
            name: "events")
    }

    /// The PROTOCOL 2.3 body: `{"customerId":…,"events":{"NAME":{…}}}`.
    public static func customerEventBody(customer: String, name: String, properties: [String: JSONValue]) -> Data {
        let document: [String: Any] = [
            "customerId": customer, "events": [name: properties.mapValues(\.foundationValue)],
        ]
        // Every value is a string, a number, a Boolean, null, an array or an object of those
        // (`JSONValue.foundationValue`), so the writer cannot refuse it.
        return (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])) ?? Data()
    }

    /// Sends an already encoded body; used to resend queued customer events byte for byte.
    public func post(body: Data, to path: String, name: String) -> Result<Void, InAppSyncError> {
        if source.format == .gameball, path == "api/events" { return .success(()) }
        return post(path, body: body, name: name)
    }

    private func post(_ path: String, body: Data, name: String) -> Result<Void, InAppSyncError> {
        guard case .http(let base, let token, _, _) = source else { return .failure(.noServer) }
        var headers = headers(token)
        headers["Content-Type"] = "application/json"
        let request = HTTPRequest(method: "POST", url: endpoint(base, path), headers: headers, body: body)
        return exchange(request, name, json: false).map { _ in () }
    }

    func exchange(
        _ request: HTTPRequest, _ name: String, json: Bool = true, cancellation: Cancellation? = nil
    ) -> Result<Data, InAppSyncError> {
        switch transport.send(request, cancellation: cancellation) {
        case .failure(let failure): return .failure(.transport(failure))
        case .success(let response):
            guard (200..<300).contains(response.status) else {
                return .failure(.status(response.status, endpoint: name))
            }
            if json, JSONValue.parse(response.body) == nil { return .failure(.notJSON(endpoint: name)) }
            return .success(response.body)
        }
    }

    func endpoint(_ base: URL, _ path: String) -> URL {
        base.appendingPathComponent(path)
    }

    /// `{base}/api/iam/customers/{customer}/placeholders` with the id as one path segment,
    /// percent-encoded once: `appendingPathComponent` encoded an escaped id again (`a b` went
    /// out as `a%2520b`), and `..` went out as it is.
    static func placeholdersURL(_ base: URL, customer: String) -> URL? {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: true) else { return nil }
        var prefix = components.percentEncodedPath
        while prefix.hasSuffix("/") { prefix.removeLast() }
        var segment = HTTPProducer.encode(customer)
        if segment == "." || segment == ".." { segment = segment.replacingOccurrences(of: ".", with: "%2E") }
        components.percentEncodedPath = prefix + "/api/iam/customers/" + segment + "/placeholders"
        return components.url
    }

    func headers(_ token: String?) -> [String: String] {
        var headers = ["User-Agent": HTTPProducer.userAgent, "Accept": "application/json"]
        if let token, !token.isEmpty { headers["Authorization"] = "Bearer \(token)" }
        return headers
    }

    /// `{"KEY":[e1,e2,…]}` from already encoded objects, without decoding them again.
    static func wrap(_ objects: [Data], key: String) -> Data {
        var body = Data("{\"\(key)\":[".utf8)
        for (index, object) in objects.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body.append(object)
        }
        body.append(contentsOf: Array("]}".utf8))
        return body
    }
}

extension JSONValue {
    /// The value as Foundation objects, for `JSONSerialization`.
    var foundationValue: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let flag): return flag
        case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? Int(number) as Any : number
        case .string(let text): return text
        case .array(let items): return items.map(\.foundationValue)
        case .object(let fields): return fields.mapValues(\.foundationValue)
        }
    }
}
