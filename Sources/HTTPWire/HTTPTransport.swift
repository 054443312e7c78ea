import Foundation

/// One HTTP exchange as the producers see it: no caching, no cookies, no redirects.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?

    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why an exchange produced no usable response. Descriptions end "<producer> failed: …".
public enum TransportFailure: Error, Equatable, Sendable, CustomStringConvertible {
    case cannotConnect(host: String, reason: String)
    case connectTimedOut(host: String, seconds: Double)
    case timedOut(seconds: Double)
    case connectionLost(String)
    case bodyTooLarge(limit: Int)
    case cancelled
    case other(String)

    public var description: String {
        switch self {
        case .cannotConnect(let host, let reason): return "cannot connect to \(host): \(reason)"
        case .connectTimedOut(let host, let seconds):
            return "cannot connect to \(host): no answer within \(Self.seconds(seconds)) s"
        case .timedOut(let seconds): return "the server did not finish answering within \(Self.seconds(seconds)) s"
        case .connectionLost(let reason): return "the connection broke: \(reason)"
        case .bodyTooLarge(let limit): return "the response is larger than \(limit >> 20) MiB"
        case .cancelled: return "cancelled"
        case .other(let reason): return reason
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// Connect and whole-request limits (issue 4: 10 s and 30 s). Tests shorten them.
public struct HTTPTimeouts: Equatable, Sendable {
    public var connect: Double
    public var request: Double

    public init(connect: Double = 10, request: Double = 30) {
        self.connect = connect
        self.request = request
    }
}

/// The network as the sync code sees it (STYLE.md: inject the network). `send` blocks the
/// calling thread until the exchange ends; `cancellation` ends it early from another thread.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest, cancellation: Cancellation?) -> Result<HTTPResponse, TransportFailure>
}

/// A flag another thread can raise to stop a refresh or a flush that is waiting on the network
/// (BEHAVIOR A.5: disabling cancels a waiting refresh).
public final class Cancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var handlers: [Int: @Sendable () -> Void] = [:]
    private var nextHandler = 0

    public init() {}

    public var isCancelled: Bool { lock.withLock { cancelled } }

    /// Raises the flag and stops whatever is waiting on it.
    public func cancel() {
        let waiting: [@Sendable () -> Void] = lock.withLock {
            guard !cancelled else { return [] }
            cancelled = true
            defer { handlers.removeAll() }
            return Array(handlers.values)
        }
        for handler in waiting { handler() }
    }

    /// Runs `handler` on cancel (at once when already cancelled); returns a token for `remove`.
    public func onCancel(_ handler: @escaping @Sendable () -> Void) -> Int? {
        let token: Int? = lock.withLock {
            guard !cancelled else { return nil }
            nextHandler += 1
            handlers[nextHandler] = handler
            return nextHandler
        }
        if token == nil { handler() }
        return token
    }

    public func remove(_ token: Int?) {
        guard let token else { return }
        lock.withLock { _ = handlers.removeValue(forKey: token) }
    }
}
