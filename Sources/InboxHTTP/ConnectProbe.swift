import Foundation
import HTTPWire

#if canImport(Glibc)
    import Glibc
#endif

/// The 10 s connect limit (issue 4). URLSession on Linux has no connect timeout of its own (its
/// timer counts idle time of the whole exchange), so before talking to an endpoint tinbox opens
/// one plain TCP connection to it with this limit and closes it again. A host that is down,
/// refusing, or silently dropping packets then fails in at most `timeout` seconds with a clear reason.
enum ConnectProbe {
    /// nil when a TCP connection to `host:port` opened within `timeout` seconds.
    static func check(host: String, port: Int, timeout: Double) -> TransportFailure? {
        let name = "\(host):\(port)"
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let lookup = getaddrinfo(host, String(port), &hints, &list)
        guard lookup == 0, let first = list else {
            return .cannotConnect(host: name, reason: "unknown host (\(String(cString: gai_strerror(lookup))))")
        }
        defer { freeaddrinfo(first) }
        let deadline = monotonicNow() + timeout
        var failure = TransportFailure.cannotConnect(host: name, reason: "no address to connect to")
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            let info = entry.pointee
            cursor = info.ai_next
            let remaining = deadline - monotonicNow()
            guard remaining > 0 else { return .connectTimedOut(host: name, seconds: timeout) }
            switch attempt(info, within: remaining) {
            case .connected: return nil
            case .timedOut: return .connectTimedOut(host: name, seconds: timeout)
            case .refused(let code):
                failure = .cannotConnect(host: name, reason: String(cString: strerror(code)).lowercased())
            }
        }
        return failure
    }

    private enum Attempt {
        case connected
        case timedOut
        case refused(Int32)
    }

    private static func attempt(_ info: addrinfo, within seconds: Double) -> Attempt {
        let fd = socket(info.ai_family, info.ai_socktype, info.ai_protocol)
        guard fd >= 0 else { return .refused(errno) }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        if connect(fd, info.ai_addr, info.ai_addrlen) == 0 { return .connected }
        guard errno == EINPROGRESS else { return .refused(errno) }
        let deadline = monotonicNow() + seconds
        while true {
            let left = deadline - monotonicNow()
            guard left > 0 else { return .timedOut }
            var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&entry, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
            return code == 0 ? .connected : .refused(code)
        }
    }

    static func monotonicNow() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
