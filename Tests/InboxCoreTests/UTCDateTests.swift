import Foundation
import Testing

@testable import InboxCore

/// Issue 14: instants read and written again keep their milliseconds.
@Suite struct UTCDateTests {
    @Test func everyMillisecondOfASecondRoundTripsThroughDate() {
        for millisecond in 0..<1000 {
            let text = "2026-12-01T16:43:37.\(String(format: "%03d", millisecond))Z"
            let date = UTCDate.parse(text)
            #expect(date.map(UTCDate.format) == text)
            #expect(date.map(UTCDate.milliseconds) == 1_796_143_417_000 + Int64(millisecond))
        }
    }

    @Test(arguments: [
        ("1969-12-31T23:59:59.999Z", Int64(-1)),
        ("1970-01-01T00:00:00.000Z", 0),
        ("1900-02-28T12:00:00.001Z", -2_203_934_399_999),
        ("0001-01-01T00:00:00.000Z", -62_135_596_800_000),
        ("2038-01-19T03:14:08.000Z", 2_147_483_648_000),
        ("2400-02-29T23:59:59.999Z", 13_574_649_599_999),
        ("9999-12-31T23:59:59.999Z", 253_402_300_799_999),
    ])
    func instantsBeforeAndAfterTheUnixRangeKeepTheirMilliseconds(text: String, milliseconds: Int64) {
        #expect(UTCDate.parseMilliseconds(text) == milliseconds)
        #expect(UTCDate.format(milliseconds: milliseconds) == text)
        #expect(UTCDate.parse(text).map(UTCDate.format) == text)
    }

    @Test func secondsWithoutAFractionAreTheWholeSecond() {
        #expect(UTCDate.parseMilliseconds("2026-11-29T09:30:00Z") == 1_795_944_600_000)
        #expect(UTCDate.parse("2026-11-29T09:30:00Z").map(UTCDate.format) == "2026-11-29T09:30:00.000Z")
    }

    @Test(arguments: [
        ("2026-11-29T09:30:00.5Z", "2026-11-29T09:30:00.500Z"),
        ("2026-11-29T09:30:00.123456789Z", "2026-11-29T09:30:00.123Z"),
        ("2026-11-29T11:30:00.000+02:00", "2026-11-29T09:30:00.000Z"),
        ("2026-11-29T04:00:00-0530", "2026-11-29T09:30:00.000Z"),
        ("2026-11-29T10:30:00+01", "2026-11-29T09:30:00.000Z"),
    ])
    func otherFractionsAndOffsetsAreReadAsTheSameInstant(text: String, wire: String) {
        #expect(UTCDate.parse(text).map(UTCDate.format) == wire)
    }

    @Test(arguments: [
        "", "2026-11-29", "2026-11-29T09:30:00", "2026-11-29 09:30:00Z", "2026-13-01T00:00:00Z",
        "2026-02-29T00:00:00Z", "2026-11-31T00:00:00Z", "2026-11-29T24:00:00Z", "2026-11-29T09:60:00Z",
        "2026-11-29T09:30:60Z", "2026-11-29T09:30:00.Z", "2026-11-29T09:30:00.0000000000Z",
        "2026-11-29T09:30:00ZZ", "0000-01-01T00:00:00Z", "+2026-11-29T09:30:00Z", "２026-11-29T09:30:00Z",
    ])
    func malformedInstantsAreRefused(text: String) {
        #expect(UTCDate.parseMilliseconds(text) == nil)
    }

    /// Random wire dates against Foundation's ISO 8601 parser (rounded to the millisecond), from
    /// 1600 on: Foundation's Gregorian calendar is Julian before October 1582.
    @Test func randomWireDatesAreTheInstantsFoundationReads() throws {
        let foundation = Date.ISO8601FormatStyle.iso8601.year().month().day()
            .time(includingFractionalSeconds: true).timeZone(separator: .omitted)
        var state: UInt64 = 0x1234_5678
        func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
        for _ in 0..<5_000 {
            let text = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", next(1600...9999), next(1...12), next(1...28),
                next(0...23), next(0...59), next(0...59), next(0...999))
            let expected = try foundation.parse(text)
            #expect(UTCDate.parseMilliseconds(text) == UTCDate.milliseconds(expected), "\(text)")
        }
    }

    /// From 1600 on: Foundation's Gregorian calendar is Julian before October 1582.
    @Test func theCivilCalendarAgreesWithFoundationForEveryDayOfEightCenturies() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for days in stride(from: Int64(-135_140), to: -135_140 + 2 * 146_097, by: 1) {
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let civil = UTCDate.civil(fromDays: days)
            guard civil.year == Int64(parts.year!), civil.month == Int64(parts.month!),
                civil.day == Int64(parts.day!),
                UTCDate.daysFromCivil(year: civil.year, month: civil.month, day: civil.day) == days
            else {
                Issue.record("day \(days): \(civil) against \(parts)")
                return
            }
        }
    }
}
