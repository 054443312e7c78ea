import Foundation

/// The dates of a feed, read from the bytes the decoder holds.
///
/// `UTCDate.parse` goes through `Date.ISO8601FormatStyle`: about 20 µs a date, 20 s of a
/// 1,000,000-message import. The wire form (`yyyy-MM-dd'T'HH:mm:ss.SSS'Z'`, or without the
/// fraction) is read here as digits instead, for the dates `UTCDate.parse` reads exactly the same
/// way: valid fields, years 1583-9999 (before 1583 Foundation's calendar is Julian). Anything
/// else (lenient forms, offsets, Feb 30, leap seconds) goes to `UTCDate.parse` unchanged, so the
/// result is `UTCDate.parse`'s in every case (`FeedDateTests` compares the two).
public enum FeedDate {
    /// The instant of `bytes` as a date, or nil when `UTCDate.parse` refuses it.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        if let milliseconds = milliseconds(wireForm: bytes) {
            return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        }
        return UTCDate.parse(String(decoding: bytes, as: UTF8.self))
    }

    /// Milliseconds since 1970 when `bytes` is the wire form with valid fields; nil otherwise
    /// (which does not mean invalid: the caller asks `UTCDate.parse`).
    static func milliseconds(wireForm bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        // yyyy-MM-ddTHH:mm:ss.SSSZ (24 bytes) or yyyy-MM-ddTHH:mm:ssZ (20 bytes)
        guard bytes.count == 24 || bytes.count == 20, bytes[bytes.count - 1] == UInt8(ascii: "Z"),
            bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":")
        else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for index in from..<(from + count) {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        var fraction = 0
        if bytes.count == 24 {
            guard bytes[19] == UInt8(ascii: "."), let digits = number(20, 3) else { return nil }
            fraction = digits
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            (1583...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= daysIn(month: month, year: year), hour < 24, minute < 60, second < 60
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = ((days * 24 + hour) * 60 + minute) * 60 + second
        return Int64(seconds) * 1000 + Int64(fraction)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's days_from_civil).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
