import Foundation
import InboxCore

/// One line of a `tinbox simulate` timeline (CLI.md), validated.
struct TimelineStep {
    enum Action {
        case setup(Setup)
        case start(customer: String, language: String?)
        case stop
        case event(name: String, properties: [String: JSONValue])
        case decide(messageId: String, decision: HostDecision)
        case tap(buttonId: String?)
        case close
        case clickOutside
        case background
        case foreground
        case resize(columns: Int, rows: Int)
        case network(NetworkChange)
        case end
    }

    struct Setup {
        var document: CampaignDocument
        /// UTC at `at` 0.
        var utcAtZero: Date
        var utcOffset: Double
        var columns: Int
        var rows: Int
        var reduceMotion: Bool
    }

    /// What a `network` step changes; `nil` fields keep their earlier setting.
    struct NetworkChange {
        var syncOK: Bool?
        var analyticsOK: Bool?
        var placeholders: SimulatedNetwork.Placeholders?
        var artwork: [String: SimulatedNetwork.Artwork] = [:]
    }

    var at: Double
    var action: Action

    /// About 31 years: keeps every instant a whole number of milliseconds in an Int64.
    static let maximumAt = 1_000_000_000.0

    static let stepNames = [
        "setup", "start", "stop", "event", "decide", "tap", "close", "clickOutside", "background", "foreground",
        "resize", "network", "end",
    ]

    /// Parses one line; the error text has no file or line prefix.
    static func parse(_ text: String, baseDirectory: URL) throws(StepError) -> TimelineStep {
        // A number past a Double's range (`1e400`) is not read either; it was called "not a JSON object".
        guard let json = JSONValue.parse(text) else { throw StepError("not valid JSON (one JSON object per line)") }
        guard let fields = json.objectValue else { throw StepError("not a JSON object") }
        guard let atValue = fields["at"] else { throw StepError("missing `at` (seconds from 0)") }
        guard let at = atValue.numberValue, at >= 0, at <= maximumAt else {
            throw StepError("`at` must be a number of seconds from 0 to 1000000000")
        }
        guard let name = fields["do"]?.stringValue else { throw StepError("missing `do` (the step name)") }
        let step = StepFields(name: name, fields: fields)
        let action: Action
        switch name {
        case "setup": action = .setup(try parseSetup(step, baseDirectory: baseDirectory))
        case "start":
            let customer = try step.string("customer")
            guard !customer.isEmpty else { throw StepError("`start` needs a non-empty `customer`") }
            action = .start(customer: customer, language: try step.optionalString("lang"))
        case "stop": action = .stop
        case "event":
            let properties = fields["properties"] ?? .object([:])
            guard let object = properties.objectValue else { throw StepError("`event` `properties` must be an object") }
            action = .event(name: try step.string("name"), properties: object)
        case "decide":
            let decision = try step.string("decision")
            guard let value = HostDecision(rawValue: decision) else {
                throw StepError("`decide` `decision` must be show, later or discard, not \"\(decision)\"")
            }
            action = .decide(messageId: try step.string("message"), decision: value)
        case "tap":
            guard let button = fields["button"] else {
                throw StepError("`tap` needs `button` (a button id, or null for the message surface)")
            }
            if button == .null {
                action = .tap(buttonId: nil)
            } else if let id = button.stringValue {
                action = .tap(buttonId: id)
            } else {
                throw StepError("`tap` `button` must be a string or null")
            }
        case "close": action = .close
        case "clickOutside": action = .clickOutside
        case "background": action = .background
        case "foreground": action = .foreground
        case "resize": action = .resize(columns: try step.size("cols"), rows: try step.size("rows"))
        case "network": action = .network(try parseNetwork(fields))
        case "end": action = .end
        default:
            throw StepError("unknown step \"\(name)\" (expected one of \(stepNames.joined(separator: ", ")))")
        }
        return TimelineStep(at: at, action: action)
    }

    private static func parseSetup(_ step: StepFields, baseDirectory: URL) throws(StepError) -> Setup {
        let document: CampaignDocument
        var format: CampaignFormat?
        if let name = step.fields["syncFormat"], name != .null {
            guard let text = name.stringValue, let named = CampaignFormat(rawValue: text) else {
                throw StepError("`setup` `syncFormat` must be \"tinbox\" or \"gameball\"")
            }
            format = named
        }
        if let inline = step.fields["sync"] {
            do {
                // An inline document of no recognisable shape is read as tinbox's, as before formats.
                if format == nil, case .unknown = DocumentShape.of(inline) { format = .tinbox }
                document = try CampaignDocument.read(inline, format: format, documentBase: baseDirectory)
            } catch {
                throw StepError("`setup` `sync`: \(error.description)")
            }
        } else if let path = step.fields["syncFile"]?.stringValue {
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : baseDirectory.appendingPathComponent(path)
            // Missing or unreadable, the step fails loudly with the file's name (the timeline's line).
            guard let data = try? Data(contentsOf: url) else { throw StepError("cannot read syncFile \(path)") }
            do {
                document = try CampaignDocument.read(
                    data, format: format, documentBase: url.deletingLastPathComponent())
            } catch {
                throw StepError("syncFile \(path): \(error.description)")
            }
        } else {
            throw StepError("`setup` needs `sync` (a sync document) or `syncFile` (a path)")
        }
        let offset = try parseOffset(step.optionalString("utcOffset") ?? "+00:00")
        let local = try parseLocalTime(step.optionalString("localTime") ?? Simulation.defaultLocalTime)
        var columns = 80
        var rows = 24
        if let terminal = step.fields["terminal"] {
            guard let object = terminal.objectValue else { throw StepError("`setup` `terminal` must be an object") }
            let sizes = StepFields(name: "setup` `terminal", fields: object)
            columns = try sizes.size("cols")
            rows = try sizes.size("rows")
        }
        var reduceMotion = false
        if let value = step.fields["reduceMotion"] {
            guard let flag = value.boolValue else { throw StepError("`setup` `reduceMotion` must be true or false") }
            reduceMotion = flag
        }
        return Setup(
            document: document, utcAtZero: local.addingTimeInterval(-offset), utcOffset: offset, columns: columns,
            rows: rows, reduceMotion: reduceMotion)
    }

    /// `yyyy-MM-ddTHH:mm:ss` (optionally `.SSS`), read as if it were UTC.
    private static func parseLocalTime(_ text: String) throws(StepError) -> Date {
        let bad = StepError("`localTime` must look like 2026-11-29T21:00:00, not \"\(text)\"")
        let parts = text.split(separator: "T")
        guard parts.count == 2 else { throw bad }
        let day = parts[0].split(separator: "-").compactMap { Int($0) }
        let clock = parts[1].split(separator: ":")
        guard day.count == 3, clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]),
            let second = Double(clock[2]), (0..<24).contains(hour), (0..<60).contains(minute),
            second >= 0, second < 60, (1...12).contains(day[1]), (1...31).contains(day[2])
        else { throw bad }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: day[0], month: day[1], day: day[2], hour: hour, minute: minute)
        // A day the month does not have (February 30) is refused, not rolled into the next month.
        guard let date = calendar.date(from: components),
            calendar.dateComponents([.year, .month, .day], from: date)
                == DateComponents(year: day[0], month: day[1], day: day[2])
        else { throw bad }
        return date.addingTimeInterval(second)
    }

    /// `+02:00`, `-05:30` or `Z`, in seconds east of UTC.
    private static func parseOffset(_ text: String) throws(StepError) -> Double {
        if text == "Z" { return 0 }
        let bad = StepError("`utcOffset` must look like +02:00, not \"\(text)\"")
        guard let sign = text.first, sign == "+" || sign == "-" else { throw bad }
        guard let minutes = QuietHours.minutes(String(text.dropFirst())) else { throw bad }
        return Double(minutes * 60) * (sign == "-" ? -1 : 1)
    }

    private static func parseNetwork(_ fields: [String: JSONValue]) throws(StepError) -> NetworkChange {
        var change = NetworkChange()
        func okOrFail(_ key: String) throws(StepError) -> Bool? {
            guard let value = fields[key] else { return nil }
            switch value.stringValue {
            case "ok": return true
            case "fail": return false
            default: throw StepError("`network` `\(key)` must be \"ok\" or \"fail\"")
            }
        }
        change.syncOK = try okOrFail("sync")
        change.analyticsOK = try okOrFail("analytics")
        if let placeholders = fields["placeholders"] {
            guard let object = placeholders.objectValue else {
                throw StepError("`network` `placeholders` must be {\"delay\":…,\"values\":{…}} or {\"fail\":true}")
            }
            if object["fail"]?.boolValue == true {
                change.placeholders = .fail
            } else {
                let delay = try delayValue(object["delay"], what: "`network` `placeholders` `delay`")
                var values: [String: String] = [:]
                for (key, value) in object["values"]?.objectValue ?? [:] {
                    switch value {
                    case .string(let text): values[key] = text
                    case .number, .bool: values[key] = JSONLine.literal(value)
                    default: throw StepError("`network` placeholder value \(key) must be a string or a number")
                    }
                }
                change.placeholders = .values(values, delay: delay)
            }
        }
        if let artwork = fields["artwork"] {
            guard let table = artwork.objectValue else { throw StepError("`network` `artwork` must be an object") }
            for (url, setting) in table {
                if setting["fail"]?.boolValue == true {
                    change.artwork[url] = .fail
                } else {
                    change.artwork[url] = .arrive(
                        delay: try delayValue(setting["delay"], what: "`network` artwork delay for \(url)"))
                }
            }
        }
        return change
    }

    private static func delayValue(_ value: JSONValue?, what: String) throws(StepError) -> Double {
        guard let value, value != .null else { return 0 }
        guard let seconds = value.numberValue, seconds >= 0 else { throw StepError("\(what) must be a number >= 0") }
        return seconds
    }
}

/// Why one timeline line is refused.
struct StepError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Typed access to a step's fields with errors that name the step and field.
private struct StepFields {
    var name: String
    var fields: [String: JSONValue]

    func string(_ key: String) throws(StepError) -> String {
        guard let value = fields[key]?.stringValue else { throw StepError("`\(name)` needs a string `\(key)`") }
        return value
    }

    func optionalString(_ key: String) throws(StepError) -> String? {
        guard let value = fields[key], value != .null else { return nil }
        guard let text = value.stringValue else { throw StepError("`\(name)` `\(key)` must be a string") }
        return text
    }

    func size(_ key: String) throws(StepError) -> Int {
        guard let value = fields[key]?.numberValue, value >= 1, value <= 100_000, value.rounded() == value else {
            throw StepError("`\(name)` needs `\(key)` as a whole number from 1 to 100000")
        }
        return Int(value)
    }
}
