import Foundation

/// How long ago a message arrived, short enough for the list's 6-cell time column.
public enum RelativeTime {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "now", "12m", "5h", "3d" within a week, then "Nov 3" (UTC), then the year.
    public static func compact(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return "now" }
        if seconds < 3_600 { return "\(Int(seconds / 60))m" }
        if seconds < 86_400 { return "\(Int(seconds / 3_600))h" }
        if seconds < 7 * 86_400 { return "\(Int(seconds / 86_400))d" }
        let parts = utc.dateComponents([.year, .month, .day], from: date)
        if seconds < 300 * 86_400, let month = parts.month, let day = parts.day {
            return "\(months[month - 1]) \(day)"
        }
        return "\(parts.year ?? 1970)"
    }

    /// "just now", "12 minutes ago", "5 hours ago", "3 days ago" for the detail view.
    public static func phrase(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        func ago(_ count: Int, _ unit: String) -> String { "\(count) \(unit)\(count == 1 ? "" : "s") ago" }
        if seconds < 60 { return "just now" }
        if seconds < 3_600 { return ago(Int(seconds / 60), "minute") }
        if seconds < 86_400 { return ago(Int(seconds / 3_600), "hour") }
        return ago(Int(seconds / 86_400), "day")
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }()
}
