import Foundation

/// One message between tinbox and `tinbox-net`, its network helper: a request, a cancel, or the
/// answer to a request. On the pipe (`NetworkFrame+Wire.swift`): the frame's byte count, then its
/// fields, each a tag and a value, the body's bytes last and as they are.
///
/// Why a helper process: URLSession on Linux drags in libcurl and its ~30 libraries, which cost
/// ~10 ms at every process start. Keeping them in a helper that starts only when an HTTP source
/// is used lets `tinbox count` answer in a few milliseconds (README, "Performance").
///
/// Why raw bodies: they were base64 inside the JSON line, so a batch of 500 events (90 KB) was
/// encoded, escaped, scanned and decoded twice more on its way through the pipe (issue 14 point 5).
/// Why not JSON at all: a header line went through JSONEncoder and JSONDecoder four times per
/// exchange, and their first use in each process (Swift metadata for the generic coders) fell on
/// the first requests of every refresh.
public struct NetworkFrame: Sendable, Equatable {
    public var id: Int
    // A request:
    public var method: String?
    public var url: URL?
    public var headers: [String: String]?
    /// A request's or an answer's body.
    public var body: Data?
    // A cancel:
    public var cancel: Bool?
    // An answer: a status, or a failure.
    public var status: Int?
    public var failure: String?
    public var host: String?
    public var reason: String?
    public var seconds: Double?
    public var limit: Int?

    public init(id: Int) { self.id = id }

    public static func request(_ id: Int, _ request: HTTPRequest) -> NetworkFrame {
        var frame = NetworkFrame(id: id)
        frame.method = request.method
        frame.url = request.url
        frame.headers = request.headers
        frame.body = request.body
        return frame
    }

    public static func cancel(_ id: Int) -> NetworkFrame {
        var frame = NetworkFrame(id: id)
        frame.cancel = true
        return frame
    }

    public static func answer(_ id: Int, _ result: Result<HTTPResponse, TransportFailure>) -> NetworkFrame {
        var frame = NetworkFrame(id: id)
        switch result {
        case .success(let response):
            frame.status = response.status
            frame.headers = response.headers
            frame.body = response.body
        case .failure(let failure):
            switch failure {
            case .cannotConnect(let host, let reason):
                (frame.failure, frame.host, frame.reason) = ("cannotConnect", host, reason)
            case .connectTimedOut(let host, let seconds):
                (frame.failure, frame.host, frame.seconds) = ("connectTimedOut", host, seconds)
            case .timedOut(let seconds): (frame.failure, frame.seconds) = ("timedOut", seconds)
            case .connectionLost(let reason): (frame.failure, frame.reason) = ("connectionLost", reason)
            case .bodyTooLarge(let limit): (frame.failure, frame.limit) = ("bodyTooLarge", limit)
            case .cancelled: frame.failure = "cancelled"
            case .other(let reason): (frame.failure, frame.reason) = ("other", reason)
            }
        }
        return frame
    }

    /// The request this frame carries, if it is one.
    public var request: HTTPRequest? {
        guard let method, let url else { return nil }
        return HTTPRequest(method: method, url: url, headers: headers ?? [:], body: body)
    }

    /// The answer this frame carries, if it is one.
    public var result: Result<HTTPResponse, TransportFailure>? {
        if let status { return .success(HTTPResponse(status: status, headers: headers ?? [:], body: body ?? Data())) }
        guard let failure else { return nil }
        switch failure {
        case "cannotConnect": return .failure(.cannotConnect(host: host ?? "", reason: reason ?? ""))
        case "connectTimedOut": return .failure(.connectTimedOut(host: host ?? "", seconds: seconds ?? 0))
        case "timedOut": return .failure(.timedOut(seconds: seconds ?? 0))
        case "connectionLost": return .failure(.connectionLost(reason ?? ""))
        case "bodyTooLarge": return .failure(.bodyTooLarge(limit: limit ?? 0))
        case "cancelled": return .failure(.cancelled)
        default: return .failure(.other(reason ?? failure))
        }
    }
}
