import Foundation
import InboxCore
import Testing

@testable import InboxSync

/// PROTOCOL 1.5's `Retry-After`: seconds, or an HTTP date in any of RFC 9110's three forms, read
/// against the wall clock, never past a day.
@Suite struct RetryAfterTests {
    static let now = UTCDate.parse("2026-12-06T13:38:38.000Z")!

    @Test(arguments: [
        ("120", 120.0), (" 120 ", 120), ("0", 0), ("Sun, 06 Dec 2026 13:43:38 GMT", 300),
        ("Sunday, 06-Dec-26 13:43:38 GMT", 300), ("Sun Dec  6 13:43:38 2026", 300),
        // A date already past says no wait; one far ahead, or a huge number, a day.
        ("Sun, 06 Dec 2026 13:00:00 GMT", 0), ("Fri, 01 Jan 2100 00:00:00 GMT", 86_400), ("1e9", 86_400),
    ])
    func aRetryAfterIsReadInEachForm(header: String, seconds: Double) {
        #expect(HTTPProducer.retryAfter(header, now: Self.now) == seconds)
    }

    @Test(arguments: ["soon", "-5", "", "Sun, 32 Dec 2026 13:43:38 GMT", "nan"])
    func anUnreadableRetryAfterIsNone(header: String) {
        #expect(HTTPProducer.retryAfter(header, now: Self.now) == nil)
    }
}
