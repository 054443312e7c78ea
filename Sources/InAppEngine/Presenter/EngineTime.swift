import Foundation
import InboxCore

/// "Now" as every presenter input carries it: monotonic seconds for timers and elapsed-time rules,
/// the UTC instant for `startsAt`/`endsAt` and analytics, and the local offset for quiet hours.
public struct EngineTime: Sendable, Equatable {
    /// Monotonic seconds; only differences matter.
    public var uptime: Double
    public var utc: Date
    /// Seconds east of UTC for the local wall clock.
    public var utcOffset: Double

    public init(uptime: Double, utc: Date, utcOffset: Double = 0) {
        self.uptime = uptime
        self.utc = utc
        self.utcOffset = utcOffset
    }

    /// Reads a `Clock` (the real app: `SystemClock`, tests: `ManualClock`).
    public init(clock: any InboxCore.Clock, timeZone: TimeZone = .current) {
        let now = clock.now
        self.init(uptime: clock.uptime, utc: now, utcOffset: Double(timeZone.secondsFromGMT(for: now)))
    }

    /// Seconds since local midnight, for quiet hours (B.8).
    public var localSecondsOfDay: Double {
        let local = utc.timeIntervalSince1970 + utcOffset
        let day = 86_400.0
        return local - (local / day).rounded(.down) * day
    }

    /// Seconds since midnight UTC, for quiet hours judged on UTC (`quietHoursClock: utc`).
    public var utcSecondsOfDay: Double {
        let seconds = utc.timeIntervalSince1970
        return seconds - (seconds / 86_400).rounded(.down) * 86_400
    }

    /// The same wall clock `seconds` later (virtual clocks move both together).
    public func advanced(by seconds: Double) -> EngineTime {
        EngineTime(uptime: uptime + seconds, utc: utc.addingTimeInterval(seconds), utcOffset: utcOffset)
    }
}

/// Elapsed-time comparisons with a microsecond tolerance, so `30.0` computed from decimal inputs
/// counts as exactly 30 s (B.2 "exactly 30.0 is the same session", B.6 "elapsed >= cooldown").
enum Elapsed {
    static let tolerance = 1e-6

    /// `elapsed >= limit`.
    static func reached(_ elapsed: Double, _ limit: Double) -> Bool {
        elapsed >= limit - tolerance
    }
}
