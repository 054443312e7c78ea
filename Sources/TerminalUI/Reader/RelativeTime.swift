import Foundation

/// How long ago a message arrived, short enough for the list's 6-cell time column.
public enum RelativeTime {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// How far ahead of this machine's clock a date may be and still be "now": two clocks a few
    /// minutes apart.
    static let skew: Double = 300

    /// "now", "12m", "5h", "3d" within a week, then "Nov 3" (UTC), then the year. A date further
    /// ahead of the clock than `skew` is shown by its day: it used to read "now" however far
    /// ahead it was.
    public static func compact(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds > -skew {
            if seconds < 60 { return "now" }
            if seconds < 3_600 { return "\(Int(seconds / 60))m" }
            if seconds < 86_400 { return "\(Int(seconds / 3_600))h" }
            if seconds < 7 * 86_400 { return "\(Int(seconds / 86_400))d" }
        }
        let parts = utc.dateComponents([.year, .month, .day], from: date)
        if abs(seconds) < 300 * 86_400, let month = parts.month, let day = parts.day {
            return "\(months[month - 1]) \(day)"
        }
        return "\(parts.year ?? 1970)"
    }

    /// "just now", "12 minutes ago", "5 hours ago", "3 days ago" for the detail view, each unit
    /// counted whole as it passes; "in 12 minutes", "in 3 days" for a date further ahead of the
    /// clock than `skew`, to the nearest unit (47 hours ahead is "in 2 days", not "in 1 day").
    public static func phrase(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        let span = abs(seconds)
        func said(_ count: Int, _ unit: String) -> String {
            let amount = "\(count) \(unit)\(count == 1 ? "" : "s")"
            return seconds < 0 ? "in \(amount)" : "\(amount) ago"
        }
        if span < 60 || (seconds < 0 && span < skew) { return "just now" }
        if seconds < 0 {
            let minutes = (span / 60).rounded()
            if minutes < 60 { return said(Int(minutes), "minute") }
            let hours = (span / 3_600).rounded()
            if hours < 24 { return said(Int(hours), "hour") }
            return said(Int((span / 86_400).rounded()), "day")
        }
        if span < 3_600 { return said(Int(span / 60), "minute") }
        if span < 86_400 { return said(Int(span / 3_600), "hour") }
        return said(Int(span / 86_400), "day")
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }()
}
