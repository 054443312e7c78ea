import Foundation

/// The wire form of instants: `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'` (PROTOCOL, preamble).
public enum UTCDate {
    private static let fractional: Date.ISO8601FormatStyle = .iso8601
        .year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted)
    private static let whole: Date.ISO8601FormatStyle = .iso8601
        .year().month().day().time(includingFractionalSeconds: false).timeZone(separator: .omitted)

    /// Parses the wire form; seconds without a fraction are accepted too.
    public static func parse(_ text: String) -> Date? {
        if let date = try? fractional.parse(text) { return date }
        return try? whole.parse(text)
    }

    /// Formats with milliseconds and a `Z` suffix.
    public static func format(_ date: Date) -> String {
        fractional.format(date)
    }

    /// Milliseconds since 1970, the form the store keeps.
    public static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    public static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
