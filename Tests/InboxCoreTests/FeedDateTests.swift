import Foundation
import Testing

@testable import InboxCore

/// `FeedDate` reads a feed's dates from bytes; its answer must be `UTCDate.parse`'s, always.
@Suite struct FeedDateTests {
    static func fast(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { FeedDate.parse($0) }.map(UTCDate.milliseconds)
    }

    static func foundation(_ text: String) -> Int64? {
        UTCDate.parse(text).map(UTCDate.milliseconds)
    }

    @Test func wireDatesReadFromBytesAreThoseUTCDateParses() {
        var state: UInt64 = 0x1234_5678
        func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
        for _ in 0..<5_000 {
            let text = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", next(1000...9999), next(1...12), next(1...31),
                next(0...23), next(0...59), next(0...59), next(0...999))
            #expect(Self.fast(text) == Self.foundation(text), "\(text)")
            let whole = String(text.prefix(19)) + "Z"
            #expect(Self.fast(whole) == Self.foundation(whole), "\(whole)")
        }
    }

    @Test(arguments: [
        "2026-11-29T09:30:00.000Z", "2024-02-29T00:00:00.000Z", "2026-02-29T00:00:00.000Z", "2026-04-31T00:00:00.000Z",
        "2026-01-01T24:00:00.000Z", "2026-01-01T23:59:60.000Z", "2026-01-01T23:60:00.000Z", "0000-01-01T00:00:00.000Z",
        "1582-10-10T00:00:00.000Z", "1583-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z", "2026-13-01T00:00:00.000Z",
        "2026-00-01T00:00:00.000Z", "2026-01-00T00:00:00.000Z", "2026-11-29T09:30:00Z", "2026-11-29T09:30:00.1Z",
        "2026-11-29T09:30:00.1234Z", "2026-11-29T09:30:00.000+0100", "2026-11-29T09:30:00.000+01:00",
        "2026-11-29 09:30:00.000Z", "2026-11-29T09:30:00.000z", " 2026-11-29T09:30:00.000Z",
        "2026-11-29T09:30:00.000Z ",
        "2026-1-29T09:30:00.000Z", "+2026-11-29T09:30:00.000Z", "2026-11-29T09:30:00,000Z", "", "yesterday",
        "2026-11-29T09:3a:00.000Z", "2026-11-29T09:30:00.00aZ",
    ])
    func oddDatesAreLeftToUTCDate(_ text: String) {
        #expect(Self.fast(text) == Self.foundation(text))
    }
}
