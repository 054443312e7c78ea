import Foundation

/// The source of "now" for every rule (BEHAVIOR: "now comes from an injected clock").
///
/// `now` is wall time (active windows, event dates); `uptime` is monotonic seconds
/// (the one-a-minute refresh limit, timers), which moving the wall clock does not change.
public protocol Clock: Sendable {
    var now: Date { get }
    var uptime: Double { get }
}

/// The real clock: `Date()` and the system's monotonic clock.
public struct SystemClock: Clock {
    public init() {}
    public var now: Date { Date() }
    public var uptime: Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

/// A clock for tests that moves only when told, like swift-nio's `EmbeddedEventLoop`.
public final class ManualClock: Clock, @unchecked Sendable {
    private let lock = NSLock()
    private var wall: Date
    private var mono: Double

    public init(now: Date = Date(timeIntervalSince1970: 1_796_000_000), uptime: Double = 1_000) {
        wall = now
        mono = uptime
    }

    public var now: Date { lock.withLock { wall } }
    public var uptime: Double { lock.withLock { mono } }

    /// Moves both clocks forward.
    public func advance(by seconds: Double) {
        lock.withLock {
            wall = wall.addingTimeInterval(seconds)
            mono += seconds
        }
    }

    /// Moves the wall clock only, as a user changing the system time would.
    public func setWallClock(_ date: Date) {
        lock.withLock { wall = date }
    }
}
