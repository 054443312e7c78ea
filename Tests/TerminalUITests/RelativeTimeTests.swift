import Foundation
import Testing

@testable import TerminalUI

/// The list's time column and the detail view's phrase, on either side of the clock.
@Suite struct RelativeTimeTests {
    /// 2026-12-01T12:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_796_126_400)

    /// Seconds before `now`, the column, the phrase.
    static let past: [(Double, String, String)] = [
        (0, "now", "just now"), (59, "now", "just now"), (60, "1m", "1 minute ago"),
        (3_599, "59m", "59 minutes ago"), (7_200, "2h", "2 hours ago"), (86_400, "1d", "1 day ago"),
        (6 * 86_400, "6d", "6 days ago"), (8 * 86_400, "Nov 23", "8 days ago"),
        (400 * 86_400, "2025", "400 days ago"),
    ]

    /// Seconds after `now`: a date ahead of the clock said "now" and "just now", however far.
    /// Within five minutes it still does: two clocks that far apart. Further ahead the span is
    /// rounded to the nearest unit: counted down, 47 hours ahead read "in 1 day".
    static let ahead: [(Double, String, String)] = [
        (30, "now", "just now"), (299, "now", "just now"), (600, "Dec 1", "in 10 minutes"),
        (3_570, "Dec 1", "in 1 hour"), (5_000, "Dec 1", "in 1 hour"), (86_000, "Dec 2", "in 1 day"),
        (25 * 3_600, "Dec 2", "in 1 day"), (47 * 3_600, "Dec 3", "in 2 days"),
        (3 * 86_400, "Dec 4", "in 3 days"), (400 * 86_400, "2028", "in 400 days"),
    ]

    @Test(arguments: past)
    func aPastDate(secondsAgo: Double, compact: String, phrase: String) {
        let date = Self.now.addingTimeInterval(-secondsAgo)
        #expect(RelativeTime.compact(date, now: Self.now) == compact)
        #expect(RelativeTime.phrase(date, now: Self.now) == phrase)
    }

    @Test(arguments: ahead)
    func aDateAheadOfTheClock(secondsAhead: Double, compact: String, phrase: String) {
        let date = Self.now.addingTimeInterval(secondsAhead)
        #expect(RelativeTime.compact(date, now: Self.now) == compact)
        #expect(RelativeTime.phrase(date, now: Self.now) == phrase)
    }
}
