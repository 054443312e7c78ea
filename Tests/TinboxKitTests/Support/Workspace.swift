import Foundation
import TestSupport
import TinboxKit

/// A temporary folder with a data directory and the documents a test writes: feeds
/// (PROTOCOL 1.2) and campaign documents (PROTOCOL 2.1).
struct Workspace {
    let root: URL
    var dataDirectory: URL { root.appendingPathComponent("data") }

    /// 2026-12-01T12:00:00Z, the instant every test starts at.
    static let start = Date(timeIntervalSince1970: 1_796_126_400)

    init() throws {
        root = Scratch.folder("tinboxkit")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// Writes `{"messages": [...]}` and returns its URL.
    @discardableResult
    func writeFeed(_ name: String, _ messages: [[String: Any]]) throws -> URL {
        let url = root.appendingPathComponent(name)
        try JSONSerialization.data(withJSONObject: ["messages": messages]).write(to: url)
        return url
    }

    /// One feed message; `end` is an ISO instant or nil for an open window.
    static func message(
        _ id: String, read: Bool = false, pinned: Bool = false, end: String? = nil, details: String? = nil,
        buttons: [[String: Any]] = []
    ) -> [String: Any] {
        var message: [String: Any] = [
            "id": id, "isRead": read,
            "data": [
                "title": "Title \(id)", "receiveDateUTC": "2026-11-29T09:30:00.000Z", "isPinned": pinned,
                "messageDetails": details ?? "token-\(id)", "ctaButtons": buttons,
            ] as [String: Any],
        ]
        if let end { message["endDateUtc"] = end }
        return message
    }

    /// Writes a campaign document (and `placeholders.json` beside it) and returns its URL.
    @discardableResult
    func writeCampaigns(_ campaigns: [[String: Any]], cooldown: Int = 0, placeholders: [String: Any] = [:]) throws
        -> URL
    {
        let url = root.appendingPathComponent("campaigns.json")
        let document: [String: Any] = [
            "settings": ["cooldownSeconds": cooldown, "supportedLanguages": ["en"]], "campaigns": campaigns,
        ]
        try JSONSerialization.data(withJSONObject: document).write(to: url)
        try JSONSerialization.data(withJSONObject: placeholders).write(
            to: root.appendingPathComponent("placeholders.json"))
        return url
    }

    /// A campaign on the event `event`, shown every time.
    static func campaign(
        _ id: String, event: String = "go", type: String = "modal", priority: Int = 1, header: String = "Hi {name}",
        dismissOnScrimTap: Bool = false
    ) -> [String: Any] {
        [
            "id": id, "priority": priority, "trigger": ["type": "event", "event": event],
            "repeat": ["type": "everyTime"],
            "message": [
                "type": type, "header": header, "body": "Body of \(id)",
                "clickAction": ["type": "openURL", "url": "https://acme.example/\(id)", "external": true],
                "dismissOnScrimTap": dismissOnScrimTap,
                "buttons": [
                    ["id": "ok", "text": "OK {name}", "action": ["type": "dismiss"]],
                    [
                        "id": "nav", "text": "Go",
                        "action": ["type": "navigate", "route": "/rewards", "arguments": ["tab": "points"]],
                    ],
                ],
            ] as [String: Any],
        ]
    }

    /// Rows of `SQL` in the store, through the sqlite3 command-line tool (a Debian package
    /// `make run` installs), as a person inspecting the data directory would.
    func query(_ sql: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [dataDirectory.appendingPathComponent("tinbox.db").path, sql]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

/// Waits until `condition` holds, looking every 5 ms, for at most `timeout` seconds.
@discardableResult
func eventually(timeout: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() >= deadline { return false }
        usleep(5_000)
    }
    return true
}

/// A list several threads append to.
final class Recorder<Item: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Item] = []

    func append(_ item: Item) { lock.withLock { storage.append(item) } }
    var items: [Item] { lock.withLock { storage } }
    var count: Int { lock.withLock { storage.count } }
}

/// A serial callback queue that can tell whether code runs on it.
final class TestQueue: @unchecked Sendable {
    let queue: DispatchQueue
    private let key = DispatchSpecificKey<UInt8>()

    init(_ label: String = "tinboxkit.tests") {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: key, value: 1)
    }

    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) != nil }

    /// Returns once everything queued before it ran.
    func drain() { queue.sync {} }
}
