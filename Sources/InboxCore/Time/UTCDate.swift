import Foundation

/// The wire form of instants: `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'` (PROTOCOL, preamble).
///
/// Parsing and formatting work on whole milliseconds with integer arithmetic, never through a
/// floating-point number of seconds: `Date` holds a `Double` from 2001, so `.373` read by a
/// formatter comes back as `.372999…` and a formatter that truncates writes `.372` (issue 14).
/// A `Date` made here holds the nearest double to the instant, and `milliseconds(_:)` rounds,
/// so text -> Date -> text is exact for every millisecond of years 0001-9999.
public enum UTCDate {
    /// Parses the wire form. Also accepted: seconds without a fraction, a fraction of 1-9 digits
    /// (cut to milliseconds), and an offset `+HH:MM`, `+HHMM` or `+HH` instead of `Z`.
    public static func parse(_ text: String) -> Date? {
        parseMilliseconds(text).map(date(milliseconds:))
    }

    /// Formats with milliseconds and a `Z` suffix.
    public static func format(_ date: Date) -> String {
        format(milliseconds: milliseconds(date))
    }

    /// Milliseconds since 1970, the form the store keeps (the nearest one to `date`).
    public static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The instant `milliseconds` after 1970 (negative: before).
    public static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// Parses the wire form into milliseconds since 1970; nil when `text` is not of that form
    /// or names no real day or time.
    public static func parseMilliseconds(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { parseMilliseconds(utf8: $0) }
    }

    /// A vendor's date (VENDORS.md §3): the wire form, also with a space for the `T` and with
    /// no zone at all (`yyyy-MM-dd HH:mm:ss`, the plugins' form), which is taken as UTC.
    public static func parseVendor(_ text: String) -> Date? {
        var text = text.trimmingBlanks(newlines: false)
        return text.withUTF8 { parseMilliseconds(utf8: $0, vendor: true) }.map(date(milliseconds:))
    }

    /// `parseMilliseconds(_:)` of UTF-8 bytes, as a streaming decoder holds them; `vendor` reads
    /// `parseVendor`'s forms too.
    public static func parseMilliseconds(utf8 bytes: UnsafeBufferPointer<UInt8>, vendor: Bool = false) -> Int64? {
        var scanner = DigitScanner(bytes)
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
            let month = scanner.number(digits: 2), scanner.skip("-"),
            let day = scanner.number(digits: 2),
            scanner.skip("T") || scanner.skip("t") || (vendor && scanner.skip(" ")),
            let hour = scanner.number(digits: 2), scanner.skip(":"),
            let minute = scanner.number(digits: 2), scanner.skip(":"),
            let second = scanner.number(digits: 2)
        else { return nil }
        var millisecond: Int64 = 0
        if scanner.skip(".") {
            let fraction = scanner.digits()
            guard (1...9).contains(fraction.count) else { return nil }
            for index in 0..<3 {
                millisecond = millisecond * 10 + (index < fraction.count ? fraction[index] : 0)
            }
        }
        guard let offsetMinutes = vendor && scanner.atEnd ? 0 : scanner.offset(), scanner.atEnd,
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            year >= 1, hour < 24, minute < 60, second < 60
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = ((days * 24 + hour) * 60 + minute - offsetMinutes) * 60 + second
        return seconds * 1000 + millisecond
    }

    /// `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'` for `milliseconds` since 1970.
    public static func format(milliseconds: Int64) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(milliseconds: milliseconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `format(milliseconds:)` written straight into `bytes`, as a JSON body is: a bulk request
    /// of 500 events spent more on building 500 date strings than on the rest of its body
    /// (issue 14 point 5). A year past 9999 takes the digits it needs.
    public static func append(milliseconds: Int64, to bytes: inout [UInt8]) {
        let (secondsTotal, millisecond) = floorDivide(milliseconds, 1000)
        let (days, secondOfDay) = floorDivide(secondsTotal, 86_400)
        let (year, month, day) = civil(fromDays: days)
        if year < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(abs(year), width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(day, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(secondOfDay / 3600, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay / 60 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        appendDigits(millisecond, width: 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    // MARK: - Civil calendar (proleptic Gregorian), after H. Hinnant's days_from_civil

    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400).quotient
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
        return (quotient, value - quotient * divisor)
    }

    /// The decimal digits of `value` (not negative), zero-padded to at least `width`.
    private static func appendDigits(_ value: Int64, width: Int, to bytes: inout [UInt8]) {
        var place: Int64 = 1
        var count = 1
        while count < width || value / place >= 10 {
            place *= 10
            count += 1
        }
        while place > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / place % 10))
            place /= 10
        }
    }
}

/// Reads the fixed-width digit groups of an ISO 8601 instant from its UTF-8 bytes.
private struct DigitScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
        index += 1
        return true
    }

    /// Exactly `digits` ASCII digits as a number.
    mutating func number(digits: Int) -> Int64? {
        guard index + digits <= bytes.count else { return nil }
        var value: Int64 = 0
        for byte in bytes[index..<index + digits] {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        index += digits
        return value
    }

    /// Every ASCII digit from here, as values.
    mutating func digits() -> [Int64] {
        var values: [Int64] = []
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            values.append(Int64(bytes[index] - 0x30))
            index += 1
        }
        return values
    }

    /// `Z`, or `+HH:MM`, `+HHMM`, `+HH` (or `-`), as minutes east of UTC; nil when neither.
    mutating func offset() -> Int64? {
        if skip("Z") || skip("z") { return 0 }
        let sign: Int64
        if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
        guard let hours = number(digits: 2), hours < 24 else { return nil }
        if atEnd { return sign * hours * 60 }
        _ = skip(":")
        guard let minutes = number(digits: 2), minutes < 60 else { return nil }
        return sign * (hours * 60 + minutes)
    }
}
