import Foundation

/// BEHAVIOR A.6: manual refreshes are limited to one per 60 s of monotonic time.
public enum RefreshLimit {
    public static let interval: Double = 60

    public enum Decision: Equatable, Sendable {
        case allowed
        /// Refused; the next refresh is allowed in this many seconds.
        case refused(nextIn: Double)
    }

    /// `last` and `now` are monotonic seconds; a refresh at exactly 60.000 s is allowed.
    public static func decide(last: Double?, now: Double) -> Decision {
        guard let last, now >= last else { return .allowed }
        let elapsed = now - last
        return elapsed >= interval ? .allowed : .refused(nextIn: interval - elapsed)
    }

    /// Whole seconds for "next refresh in N s", rounded up so it never says 0 while refused.
    public static func wholeSeconds(_ nextIn: Double) -> Int {
        max(1, Int(nextIn.rounded(.up)))
    }
}
