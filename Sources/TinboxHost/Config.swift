import Foundation
import InboxCore
import InboxSync
import TerminalUI

/// The config file of CLI.md. Every key is optional; unknown keys are warnings, not errors.
package struct Config {
    package struct Campaigns {
        package var source: String?
        package var token: String?
        package var customer: String?
        package var lang: String?
        /// VENDORS.md §1 `format`; nil recognises a file by its shape.
        var format: String?
        /// VENDORS.md §4 `quietHoursClock`: `local` (default) or `utc`.
        var quietHoursClock: String?
        /// VENDORS.md §4 `platform` (Gameball over HTTP): 1 iOS or 2 Android.
        var platform: Int?
    }

    package var producers: [ProducerConfig] = []
    package var campaigns = Campaigns()
    /// A theme by name (`default`, `basic`, `monochrome`); an object in the config sets `colours`.
    package var theme = "default"
    /// The config's `theme` object: roles of the default theme in other colours.
    package var colours: [CellRole: RoleColours] = [:]
    /// The reader's keys with the config's `keys` rebindings.
    package var keys = KeyBindings.defaults
    package var mouse = true
    package var reduceMotion = false
    /// TERMINAL §2's `graphics`: how pictures are drawn.
    package var graphics = GraphicsMode.auto
    /// TERMINAL §3 `screenReader`.
    package var screenReader = false
    package var notifications = "ask"
    /// Who lays out right-to-left text (TERMINAL.md 1); `--bidi` overrides it.
    package var bidi = BidiMode.auto
    package var warnings: [String] = []

    /// A config names producers, campaigns, keys and colours: a few KB. Far more is not one.
    static let sizeLimit = 1 << 20

    package static let topKeys = [
        "producers", "campaigns", "theme", "keys", "mouse", "reduceMotion", "screenReader", "notifications", "bidi",
        "graphics",
    ]
    static let producerKeys = ["kind", "source", "token", "contactKey", "pageSize", "maxMessages", "format"]
    static let campaignKeys = ["source", "token", "customer", "lang", "format", "quietHoursClock", "platform"]

    package init() {}

    /// Reads `url`; a missing file is an empty config only when `required` is false (the default path).
    package init(url: URL, required: Bool) throws {
        guard FileManager.default.fileExists(atPath: url.path) else {
            // A link whose file is gone (a dotfiles checkout not yet made) is not the absent
            // default: its settings would be missed without a word. Named, it says where it points.
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) {
                throw CommandFailure("cannot read config \(url.path): it links to \(target), which does not exist")
            }
            if required { throw CommandFailure("cannot read config \(url.path): no such file") }
            return
        }
        // Read as a feed file is, in chunks, which also refuses a directory and says why a file
        // cannot be opened: Foundation's `contents(atPath:)` and `Data(contentsOf:)` refuse a
        // character device, and `--config /dev/null` (make generated) is the empty config; the
        // limit stops `/dev/zero` before it fills the memory.
        let data: Data
        switch FileProducer.contents(url, limit: Self.sizeLimit) {
        case .success(let bytes): data = bytes
        case .failure(let why): throw CommandFailure("cannot read config \(url.path): \(why.reason)")
        }
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: JSONText.replacingLoneSurrogates(data))
        } catch {
            let at = JSONLocation(error: error, in: data)
            throw CommandFailure("\(url.path):\(at.line):\(at.column): not valid JSON: \(at.problem)")
        }
        guard let object = root as? [String: Any] else {
            throw CommandFailure("\(url.path): the config must be a JSON object")
        }
        let base = url.deletingLastPathComponent()
        try decode(object, file: url.path, base: base)
    }

    private mutating func decode(_ object: [String: Any], file: String, base: URL) throws {
        warnUnknown(object, known: Self.topKeys, file: file, path: "")
        if let list = object["producers"] {
            guard let list = list as? [Any] else { throw CommandFailure("\(file): \"producers\" must be an array") }
            for (index, item) in list.enumerated() {
                guard let fields = item as? [String: Any] else {
                    throw CommandFailure("\(file): producers[\(index)] must be an object")
                }
                let known = Self.producerKeys + Self.dengageKeys
                warnUnknown(fields, known: known, file: file, path: "producers[\(index)].")
                let producer = try Self.producer(fields, index: index, file: file, base: base)
                warnDengageKeys(fields, isDengage: producer.format == .dengage, file: file, index: index)
                producers.append(producer)
            }
        }
        if let value = object["campaigns"], !(value is NSNull) {
            // A list or a string here was dropped without a word, and the demo's campaigns came instead.
            guard let fields = value as? [String: Any] else {
                throw CommandFailure("\(file): \"campaigns\" must be an object")
            }
            try decodeCampaigns(fields, file: file)
        }
        if let value = object["theme"] { decodeTheme(value, file: file) }
        if let value = object["keys"] { decodeKeys(value, file: file) }
        // A value of the wrong kind was dropped without a word ("mouse": "yes").
        mouse = flag(object, "mouse", file: file) ?? mouse
        reduceMotion = flag(object, "reduceMotion", file: file) ?? reduceMotion
        screenReader = flag(object, "screenReader", file: file) ?? screenReader
        if let value = object["notifications"], !(value is NSNull) {
            if let text = value as? String, Self.notificationAnswers.contains(text) {
                notifications = text
            } else {
                warnings.append(
                    "\(file): \"notifications\" must be \"ask\", \"on\" or \"off\"; ignored, tinbox asks")
            }
        }
        if let value = object["bidi"] {
            guard let name = value as? String, let mode = BidiMode(rawValue: name) else {
                throw CommandFailure("\(file): \"bidi\" must be \"auto\", \"app\" or \"terminal\"")
            }
            bidi = mode
        }
        if let value = object["graphics"] {
            if let text = value as? String, let mode = GraphicsMode(rawValue: text) {
                graphics = mode
            } else {
                let modes = GraphicsMode.allCases.map(\.rawValue).joined(separator: ", ")
                warnings.append("\(file): \"graphics\" must be one of \(modes); auto is used")
            }
        }
    }

    static let notificationAnswers = ["ask", "on", "off"]

    /// The `campaigns` object. A key of the wrong kind is refused, naming it: a token of `5` was
    /// dropped without a word, and the campaigns were then asked for without one.
    private mutating func decodeCampaigns(_ fields: [String: Any], file: String) throws {
        warnUnknown(fields, known: Self.campaignKeys, file: file, path: "campaigns.")
        func text(_ key: String) throws -> String? { try Self.text(fields, key, at: "campaigns.", file: file) }
        campaigns = Campaigns(
            source: try text("source"), token: try Self.token(fields, at: "campaigns.", file: file),
            customer: try text("customer"),
            lang: try text("lang"), format: try text("format"), quietHoursClock: try text("quietHoursClock"))
        if let clock = campaigns.quietHoursClock, clock != "local", clock != "utc" {
            throw CommandFailure("\(file): campaigns.quietHoursClock '\(clock)' is not local or utc")
        }
        if let platform = try Self.wholeNumber(fields, "platform", at: "campaigns.", file: file) {
            guard platform == 1 || platform == 2 else {
                throw CommandFailure("\(file): campaigns.platform \(platform) is not 1 (iOS) or 2 (Android)")
            }
            campaigns.platform = platform
        }
    }

    /// `token`, a string an HTTP header can carry: one with a line break (a pasted token) was
    /// dropped by URLSession without a word, and the requests went without it.
    static func token(_ fields: [String: Any], at path: String, file: String) throws -> String? {
        let token = try text(fields, "token", at: path, file: file)
        if let problem = token.flatMap(ProducerConfig.tokenProblem) {
            throw CommandFailure("\(file): \(path)token \(problem)")
        }
        return token
    }

    /// `fields[key]` as a string; nil when it is absent or null. Any other kind is refused,
    /// naming `<at><key>`.
    static func text(_ fields: [String: Any], _ key: String, at path: String, file: String) throws -> String? {
        guard let value = fields[key], !(value is NSNull) else { return nil }
        guard let text = value as? String else { throw CommandFailure("\(file): \(path)\(key) must be a string") }
        return text
    }

    /// A `true`/`false` key; nil when it is absent, or not a JSON boolean (with a warning).
    private mutating func flag(_ object: [String: Any], _ key: String, file: String) -> Bool? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        if let boolean = Self.boolean(value) { return boolean }
        warnings.append("\(file): \"\(key)\" must be true or false; ignored")
        return nil
    }

    /// A JSON `true` or `false`; nil for anything else. JSONSerialization's `true` is an NSNumber
    /// of a char, and `as? Bool` takes the number 1 for one too: a number is not a boolean here.
    static func boolean(_ value: Any) -> Bool? {
        guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else { return nil }
        return number.boolValue
    }

    /// A producer's whole number, nil when the key is absent. One that is there but not a whole
    /// number (`1.5`, `"20"`, `true`, `1e300`) is refused: it used to give way to the default
    /// without a word (PROTOCOL 1.2: a `limit` other than 1-100 is refused).
    private static func wholeNumber(_ fields: [String: Any], _ key: String, at path: String, file: String) throws
        -> Int?
    {
        guard let value = fields[key], !(value is NSNull) else { return nil }
        let shown: String
        if let number = value as? NSNumber {
            // JSONSerialization's `true` is an NSNumber too, of a char; an integer is one of `q`
            // (a double holds no integer past 2^53 exactly, an Int64 does).
            switch String(cString: number.objCType) {
            case "c": shown = number.boolValue ? "true" : "false"
            case "q", "i", "l", "s": return Int(number.int64Value)
            default:
                let value = number.doubleValue
                if let whole = Int(exactly: value) { return whole }
                if value.isFinite, value.rounded() == value {
                    throw CommandFailure("\(file): \(path)\(key) \(number) is too large")
                }
                shown = "\(number)"
            }
        } else if let text = value as? String {
            shown = "\"\(text)\""
        } else {
            shown = value is [Any] ? "a list" : "an object"
        }
        throw CommandFailure("\(file): \(path)\(key) must be a whole number, not \(shown)")
    }

    private static func producer(_ fields: [String: Any], index: Int, file: String, base: URL) throws -> ProducerConfig
    {
        let at = "producers[\(index)]."
        func text(_ key: String) throws -> String? { try Self.text(fields, key, at: at, file: file) }
        let kindText = try text("kind") ?? ProducerKind.engagement.rawValue
        guard let kind = ProducerKind(rawValue: kindText) else {
            throw CommandFailure("\(file): producers[\(index)].kind '\(kindText)' is not engagement or app-messaging")
        }
        guard let source = try text("source"), !source.isEmpty else {
            throw CommandFailure("\(file): producers[\(index)] has no \"source\"")
        }
        if let reason = ProducerConfig.malformedURL(source) {
            throw CommandFailure("\(file): producers[\(index)].source: \(reason)")
        }
        let pageSize = try wholeNumber(fields, "pageSize", at: at, file: file) ?? 20
        guard (1...100).contains(pageSize) else {
            throw CommandFailure("\(file): producers[\(index)].pageSize \(pageSize) is outside 1-100")
        }
        // It was raised to 1 without a word.
        let maxMessages = try wholeNumber(fields, "maxMessages", at: at, file: file) ?? 1000
        guard maxMessages >= 1 else {
            throw CommandFailure("\(file): producers[\(index)].maxMessages \(maxMessages) is below 1")
        }
        var producer = ProducerConfig(
            kind: kind, source: ProducerConfig.source(source, relativeTo: base),
            token: try token(fields, at: at, file: file),
            contactKey: try text("contactKey"), pageSize: pageSize, maxMessages: maxMessages)
        switch InboxFormat.named(try text("format"), isHTTP: producer.isHTTP) {
        case .success(let format): producer.format = format
        case .failure(let error): throw CommandFailure("\(file): producers[\(index)].format: \(error)")
        }
        producer.dengage = try dengageOptions(fields, index: index, file: file)
        return producer
    }

    mutating func warnUnknown(_ object: [String: Any], known: [String], file: String, path: String) {
        for key in object.keys.sorted() where !known.contains(key) {
            var line = "\(file): unknown key '\(path)\(key)' ignored"
            if let best = Suggestion.nearest(to: key, in: known) { line += ". Did you mean '\(best)'?" }
            warnings.append(line)
        }
    }
}
