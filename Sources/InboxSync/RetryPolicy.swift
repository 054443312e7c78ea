import Foundation

/// How long to wait before sending queued statuses and events again after failures
/// (issue 4, point 4): exponential, with jitter, never more than 5 minutes.
///
/// Pure: the random source is a parameter, so tests pin it. The jitter is "equal jitter": the
/// wait is between half and all of the exponential ceiling, so it always grows with the failures
/// while two tinbox processes that failed together do not retry in step.
public struct RetryPolicy: Equatable, Sendable {
    /// The ceiling after the first failure, in seconds.
    public var initial: Double
    /// Issue 4: at most 5 minutes.
    public var maximum: Double

    public init(initial: Double = 5, maximum: Double = 300) {
        self.initial = initial
        self.maximum = maximum
    }

    /// The exponential ceiling after `failures` consecutive failures (0 for none).
    public func ceiling(afterFailures failures: Int) -> Double {
        guard failures > 0 else { return 0 }
        let doublings = Double(min(failures - 1, 62))
        return min(maximum, initial * pow(2, doublings))
    }

    /// The wait after `failures` consecutive failures. `random` returns a number in 0...1
    /// (values outside are clamped); the result lies in `ceiling/2 ... ceiling`.
    public func delay(afterFailures failures: Int, random: () -> Double) -> Double {
        let ceiling = ceiling(afterFailures: failures)
        let unit = min(1, max(0, random()))
        return ceiling / 2 + unit * ceiling / 2
    }

    /// The system random source for `delay`.
    public static func systemRandom() -> Double { Double.random(in: 0...1) }
}
