import Foundation
import HTTPWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `HTTPTransport` on URLSession (FoundationNetworking on Linux). The only file that talks to
/// URLSession, so the rest of tinbox never links against its types.
///
/// - Connect limit: `ConnectProbe`, once per endpoint until it has been unreachable or unused
///   for a while.
/// - Whole-request limit: a watchdog cancels the task when `timeouts.request` has passed.
/// - Bodies over `bodyLimit` are refused as soon as the `Content-Length` or the received bytes
///   pass it, without buffering the rest (PROTOCOL 1.5).
/// - Redirects are not followed: a token must never travel to another host.
public final class URLSessionTransport: HTTPTransport, @unchecked Sendable {
    public static let defaultBodyLimit = 8 << 20

    public let timeouts: HTTPTimeouts
    public let bodyLimit: Int
    private let session: URLSession
    private let delegate: SessionDelegate
    private let lock = NSLock()
    /// Endpoints a probe reached recently, by "host:port", with the monotonic time of the probe.
    private var reachable: [String: Double] = [:]
    private static let probeReuse: Double = 60

    public init(timeouts: HTTPTimeouts = HTTPTimeouts(), bodyLimit: Int = URLSessionTransport.defaultBodyLimit) {
        self.timeouts = timeouts
        self.bodyLimit = bodyLimit
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeouts.request
        configuration.timeoutIntervalForResource = timeouts.request
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        // Otherwise every header line of every answer is parsed for cookies tinbox never keeps.
        configuration.httpCookieAcceptPolicy = .never
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        delegate = SessionDelegate(bodyLimit: bodyLimit, requestTimeout: timeouts.request)
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit { session.invalidateAndCancel() }

    public func send(_ request: HTTPRequest, cancellation: Cancellation?) -> Result<HTTPResponse, TransportFailure> {
        let done = DispatchSemaphore(value: 0)
        let answer = Answer()
        start(request, cancellation: cancellation) { result in
            answer.result = result
            done.signal()
        }
        done.wait()
        return answer.result ?? .failure(.other("lost track of the request"))
    }

    /// Starts the exchange and returns at once; `completion` runs exactly once with its result,
    /// on a URLSession thread. Nothing waits meanwhile, so `tinbox-net` serves concurrent
    /// requests without a blocked thread each: it used to park a Dispatch worker per request,
    /// and on two cores two of them starved URLSession's own queues until Dispatch added a
    /// thread, a second later (issue 14 point 5).
    public func start(
        _ request: HTTPRequest, cancellation: Cancellation?,
        completion: @escaping @Sendable (Result<HTTPResponse, TransportFailure>) -> Void
    ) {
        if cancellation?.isCancelled == true { return completion(.failure(.cancelled)) }
        if reachedRecently(request.url) { return begin(request, cancellation: cancellation, completion: completion) }
        // The probe may wait for the whole connect limit: on a thread of its own, not the caller's.
        let thread = Thread { [self] in
            if let failure = probe(request.url) { return completion(.failure(failure)) }
            begin(request, cancellation: cancellation, completion: completion)
        }
        thread.name = "tinbox-net probe"
        thread.start()
    }

    /// Runs one exchange that cannot reach anything, and waits for it: a connection to port 0 is
    /// refused by the system before any packet leaves, whatever listens. The first exchange of a
    /// process costs about 10 ms more than the next (Swift type metadata, libcurl's handle set-up,
    /// pages touched for the first time); `tinbox-net` pays that here, at start, while tinbox
    /// opens its store, instead of in its first request (issue 14 point 5).
    public func warmUp() {
        let done = DispatchSemaphore(value: 0)
        let url = URL(string: "http://127.0.0.1:0/")!
        begin(HTTPRequest(method: "GET", url: url, headers: ["Accept": "application/json"]), cancellation: nil) { _ in
            done.signal()
        }
        // It ends at once; should it not, the first request is not held up for long.
        _ = done.wait(timeout: .now() + 1)
    }

    private func begin(
        _ request: HTTPRequest, cancellation: Cancellation?,
        completion: @escaping @Sendable (Result<HTTPResponse, TransportFailure>) -> Void
    ) {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.timeoutInterval = timeouts.request
        urlRequest.httpShouldHandleCookies = false
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body

        let task = session.dataTask(with: urlRequest)
        let host = Self.endpoint(request.url)
        let url = request.url
        let token = TokenBox()
        delegate.register(task) { [self] in
            cancellation?.remove(token.value)
            let result = delegate.finish(task, host: host)
            if case .failure(.cannotConnect) = result { forget(url) }
            completion(result)
        }
        token.value = cancellation?.onCancel { [delegate] in delegate.stop(task, because: .cancelled) }
        task.resume()
        // The whole-request limit; should URLSession never report the stopped task, the exchange
        // ends anyway 5 s later.
        let limit = timeouts.request
        DispatchQueue.global().asyncAfter(deadline: .now() + limit) { [delegate] in
            guard delegate.stop(task, because: .timedOut(seconds: limit)) else { return }
            DispatchQueue.global().asyncAfter(deadline: .now() + 5) { delegate.end(task) }
        }
    }

    /// Whether a probe reached the endpoint recently enough to skip another.
    private func reachedRecently(_ url: URL) -> Bool {
        let endpoint = Self.endpoint(url)
        let now = ConnectProbe.monotonicNow()
        return lock.withLock { reachable[endpoint].map { now - $0 < Self.probeReuse } ?? false }
    }

    /// Probes the endpoint unless it answered recently (connect limit, see the type's notes).
    private func probe(_ url: URL) -> TransportFailure? {
        let endpoint = Self.endpoint(url)
        let now = ConnectProbe.monotonicNow()
        let fresh = lock.withLock { reachable[endpoint].map { now - $0 < Self.probeReuse } ?? false }
        if fresh { return nil }
        guard let host = url.host else { return .other("\(url.absoluteString) has no host") }
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        if let failure = ConnectProbe.check(host: host, port: port, timeout: timeouts.connect) { return failure }
        lock.withLock { reachable[endpoint] = now }
        return nil
    }

    private func forget(_ url: URL) {
        let endpoint = Self.endpoint(url)
        _ = lock.withLock { reachable.removeValue(forKey: endpoint) }
    }

    static func endpoint(_ url: URL) -> String {
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        return "\(url.host ?? "?"):\(port)"
    }
}

/// The result `send` waits for.
private final class Answer: @unchecked Sendable {
    var result: Result<HTTPResponse, TransportFailure>?
}

/// A cancellation token, set after the exchange's end was registered.
private final class TokenBox: @unchecked Sendable {
    private let lock = NSLock()
    private var token: Int?

    var value: Int? {
        get { lock.withLock { token } }
        set { lock.withLock { token = newValue } }
    }
}

/// Collects each task's response and bytes; runs the exchange's end when the task ends.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    final class Exchange {
        var response: HTTPURLResponse?
        var body = Data()
        /// Set when tinbox itself stopped the task (too large, timed out, cancelled).
        var stopReason: TransportFailure?
        var error: Error?
        /// Runs once, when the task ends (taken under the lock, so never twice).
        var onEnd: (@Sendable () -> Void)?
    }

    private let bodyLimit: Int
    private let requestTimeout: Double
    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]

    init(bodyLimit: Int, requestTimeout: Double) {
        self.bodyLimit = bodyLimit
        self.requestTimeout = requestTimeout
    }

    func register(_ task: URLSessionTask, onEnd: @escaping @Sendable () -> Void) {
        let exchange = Exchange()
        exchange.onEnd = onEnd
        lock.withLock { exchanges[task.taskIdentifier] = exchange }
    }

    /// Stops a running task for `reason`; false when it had ended or was stopped already.
    @discardableResult
    func stop(_ task: URLSessionTask, because reason: TransportFailure) -> Bool {
        let first = lock.withLock { () -> Bool in
            guard let exchange = exchanges[task.taskIdentifier], exchange.stopReason == nil else { return false }
            exchange.stopReason = reason
            return true
        }
        if first { task.cancel() }
        return first
    }

    /// Runs the exchange's end, unless it ran already.
    func end(_ task: URLSessionTask) {
        let onEnd = lock.withLock { () -> (@Sendable () -> Void)? in
            defer { exchanges[task.taskIdentifier]?.onEnd = nil }
            return exchanges[task.taskIdentifier]?.onEnd
        }
        onEnd?()
    }

    /// Removes the task's record and turns it into the exchange's result.
    func finish(_ task: URLSessionTask, host: String) -> Result<HTTPResponse, TransportFailure> {
        guard let exchange = lock.withLock({ exchanges.removeValue(forKey: task.taskIdentifier) }) else {
            return .failure(.other("lost track of the request"))
        }
        return lock.withLock {
            if let reason = exchange.stopReason { return .failure(reason) }
            if let error = exchange.error {
                let mapped = failure(error, host: host)
                // libcurl reports a body cut short (closed mid-body) as an unknown error.
                if case .other = mapped, exchange.response != nil {
                    return .failure(.connectionLost((error as NSError).localizedDescription))
                }
                return .failure(mapped)
            }
            guard let response = exchange.response else { return .failure(.connectionLost("no response")) }
            var headers: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                headers[String(describing: name).lowercased()] = String(describing: value)
            }
            return .success(HTTPResponse(status: response.statusCode, headers: headers, body: exchange.body))
        }
    }

    private func exchange(_ task: URLSessionTask) -> Exchange? {
        lock.withLock { exchanges[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let exchange = exchange(dataTask) else { return completionHandler(.cancel) }
        if response.expectedContentLength > Int64(bodyLimit) {
            stop(dataTask, because: .bodyTooLarge(limit: bodyLimit))
            return completionHandler(.cancel)
        }
        lock.withLock { exchange.response = response as? HTTPURLResponse }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let exchange = exchange(dataTask) else { return }
        let tooLarge = lock.withLock { () -> Bool in
            guard exchange.stopReason == nil else { return false }
            if exchange.body.count + data.count > bodyLimit { return true }
            exchange.body.append(data)
            return false
        }
        if tooLarge { stop(dataTask, because: .bodyTooLarge(limit: bodyLimit)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let exchange = exchange(task) else { return }
        lock.withLock { exchange.error = error }
        end(task)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func failure(_ error: Error, host: String) -> TransportFailure {
        guard let error = error as? URLError else { return .other((error as NSError).localizedDescription) }
        switch error.code {
        case .timedOut: return .timedOut(seconds: requestTimeout)
        case .cannotConnectToHost: return .cannotConnect(host: host, reason: "connection refused")
        case .cannotFindHost, .dnsLookupFailed: return .cannotConnect(host: host, reason: "unknown host")
        case .networkConnectionLost: return .connectionLost("the server closed it before the response was complete")
        case .cancelled: return .cancelled
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return .other("TLS with \(host) failed: \(error.localizedDescription)")
        default: return .other("network error with \(host): \(error.localizedDescription)")
        }
    }
}
