import Foundation
import InAppEngine
import InboxCore
import InboxSync
import TinboxHost

/// `tinbox convert [--from FORMAT] FILE` (VENDORS.md §1): the file as tinbox reads it, written as
/// tinbox's own document on stdout in canonical JSON (JSONWriter.writeIndented), so the same input
/// gives the same bytes. An inbox file becomes a PROTOCOL 1.2 messages document, a campaign file a
/// PROTOCOL 2.1 sync document. Every skipped item is one stderr line with its JSON path.
enum ConvertCommand {
    static func run(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, for: .convert)
        guard parsed.positional.count == 1, let path = parsed.positional.first else {
            throw UsageError("convert needs one file: tinbox convert [--from FORMAT] FILE")
        }
        let from = parsed.values["--from"]
        if let from, !InboxFormat.allNames.contains(from) {
            throw UsageError.unknown("format", from, candidates: InboxFormat.allNames, see: "tinbox help convert")
        }
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        let document: JSONWriter.Value
        switch from {
        case "gameball"?:
            document = try campaigns(url, format: .gameball)
        case let name?:
            guard let format = InboxFormat(rawValue: name) else { preconditionFailure("checked above") }
            do {
                document = try inbox(url, format: format)
            } catch FeedError.wrongShape(_, let reason) where format == .tinbox {
                // `tinbox` names both of tinbox's documents: a sync document is read as one.
                guard case .tinboxSync = DocumentShape.of(try wholeJSON(url)) else {
                    throw FeedError.wrongShape(source: url.path, reason: reason)
                }
                document = try campaigns(url, format: .tinbox)
            }
        case nil:
            do {
                document = try inbox(url, format: nil)
            } catch FeedError.campaignDocument {
                document = try campaigns(url, format: nil)
            }
        }
        var bytes = JSONWriter.writeIndented(document)
        bytes.append(0x0A)
        if isatty(1) == 1 {
            // On a terminal, what it would act on or hide is written as escapes (the same JSON).
            Output.write(TerminalText.escapingInvisibles(inJSON: String(decoding: bytes, as: UTF8.self)))
        } else {
            Output.write(bytes: bytes)
        }
    }

    /// An inbox file through the streaming decoder, as a PROTOCOL 1.2 messages document.
    private static func inbox(_ url: URL, format: InboxFormat?) throws -> JSONWriter.Value {
        let collected = ConvertedMessages()
        let decoder = FeedDecoder(
            producer: "convert", source: url.path, format: format, firstSeen: Date(), sink: collected)
        collected.decoder = decoder
        do {
            try FileProducer.stream(url) { try decoder.feed($0) }
            _ = try decoder.finish()
        } catch let error as SyncError {
            throw CommandFailure(error.description)
        }
        Output.log(lines: collected.lines.map { TerminalText.sanitize($0) })
        return .object([("messages", .array(collected.messages.map(written)))])
    }

    /// A campaign file, read whole as every campaign source is, as a PROTOCOL 2.1 sync document.
    private static func campaigns(_ url: URL, format: CampaignFormat?) throws -> JSONWriter.Value {
        let data = try contents(url)
        let read: CampaignDocument
        do {
            read = try CampaignDocument.read(data, format: format, documentBase: url.deletingLastPathComponent())
        } catch .notJSON {
            let at = JSONLocation(error: jsonError(data), in: data)
            throw CommandFailure("\(url.path):\(at.line):\(at.column): not valid JSON: \(at.problem)")
        } catch {
            throw CommandFailure("\(url.path): \(error)")
        }
        Output.log(lines: read.problems.map { TerminalText.sanitize($0) })
        return read.syncDocument
    }

    private static func contents(_ url: URL) throws -> Data {
        var data = Data()
        do {
            try FileProducer.stream(url) { data.append(contentsOf: $0) }
        } catch let error as SyncError {
            throw CommandFailure(error.description)
        }
        return data
    }

    private static func wholeJSON(_ url: URL) throws -> JSONValue {
        JSONValue.parse(try contents(url)) ?? .null
    }

    /// JSONSerialization's error for text that is not JSON, for its line and column.
    private static func jsonError(_ data: Data) -> Error {
        do {
            _ = try JSONSerialization.jsonObject(
                with: JSONText.replacingLoneSurrogates(data), options: [.fragmentsAllowed])
            return CocoaError(.propertyListReadCorrupt)
        } catch {
            return error
        }
    }

    /// One message as PROTOCOL 1.2 writes it; the optional fields only when they hold something.
    private static func written(_ message: InboxMessage) -> JSONWriter.Value {
        var data: [(String, JSONWriter.Value)] = [("title", .string(message.title))]
        if let body = message.body { data.append(("message", .string(body))) }
        if let image = message.imageUrl { data.append(("imageUrl", .string(image))) }
        if !message.buttons.isEmpty {
            data.append(
                (
                    "ctaButtons",
                    .array(
                        message.buttons.map { button in
                            .object(
                                [
                                    ("buttonId", button.buttonId), ("label", button.label),
                                    ("iosDeeplink", button.iosDeeplink), ("androidDeeplink", button.androidDeeplink),
                                    ("webUrl", button.webUrl),
                                ].compactMap { name, value in value.map { (name, .string($0)) } })
                        })
                ))
        }
        data.append(("isPinned", .bool(message.isPinned)))
        data.append(("receiveDateUTC", message.hasReceiveDate ? .string(UTCDate.format(message.receiveDate)) : .null))
        if let details = message.messageDetails { data.append(("messageDetails", .string(details))) }
        if let subtitle = message.subtitle { data.append(("subtitle", .string(subtitle))) }
        if let alt = message.imageAlt { data.append(("imageAlt", .string(alt))) }
        if !message.customKeys.isEmpty {
            data.append(
                ("customKeys", .object(message.customKeys.keys.sorted().map { ($0, .string(message.customKeys[$0]!)) }))
            )
        }
        if let priority = message.priority { data.append(("priority", .int(Int64(priority)))) }
        var fields: [(String, JSONWriter.Value)] = [
            ("id", .string(message.key.id)), ("isRead", .bool(message.serverRead)),
        ]
        if let start = message.start { fields.append(("startDateUtc", .string(UTCDate.format(start)))) }
        if let end = message.end { fields.append(("endDateUtc", .string(UTCDate.format(end)))) }
        fields.append(("data", .object(data)))
        if message.isDeleted { fields.append(("isDeleted", .bool(true))) }
        return .object(fields)
    }
}

/// The messages of the file in order, the first of each id (as the store keeps them), and one
/// stderr line per item skipped, repeated or undated, with its JSON path.
private final class ConvertedMessages: FeedSink {
    unowned(unsafe) var decoder: FeedDecoder?
    var messages: [InboxMessage] = []
    var lines: [String] = []
    private var seen: Set<String> = []

    func accept(_ message: InboxMessage) {
        let path = decoder?.currentItemPath ?? "$"
        guard seen.insert(message.key.id).inserted else {
            lines.append("\(path): id \(message.key.id) again; the first is kept")
            return
        }
        if !message.hasReceiveDate {
            lines.append("\(path): no receive date; written with \"receiveDateUTC\": null")
        }
        messages.append(message)
    }

    func discardAccepted() {
        messages.removeAll()
        seen.removeAll()
        lines.removeAll()
    }

    func skipped(path: String, reason: String) { lines.append("\(path): \(reason)") }
}
