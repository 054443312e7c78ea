import Foundation
import InboxSync

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
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        delegate = SessionDelegate(bodyLimit: bodyLimit, requestTimeout: timeouts.request)
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit { session.invalidateAndCancel() }

    public func send(_ request: HTTPRequest, cancellation: Cancellation?) -> Result<HTTPResponse, TransportFailure> {
        if cancellation?.isCancelled == true { return .failure(.cancelled) }
        if let failure = probe(request.url) { return .failure(failure) }
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.timeoutInterval = timeouts.request
        urlRequest.httpShouldHandleCookies = false
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body

        let task = session.dataTask(with: urlRequest)
        let exchange = delegate.register(task)
        let token = cancellation?.onCancel { [delegate] in delegate.stop(task, because: .cancelled) }
        defer { cancellation?.remove(token) }
        task.resume()
        if exchange.done.wait(timeout: .now() + timeouts.request) == .timedOut {
            delegate.stop(task, because: .timedOut(seconds: timeouts.request))
            _ = exchange.done.wait(timeout: .now() + 5)
        }
        let result = delegate.finish(task, host: Self.endpoint(request.url))
        if case .failure(.cannotConnect) = result { forget(request.url) }
        return result
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

/// Collects each task's response and bytes; wakes the waiting `send` when the task ends.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    final class Exchange {
        let done = DispatchSemaphore(value: 0)
        var response: HTTPURLResponse?
        var body = Data()
        /// Set when tinbox itself stopped the task (too large, timed out, cancelled).
        var stopReason: TransportFailure?
        var error: Error?
    }

    private let bodyLimit: Int
    private let requestTimeout: Double
    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]

    init(bodyLimit: Int, requestTimeout: Double) {
        self.bodyLimit = bodyLimit
        self.requestTimeout = requestTimeout
    }

    func register(_ task: URLSessionTask) -> Exchange {
        let exchange = Exchange()
        lock.withLock { exchanges[task.taskIdentifier] = exchange }
        return exchange
    }

    func stop(_ task: URLSessionTask, because reason: TransportFailure) {
        let first = lock.withLock { () -> Bool in
            guard let exchange = exchanges[task.taskIdentifier], exchange.stopReason == nil else { return false }
            exchange.stopReason = reason
            return true
        }
        if first { task.cancel() }
    }

    /// Removes the task's record and turns it into the result of `send`.
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
        exchange.done.signal()
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
