import CYajl
import Foundation

/// Where a decoder hands the usable messages of a feed, one at a time, in document order.
public protocol FeedSink: AnyObject {
    func accept(_ message: InboxMessage) throws
    /// The document named `messages` again: as in any JSON object the last one counts, so the
    /// messages accepted so far do not, nor the items skipped.
    func discardAccepted() throws
    /// An item that was not used, at its JSON path (`$.messages[3]`), and why; it is counted in
    /// `finish`'s result too.
    func skipped(path: String, reason: String)
}

extension FeedSink {
    /// Most sinks only count skips (`finish` returns the count).
    public func skipped(path: String, reason: String) {}
}

/// Decodes a `GET messages` document (PROTOCOL 1.2) as it streams, over yajl's events: bytes go
/// in by chunks of any size (`feed`), each usable message goes to the sink as soon as its object
/// closes, and nothing of the document is kept but the message being read. Memory stays flat in
/// the document's size.
///
/// It reads exactly what `JSONSerialization` read before (FeedDocument's old decoder): the same
/// messages, the same skipped ones, the same documents refused. A message lacking `id`,
/// `data.title` or `data.receiveDateUTC` (or holding a value of the wrong type there) is
/// skipped and counted; unknown fields are ignored; of two equal keys the last counts. Where
/// yajl reads JSON differently from Foundation, `JSONPrescan` makes them agree. The first byte
/// that is not JSON ends the decoding with `FeedError.malformed` at its line and column.
///
/// A vendor document (VENDORS.md §2, §3) streams the same way: each item of its list is built
/// as a `JSONValue` while it is read and mapped (`DengageMessage`, `SalesforceMessage`) when it
/// closes. With no format named, the first item's shape decides (§5).
public final class FeedDecoder {
    /// The chunk size readers use.
    public static let chunkSize = 64 << 10
    /// `JSONSerialization` refuses more levels of nesting than this.
    static let depthLimit = 512

    private let producer: String
    private let source: String
    /// The format the items are read in; nil until the first item shows it (VENDORS.md §5).
    private var format: InboxFormat?
    /// The format was named, not recognised.
    private let named: Bool
    private let firstSeen: Date
    private let shift: TimeInterval
    private let sink: FeedSink
    private let callbacks: UnsafeMutablePointer<yajl_callbacks>
    private var handle: OpaquePointer?

    // The text: what is not handed to yajl yet, and where it starts in the text.
    private var encoding: InputEncoding = .detecting
    private var work: [UInt8] = []
    private var origin = 0
    /// `work` while yajl reads it (callbacks must not touch `work` itself).
    private var current = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var prescan = JSONPrescan()
    private var lines = JSONLineTracker()
    private var offender = OffenderScan()
    /// yajl is being told the text ended (its last callbacks see a one-byte buffer of its own).
    private var completing = false
    private var callbackError: Error?
    private var finished = false

    // The document, as far as it was read.
    private var places: [Place] = []
    /// For each open container, whether it is an object, and a hash of its current key.
    private var levels: [(isMap: Bool, key: UInt64)] = []
    /// Numbers JSONSerialization refuses, which fail the document unless a later equal key
    /// replaces a value that holds them (it converted numbers only after parsing, and only those
    /// of the values it kept): where each is, and the keys of the objects around it by level.
    private var unrepresentable: [(location: JSONLocation, path: [(level: Int, key: UInt64)])] = []
    private var key: Key = .other
    private var rootIsObject: Bool?
    private var messagesIsArray: Bool?
    private var accepted = 0
    private var skipped = 0
    private var draft = MessageDraft()
    private var button = CTAButton()
    private var customKey = ""
    /// The item (or, while recognising, the root value) being built.
    private var capture: JSONTreeBuilder?
    /// Items of the list read so far, usable or not: the next item's index in its JSON path.
    private var itemIndex = 0
    /// While recognising: the root object's keys, and its `response` (VENDORS.md §5's gameball).
    private var rootKeys: [String] = []
    private var rootResponse: JSONValue?
    /// While recognising: the list's first item, when it was not an object.
    private var firstNonObject: JSONValue?

    /// `source` names the document in errors; `dateShift` moves every date (the demo data).
    /// `format` nil recognises the document by its shape; `firstSeen` dates a vendor message
    /// that has no date of its own (`InboxMessage.hasReceiveDate`).
    public init(
        producer: String, source: String, format: InboxFormat? = .tinbox, firstSeen: Date = Date(),
        dateShift: TimeInterval = 0, sink: FeedSink
    ) {
        self.producer = producer
        self.source = source
        self.format = format
        self.named = format != nil
        self.firstSeen = firstSeen
        self.shift = dateShift
        self.sink = sink
        callbacks = .allocate(capacity: 1)
        callbacks.initialize(to: Self.events)
        handle = yajl_alloc(callbacks, nil, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        yajl_free(handle)
        callbacks.deinitialize(count: 1)
        callbacks.deallocate()
    }

    /// Reads the document's next bytes. Throws `FeedError.malformed` when they are not JSON,
    /// and what the sink throws.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws {
        precondition(!finished, "FeedDecoder.feed after finish")
        switch encoding {
        case .utf8:
            work.append(contentsOf: bytes)
            try decode(final: false)
        case .detecting:
            work.append(contentsOf: bytes)
            if work.count >= 4 { try detectEncoding() }
        case .other:
            work.append(contentsOf: bytes)
        }
    }

    public func feed(_ data: Data) throws {
        try data.withUnsafeBytes { bytes in
            var start = 0
            repeat {
                let end = min(start + Self.chunkSize, bytes.count)
                try feed(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                start = end
            } while start < bytes.count
        }
    }

    /// Ends the document and returns how many messages were skipped. Throws
    /// `FeedError.malformed` for a document cut short, `FeedError.wrongShape` for JSON that is
    /// not a feed.
    public func finish() throws -> Int {
        precondition(!finished, "FeedDecoder.finish twice")
        finished = true
        if case .detecting = encoding { try detectEncoding() }
        if case .other(let foreign, let skip) = encoding {
            guard let text = String(bytes: work.dropFirst(skip), encoding: foreign) else {
                throw FeedError.malformed(
                    source: source, location: JSONLocation(line: 1, column: 1, problem: "not valid \(foreign)"))
            }
            work = Array(text.utf8)
            encoding = .utf8
        }
        try decode(final: true)
        if let number = unrepresentable.first { throw FeedError.malformed(source: source, location: number.location) }
        switch format {
        case nil:
            // Nothing showed the format: an empty list is read as tinbox's, anything else is named.
            try recognise(firstItem: firstNonObject)
        case .tinbox?:
            guard rootIsObject == true else {
                throw FeedError.wrongShape(source: source, reason: "the top level is not an object")
            }
        case .dengage?, .sfmc?:
            guard rootIsObject != nil else {
                throw FeedError.wrongShape(source: source, reason: "the top level is neither a list nor an object")
            }
        }
        guard messagesIsArray == true else {
            throw FeedError.wrongShape(source: source, reason: "no \"messages\" array")
        }
        return skipped
    }

    // MARK: recognising the format (VENDORS.md §5)

    /// Decides the format from what was read (the list's first item, when there is one), or
    /// throws when the document is not an inbox feed.
    private func recognise(firstItem: JSONValue?) throws {
        let skeleton: JSONValue
        let list: JSONValue = firstItem.map { .array([$0]) } ?? (messagesIsArray == true ? .array([]) : .null)
        if rootIsObject == true {
            var fields: [String: JSONValue] = [:]
            for key in rootKeys { fields[key] = .null }
            if messagesIsArray != nil { fields["messages"] = list }
            if let rootResponse { fields["response"] = rootResponse }
            skeleton = .object(fields)
        } else if rootIsObject == false {
            skeleton = list
        } else {
            skeleton = .null
        }
        switch DocumentShape.of(skeleton) {
        case .tinboxMessages: format = .tinbox
        case .dengage: format = .dengage
        case .sfmc: format = .sfmc
        case .empty:
            // An empty list: nothing to map, and `[]` is as empty as `{"messages": []}`.
            messagesIsArray = true
        case .tinboxSync: throw FeedError.campaignDocument(source: source, format: "tinbox sync")
        case .gameball: throw FeedError.campaignDocument(source: source, format: "gameball")
        case .unknown(let found):
            throw FeedError.unrecognised(source: source, found: found)
        }
    }

    /// The JSON path of the item being read (`$.messages[3]`, `$[3]`): a sink may ask in `accept`.
    public var currentItemPath: String { itemPath }

    private var itemPath: String {
        rootIsObject == true ? "$.messages[\(itemIndex)]" : "$[\(itemIndex)]"
    }

    private func skip(_ reason: String) {
        skipped += 1
        sink.skipped(path: itemPath, reason: reason)
    }

    /// A vendor item, built whole: mapped and handed on, or skipped with its path.
    private func finishItem(_ item: JSONValue) throws {
        do {
            let message: InboxMessage
            switch format {
            case .dengage?: message = try DengageMessage.message(item, producer: producer, firstSeen: firstSeen)
            case .sfmc?: message = try SalesforceMessage.message(item, producer: producer, firstSeen: firstSeen)
            case .tinbox?, nil: preconditionFailure("finishItem outside a vendor format")
            }
            try sink.accept(message)
            accepted += 1
        } catch let reason as FeedItemSkip {
            skip(reason.reason)
        }
    }

    // MARK: the text

    private enum InputEncoding {
        case detecting
        case utf8
        /// UTF-16 or UTF-32, read whole at the end and decoded as UTF-8 (JSONSerialization read them).
        case other(String.Encoding, skip: Int)
    }

    /// JSONSerialization's choice of encoding: a byte order mark, else where the zero bytes are.
    private func detectEncoding() throws {
        let bytes = work
        func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
        var found: InputEncoding = .utf8
        if bytes.count >= 4 {
            if starts([0xEF, 0xBB, 0xBF]) {
                work.removeFirst(3)
            } else if starts([0x00, 0x00, 0xFE, 0xFF]) {
                found = .other(.utf32BigEndian, skip: 4)
            } else if starts([0xFF, 0xFE, 0x00, 0x00]) {
                found = .other(.utf32LittleEndian, skip: 4)
            } else if starts([0xFF, 0xFE]) {
                found = .other(.utf16LittleEndian, skip: 2)
            } else if starts([0xFE, 0xFF]) {
                found = .other(.utf16BigEndian, skip: 2)
            } else {
                switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
                case (0, 0, 0, _): found = .other(.utf32BigEndian, skip: 0)
                case (_, 0, 0, 0): found = .other(.utf32LittleEndian, skip: 0)
                case (0, _, 0, _): found = .other(.utf16BigEndian, skip: 0)
                case (_, 0, _, 0): found = .other(.utf16LittleEndian, skip: 0)
                default: break
                }
            }
        } else if bytes.count >= 2 {
            if bytes[0] == 0 { found = .other(.utf16BigEndian, skip: 0) }
            if bytes[1] == 0 { found = .other(.utf16LittleEndian, skip: 0) }
        }
        encoding = found
        if case .utf8 = found, !finished { try decode(final: false) }
    }

    /// Hands yajl the text up to the prescan's cut; with `final`, all of it and the end.
    private func decode(final: Bool) throws {
        let cut = try work.withUnsafeMutableBufferPointer { buffer -> Int in
            let outcome = prescan.scan(buffer, origin: origin, final: final)
            let view = UnsafeBufferPointer(buffer)
            current = view
            defer { current = UnsafeBufferPointer(start: nil, count: 0) }
            let end = outcome.failure?.offset ?? outcome.cut
            if end > 0 {
                let status = yajl_parse(handle, buffer.baseAddress, end)
                try check(status, in: view)
            }
            if let failure = outcome.failure {
                throw malformed(at: failure.offset, in: view, problem: failure.problem)
            }
            if final {
                completing = true
                try check(yajl_complete_parse(handle), in: view)
                // yajl lets an unfinished token after the document through (`{} "`).
                offender.scan(view, origin: origin, upTo: origin + view.count)
                if let garbage = offender.firstToken {
                    throw malformed(at: garbage - origin, in: view, problem: "trailing garbage")
                }
            }
            offender.scan(view, origin: origin, upTo: origin + outcome.cut)
            lines.pass(UnsafeBufferPointer(rebasing: view[..<outcome.cut]))
            return outcome.cut
        }
        work.removeFirst(cut)
        origin += cut
    }

    private func check(_ status: yajl_status, in view: UnsafeBufferPointer<UInt8>) throws {
        switch status {
        case yajl_status_ok: return
        case yajl_status_client_canceled:
            throw callbackError ?? FeedError.wrongShape(source: source, reason: "cancelled")
        default: throw yajlFailure(in: view)
        }
    }

    /// yajl's error at the byte it names: the byte it stopped at for a lexical error, the first
    /// byte of the token it refused for a parse error, the end for a text cut short.
    private func yajlFailure(in view: UnsafeBufferPointer<UInt8>) -> FeedError {
        let raw = yajl_get_error(handle, 0, nil, 0)
        var text = raw.map { String(cString: $0) } ?? "parse error: invalid JSON"
        if let raw { yajl_free_error(handle, raw) }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lexical = text.hasPrefix("lexical error: ")
        if let colon = text.range(of: "error: ") { text = String(text[colon.upperBound...]) }
        while text.hasSuffix(".") { text.removeLast() }
        let stopped = completing ? view.count : Int(yajl_get_bytes_consumed(handle))
        let offset: Int
        if lexical {
            // These three are found at the byte that was just read; the others at the next one.
            let readPast = ["invalid char in json text", "invalid bytes in UTF8", "inside a string, '\\'"]
            offset = readPast.contains(where: text.hasPrefix) ? stopped - 1 : stopped
        } else if text == "premature EOF" {
            text = "unexpected end of file"
            offset = view.count
        } else {
            offender.scan(view, origin: origin, upTo: origin + stopped)
            var start = offender.start(before: origin + stopped)
            // `{"key",}`: the comma the prescan blanked was where a colon belonged.
            if let blanked = prescan.lastBlanked, blanked.closer == start, text.hasPrefix("object key and value") {
                start = blanked.comma
            }
            offset = start - origin
        }
        return malformed(at: offset, in: view, problem: text)
    }

    private func malformed(at offset: Int, in view: UnsafeBufferPointer<UInt8>, problem: String) -> FeedError {
        .malformed(source: source, location: lines.location(at: offset, in: view, problem: problem))
    }

    /// Where the token yajl just reported ends, in the text.
    private var tokenEnd: Int {
        completing ? origin + current.count : origin + Int(yajl_get_bytes_consumed(handle))
    }

    /// A `malformed` error at `offset` of the text, inside a callback.
    private func malformed(atText offset: Int, problem: String) -> FeedError {
        malformed(at: offset - origin, in: current, problem: problem)
    }

    // MARK: yajl's events

    private static let events = yajl_callbacks(
        yajl_null: { run($0) { try $0.scalar(.null) } },
        yajl_boolean: { context, value in run(context) { try $0.scalar(.bool(value != 0)) } },
        yajl_integer: nil,
        yajl_double: nil,
        yajl_number: { context, text, length in
            let start = text.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
            return run(context) { try $0.number(UnsafeBufferPointer(start: start, count: start == nil ? 0 : length)) }
        },
        yajl_string: { context, text, length in
            run(context) { try $0.scalar(.string(UnsafeBufferPointer(start: text, count: text == nil ? 0 : length))) }
        },
        yajl_start_map: { run($0) { try $0.open(isMap: true) } },
        yajl_map_key: { context, text, length in
            run(context) { $0.setKey(UnsafeBufferPointer(start: text, count: text == nil ? 0 : length)) }
        },
        yajl_end_map: { run($0) { try $0.close() } },
        yajl_start_array: { run($0) { try $0.open(isMap: false) } },
        yajl_end_array: { run($0) { try $0.close() } })

    private static func run(_ context: UnsafeMutableRawPointer?, _ body: (FeedDecoder) throws -> Void) -> Int32 {
        let decoder = Unmanaged<FeedDecoder>.fromOpaque(context!).takeUnretainedValue()
        do {
            try body(decoder)
            decoder.offender.tokenEnded(at: decoder.tokenEnd)
            return 1
        } catch {
            decoder.callbackError = error
            return 0
        }
    }

    // MARK: the document's structure

    /// The containers open around the next event, innermost last.
    private enum Place {
        case rootObject, messages, message, data, buttons, button, customKeys, ignored
        /// A vendor item, or while recognising the root's `response`: built by `capture`.
        case captured
    }

    /// The key of the value that comes next, in the objects that have keys tinbox reads.
    private enum Key {
        case other, messages
        case id, isRead, start, end, data, isDeleted
        case title, receiveDate, body, imageUrl, details, isPinned, buttons
        case subtitle, imageAlt, customKeys, priority
        /// A key of `data.customKeys` (held in `customKey`).
        case custom
        case buttonId, label, iosDeeplink, androidDeeplink, webUrl
    }

    private enum Value {
        case string(UnsafeBufferPointer<UInt8>)
        case number(UnsafeBufferPointer<UInt8>)
        case bool(Bool)
        case null
        /// An object or array where something else (or nothing) was read.
        case container
    }

    private func setKey(_ text: UnsafeBufferPointer<UInt8>) {
        capture?.key(text)
        if format == nil, places.count == 1, places.last == .rootObject, rootKeys.count < 64 {
            let name = String(decoding: text, as: UTF8.self)
            if !rootKeys.contains(name) { rootKeys.append(name) }
        }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
        for byte in text { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        levels[levels.count - 1].key = hash
        if !unrepresentable.isEmpty {
            let level = levels.count - 1
            unrepresentable.removeAll { $0.path.contains { $0.level == level && $0.key == hash } }
        }
        switch places.last {
        case .rootObject?: key = Self.matches(text, "messages") ? .messages : .other
        case .message?: key = Self.messageKey(text)
        case .data?: key = Self.dataKey(text)
        case .button?: key = Self.buttonKey(text)
        case .customKeys?:
            key = .custom
            customKey = String(decoding: text, as: UTF8.self)
        default: key = .other
        }
    }

    private func open(isMap: Bool) throws {
        guard places.count < Self.depthLimit else {
            throw malformed(atText: tokenEnd - 1, problem: "more than \(Self.depthLimit) levels of nesting")
        }
        capture?.open(isMap: isMap)
        let place: Place
        switch (places.last, key) {
        case (nil, _):
            rootIsObject = isMap
            if !isMap, format != .tinbox {
                // A vendor's list (Dengage, SFMC's plugins) is the document itself.
                try newMessages(isArray: true)
                place = .messages
            } else {
                place = isMap ? .rootObject : .ignored
            }
        case (.rootObject?, .messages):
            try newMessages(isArray: !isMap)
            place = isMap ? .ignored : .messages
        case (.rootObject?, .other) where format == nil && isMap && levels.count == 1 && isResponseKey:
            capture = JSONTreeBuilder()
            capture?.open(isMap: true)
            place = .captured
        case (.messages?, _) where isMap:
            if format == .tinbox || (format == nil && rootIsObject == true) {
                draft = MessageDraft()
                place = .message
            } else {
                place = .captured
            }
            // While recognising, the first item is both read as tinbox's and built.
            if format != .tinbox {
                capture = JSONTreeBuilder()
                capture?.open(isMap: true)
            }
        case (.message?, .data) where isMap:
            draft.resetData(present: true)
            place = .data
        case (.data?, .buttons) where !isMap:
            draft.buttons = []
            place = .buttons
        case (.buttons?, _) where isMap:
            button = CTAButton()
            place = .button
        case (.data?, .customKeys) where isMap:
            draft.customKeys = [:]
            place = .customKeys
        default:
            try assign(.container)
            place = .ignored
        }
        places.append(place)
        levels.append((isMap, 0))
    }

    private func close() throws {
        capture?.close()
        levels.removeLast()
        if !unrepresentable.isEmpty {
            // The object closed: no later key of it can replace anything.
            let level = levels.count
            for index in unrepresentable.indices { unrepresentable[index].path.removeAll { $0.level >= level } }
        }
        switch places.removeLast() {
        case .message:
            if format == nil {
                let item = capture?.result
                capture = nil
                try recognise(firstItem: item)
                if format != .tinbox, let item {
                    try finishItem(item)
                    itemIndex += 1
                    return
                }
            }
            try finishMessage()
            itemIndex += 1
        case .captured:
            guard let value = capture?.result else { return }
            capture = nil
            if places.last == .rootObject {
                rootResponse = value
                return
            }
            if format == nil { try recognise(firstItem: value) }
            try finishItem(value)
            itemIndex += 1
        case .button: draft.buttons.append(button)
        default: break
        }
    }

    /// The root key just read is `response` (the enveloped Gameball form, VENDORS.md §5).
    private var isResponseKey: Bool { levels.last?.key == Self.responseHash }

    private static let responseHash: UInt64 = {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in "response".utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }()

    /// A scalar event: built into the captured value when one is being built, then read.
    private func scalar(_ value: Value) throws {
        if capture != nil {
            switch value {
            case .string(let text): capture?.value(.string(String(decoding: text, as: UTF8.self)))
            case .number(let text): capture?.value(.number(Double(String(decoding: text, as: UTF8.self)) ?? 0))
            case .bool(let flag): capture?.value(.bool(flag))
            case .null, .container: capture?.value(.null)
            }
        }
        try assign(value)
    }

    /// A value where `places` and `key` say (containers only where `open` did not take them).
    private func assign(_ value: Value) throws {
        switch places.last {
        case .message?:
            switch key {
            case .id: draft.id = identifier(value)
            case .isRead: draft.serverRead = flag(value)
            case .start: draft.start = date(value)
            case .end: draft.end = date(value)
            case .isDeleted: draft.deleted = flag(value)
            case .data: draft.resetData(present: false)
            default: break
            }
        case .data?:
            switch key {
            case .title: draft.title = text(value)
            case .receiveDate: draft.receiveDate = date(value)
            case .body: draft.body = text(value)
            case .imageUrl: draft.imageUrl = text(value)
            case .details: draft.details = text(value)
            case .isPinned: draft.pinned = flag(value)
            case .buttons: draft.buttons = []
            case .subtitle: draft.subtitle = text(value)
            case .imageAlt: draft.imageAlt = text(value)
            case .customKeys: draft.customKeys = [:]
            case .priority: draft.priority = integer(value)
            default: break
            }
        case .customKeys?:
            draft.customKeys[customKey] = text(value)
        case .button?:
            switch key {
            case .buttonId: button.buttonId = identifier(value)
            case .label: button.label = text(value)
            case .iosDeeplink: button.iosDeeplink = text(value)
            case .androidDeeplink: button.androidDeeplink = text(value)
            case .webUrl: button.webUrl = text(value)
            default: break
            }
        case .messages?:
            // While recognising, a list item that is not an object shows nothing: the next one decides.
            if format == nil, firstNonObject == nil { firstNonObject = capturedScalar(value) }
            skip("not an object")
            itemIndex += 1
        case .rootObject?:
            if key == .messages { try newMessages(isArray: false) }
        case nil:
            rootIsObject = false
        case .buttons?, .ignored?, .captured?:
            break
        }
    }

    /// The root's `messages` key once more: the last one counts.
    private func newMessages(isArray: Bool) throws {
        // A sink that counts skips by place (`FeedDocument`'s first items) forgets them too.
        if accepted > 0 || skipped > 0 { try sink.discardAccepted() }
        accepted = 0
        skipped = 0
        itemIndex = 0
        messagesIsArray = isArray
    }

    /// A scalar list item as a value, for recognising the document by it.
    private func capturedScalar(_ value: Value) -> JSONValue {
        switch value {
        case .string(let text): return .string(String(decoding: text, as: UTF8.self))
        case .number: return .number(0)
        case .bool(let flag): return .bool(flag)
        case .null, .container: return .null
        }
    }

    private func finishMessage() throws {
        guard let id = draft.id, !id.isEmpty else { return skip("no id") }
        guard draft.hasData else { return skip("no data object") }
        guard let title = draft.title else { return skip("no data.title") }
        guard let receiveDate = draft.receiveDate else { return skip("no data.receiveDateUTC") }
        try sink.accept(
            InboxMessage(
                key: MessageKey(producer: producer, id: id), serverRead: draft.serverRead, start: draft.start,
                end: draft.end, title: title, body: draft.body, imageUrl: draft.imageUrl, buttons: draft.buttons,
                isPinned: draft.pinned, receiveDate: receiveDate, messageDetails: draft.details,
                subtitle: draft.subtitle, imageAlt: draft.imageAlt, customKeys: draft.customKeys,
                priority: draft.priority, isDeleted: draft.deleted))
        accepted += 1
    }

    // MARK: values, as the old decoder's casts read them

    /// JSONSerialization refuses a number a Double cannot hold (`1e400`); checked only where one
    /// may be (an exponent, or 300 digits).
    private func number(_ text: UnsafeBufferPointer<UInt8>) throws {
        if text.count > 300 || text.contains(UInt8(ascii: "e")) || text.contains(UInt8(ascii: "E")) {
            if Self.foundationNumber(text) == nil {
                let location = lines.location(
                    at: tokenEnd - text.count - origin, in: current,
                    problem: "number \(String(decoding: text.prefix(40), as: UTF8.self)) is not representable")
                let path = levels.indices.filter { levels[$0].isMap }.map { (level: $0, key: levels[$0].key) }
                unrepresentable.append((location, path))
            }
        }
        try scalar(.number(text))
    }

    /// `id` and `buttonId`: a string, or a number as its decimal text (not one that bridges to a
    /// Bool: 0 and 1, as `value is Bool` said of JSONSerialization's NSNumbers).
    private func identifier(_ value: Value) -> String? {
        switch value {
        case .string(let text): return String(decoding: text, as: UTF8.self)
        case .number(let text):
            if let integer = Self.smallInteger(text) { return integer == 0 || integer == 1 ? nil : String(integer) }
            guard let number = Self.foundationNumber(text), !(number is Bool) else { return nil }
            return (number as? NSNumber)?.stringValue
        default: return nil
        }
    }

    /// `isRead` and `isPinned`: `as? Bool ?? false` (true, or a number equal to 1).
    private func flag(_ value: Value) -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .number(let text):
            if let integer = Self.smallInteger(text) { return integer == 1 }
            return Self.foundationNumber(text) as? Bool ?? false
        default: return false
        }
    }

    /// `data.priority`: a whole number.
    private func integer(_ value: Value) -> Int? {
        guard case .number(let text) = value, let number = Self.smallInteger(text) else { return nil }
        return Int(number)
    }

    private func text(_ value: Value) -> String? {
        guard case .string(let text) = value else { return nil }
        return String(decoding: text, as: UTF8.self)
    }

    private func date(_ value: Value) -> Date? {
        guard case .string(let text) = value else { return nil }
        return UTCDate.parseMilliseconds(utf8: text).map(UTCDate.date(milliseconds:))?.addingTimeInterval(shift)
    }

    /// An integer of at most 18 characters (which JSONSerialization made an Int).
    private static func smallInteger(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard text.count <= 18, !text.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") })
        else { return nil }
        return Int64(String(decoding: text, as: UTF8.self))
    }

    /// The object JSONSerialization makes of a number's text, nil when it refuses it.
    private static func foundationNumber(_ text: UnsafeBufferPointer<UInt8>) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(buffer: text), options: [.fragmentsAllowed])
    }

    // MARK: keys

    private static func matches(_ text: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        text.count == word.utf8CodeUnitCount
            && (text.count == 0 || memcmp(text.baseAddress!, word.utf8Start, text.count) == 0)
    }

    private static func messageKey(_ text: UnsafeBufferPointer<UInt8>) -> Key {
        switch text.count {
        case 2 where matches(text, "id"): return .id
        case 4 where matches(text, "data"): return .data
        case 6 where matches(text, "isRead"): return .isRead
        case 9 where matches(text, "isDeleted"): return .isDeleted
        case 10 where matches(text, "endDateUtc"): return .end
        case 12 where matches(text, "startDateUtc"): return .start
        default: return .other
        }
    }

    private static func dataKey(_ text: UnsafeBufferPointer<UInt8>) -> Key {
        switch text.count {
        case 5 where matches(text, "title"): return .title
        case 7 where matches(text, "message"): return .body
        case 8 where matches(text, "imageUrl"): return .imageUrl
        case 8 where matches(text, "isPinned"): return .isPinned
        case 8 where matches(text, "subtitle"): return .subtitle
        case 8 where matches(text, "imageAlt"): return .imageAlt
        case 8 where matches(text, "priority"): return .priority
        case 10 where matches(text, "customKeys"): return .customKeys
        case 10 where matches(text, "ctaButtons"): return .buttons
        case 14 where matches(text, "receiveDateUTC"): return .receiveDate
        case 14 where matches(text, "messageDetails"): return .details
        default: return .other
        }
    }

    private static func buttonKey(_ text: UnsafeBufferPointer<UInt8>) -> Key {
        switch text.count {
        case 5 where matches(text, "label"): return .label
        case 6 where matches(text, "webUrl"): return .webUrl
        case 8 where matches(text, "buttonId"): return .buttonId
        case 11 where matches(text, "iosDeeplink"): return .iosDeeplink
        case 15 where matches(text, "androidDeeplink"): return .androidDeeplink
        default: return .other
        }
    }
}

/// The fields of the message being read.
private struct MessageDraft {
    var id: String?
    var serverRead = false
    var start: Date?
    var end: Date?
    /// `data` is an object (its last occurrence).
    var hasData = false
    var title: String?
    var receiveDate: Date?
    var body: String?
    var imageUrl: String?
    var details: String?
    var pinned = false
    var buttons: [CTAButton] = []
    var deleted = false
    var subtitle: String?
    var imageAlt: String?
    var customKeys: [String: String] = [:]
    var priority: Int?

    mutating func resetData(present: Bool) {
        hasData = present
        title = nil
        receiveDate = nil
        body = nil
        imageUrl = nil
        details = nil
        pinned = false
        buttons = []
        subtitle = nil
        imageAlt = nil
        customKeys = [:]
        priority = nil
    }
}

/// Where the token yajl refused starts. yajl reports a parse error past that token, and reports
/// no event for commas and colons: so it is the first token after the last one reported, or the
/// one after that when the first is a comma or a colon that yajl went past.
private struct OffenderScan {
    private var first: Int?
    private var firstIsSeparator = false
    private var second: Int?
    /// The text offset scanned up to.
    private var scanned = 0

    mutating func tokenEnded(at offset: Int) {
        first = nil
        second = nil
        firstIsSeparator = false
        scanned = offset
    }

    /// Looks at the text in `view` (which starts at `origin`) up to `end`.
    mutating func scan(_ view: UnsafeBufferPointer<UInt8>, origin: Int, upTo end: Int) {
        var offset = max(scanned, origin)
        let last = min(end, origin + view.count)
        while offset < last, second == nil, first == nil || firstIsSeparator {
            switch view[offset - origin] {
            case 0x20, 0x0A, 0x0D, 0x09: break
            case let byte:
                if first == nil {
                    first = offset
                    firstIsSeparator = byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":")
                } else {
                    second = offset
                }
            }
            offset += 1
        }
        scanned = max(scanned, offset)
    }

    /// The first token after the last one reported, when one was seen.
    var firstToken: Int? { first }

    func start(before stopped: Int) -> Int {
        if firstIsSeparator, let second, second < stopped { return second }
        return first ?? stopped
    }
}
