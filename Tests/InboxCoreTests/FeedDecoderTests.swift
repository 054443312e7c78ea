import Foundation
import Testing

@testable import InboxCore

/// The streaming decoder reads what the JSONSerialization decoder read (`FoundationFeedOracle`):
/// the same messages and skips, the same documents refused, whatever the chunks.
@Suite struct FeedDecoderTests {
    /// What a decoding came to, with dates as the milliseconds the store keeps.
    enum Outcome: Equatable, CustomStringConvertible {
        case decoded([String], skipped: Int)
        case malformed
        case wrongShape(String)

        var description: String {
            switch self {
            case .decoded(let messages, let skipped): return "decoded \(messages) skipped \(skipped)"
            case .malformed: return "malformed"
            case .wrongShape(let reason): return "wrongShape \(reason)"
            }
        }
    }

    static func outcome(_ decode: () throws -> FeedDocument) -> Outcome {
        do {
            let document = try decode()
            return .decoded(document.messages.map(describe), skipped: document.skipped)
        } catch FeedError.malformed {
            return .malformed
        } catch FeedError.wrongShape(_, let reason) {
            return .wrongShape(reason)
        } catch {
            return .wrongShape("unexpected \(error)")
        }
    }

    static func describe(_ message: InboxMessage) -> String {
        func ms(_ date: Date?) -> String { date.map { String(UTCDate.milliseconds($0)) } ?? "-" }
        let buttons = message.buttons.map {
            [$0.buttonId, $0.label, $0.iosDeeplink, $0.androidDeeplink, $0.webUrl].map { $0 ?? "∅" }.joined(
                separator: "|")
        }
        return [
            message.key.description, String(message.serverRead), ms(message.start), ms(message.end), message.title,
            message.body ?? "∅", message.imageUrl ?? "∅", "[\(buttons.joined(separator: ";"))]",
            String(message.isPinned), ms(message.receiveDate), message.messageDetails ?? "∅",
        ].joined(separator: " ")
    }

    /// Decodes `data` fed in chunks of the given sizes (cycled), the rest in one.
    static func streamed(_ data: Data, chunks: [Int]) throws -> FeedDocument {
        let sink = Collector()
        let decoder = FeedDecoder(producer: "engagement", source: "feed.json", sink: sink)
        var start = 0
        var turn = 0
        while start < data.count {
            let size = chunks.isEmpty ? data.count : max(1, chunks[turn % chunks.count])
            let end = min(data.count, start + size)
            try data[start..<end].withUnsafeBytes { try decoder.feed($0) }
            start = end
            turn += 1
        }
        let skipped = try decoder.finish()
        return FeedDocument(messages: sink.messages, skipped: skipped)
    }

    final class Collector: FeedSink {
        var messages: [InboxMessage] = []
        func accept(_ message: InboxMessage) { messages.append(message) }
        func discardAccepted() { messages.removeAll() }
    }

    func expectSameAsFoundation(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expectSameAsFoundation(Data(text.utf8), sourceLocation: sourceLocation)
    }

    func expectSameAsFoundation(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = Self.outcome { try FoundationFeedOracle.decode(data) }
        let whole = Self.outcome { try FeedDocument(data: data, producer: "engagement", source: "feed.json") }
        #expect(
            whole == expected, "\(String(decoding: data, as: UTF8.self).debugDescription)",
            sourceLocation: sourceLocation)
        for chunks in [[1], [2, 3], [7]] {
            let streamed = Self.outcome { try Self.streamed(data, chunks: chunks) }
            #expect(streamed == expected, "chunks \(chunks)", sourceLocation: sourceLocation)
        }
    }

    static let date = "\"2026-11-29T09:30:00.000Z\""

    static func feed(_ messages: String...) -> String {
        "{\"messages\": [\(messages.joined(separator: ","))]}"
    }

    static func message(
        _ fields: String = "\"id\": \"a\"", data: String = "\"title\": \"t\", \"receiveDateUTC\": \(date)"
    )
        -> String
    {
        "{\(fields), \"data\": {\(data)}}"
    }

    @Test func theProtocolExampleDecodesAsBefore() {
        expectSameAsFoundation(
            """
            {
              "messages": [
                {
                  "id": "m-1001",
                  "isRead": false,
                  "startDateUtc": "2026-11-29T00:00:00.000Z",
                  "endDateUtc": "2026-12-06T00:00:00.000Z",
                  "data": {
                    "title": "Spring sale ends tonight",
                    "message": "Up to 40% off everything in the app.",
                    "imageUrl": "https://cdn.example.com/spring.png",
                    "ctaButtons": [
                      { "buttonId": "shop", "label": "Shop now",
                        "iosDeeplink": "acme://shop", "androidDeeplink": "acme://shop",
                        "webUrl": "https://acme.example/shop" }
                    ],
                    "isPinned": true,
                    "receiveDateUTC": "2026-11-29T09:30:00.000Z",
                    "messageDetails": "opaque-token-sent-back-with-events"
                  }
                }
              ]
            }
            """)
    }

    @Test(arguments: [
        "1", "0", "2", "-1", "-0", "1.0", "0.0", "1.5", "1e3", "1E2", "2.50", "12345678901234567890",
        "123456789012345678901234", "true", "false", "null", "\"\"", "\"x\"", "[]", "{}", "[\"a\"]",
    ])
    func everyTypeOfIdIsReadAsBefore(_ id: String) {
        expectSameAsFoundation(Self.feed(Self.message("\"id\": \(id)")))
        expectSameAsFoundation(Self.feed(Self.message("\"id\": \"a\", \"isRead\": \(id)")))
        expectSameAsFoundation(
            Self.feed(Self.message(data: "\"title\": \"t\", \"receiveDateUTC\": \(Self.date), \"isPinned\": \(id)")))
        expectSameAsFoundation(
            Self.feed(Self.message(data: "\"title\": \(id), \"receiveDateUTC\": \(Self.date), \"message\": \(id)")))
        expectSameAsFoundation(
            Self.feed(
                Self.message(
                    data:
                        "\"title\": \"t\", \"receiveDateUTC\": \(Self.date), \"ctaButtons\": [{\"buttonId\": \(id)}, \(id)]"
                )))
        expectSameAsFoundation(Self.feed(Self.message("\"id\": \"a\", \"data\": \(id)")))
        expectSameAsFoundation(Self.feed(Self.message(data: "\"title\": \"t\", \"receiveDateUTC\": \(id)")))
        expectSameAsFoundation(Self.feed(id))
        expectSameAsFoundation("{\"messages\": \(id)}")
        expectSameAsFoundation(id)
    }

    @Test func theLastOfTwoEqualKeysCounts() {
        expectSameAsFoundation(Self.feed(Self.message("\"id\": \"a\", \"id\": \"b\"")))
        expectSameAsFoundation(Self.feed(Self.message("\"id\": \"a\", \"id\": 1")))
        expectSameAsFoundation(
            Self.feed("{\"id\": \"a\", \"data\": {\"title\": \"t\", \"receiveDateUTC\": \(Self.date)}, \"data\": 1}"))
        expectSameAsFoundation(
            Self.feed(
                "{\"id\": \"a\", \"data\": {\"title\": \"t\"}, \"data\": {\"title\": \"u\", \"receiveDateUTC\": \(Self.date)}}"
            ))
        expectSameAsFoundation(
            Self.feed(
                Self.message(
                    data:
                        "\"title\": \"t\", \"receiveDateUTC\": \(Self.date), \"ctaButtons\": [{\"label\": \"a\"}], \"ctaButtons\": [{\"label\": \"b\", \"label\": \"c\"}]"
                )))
        expectSameAsFoundation("{\"messages\": [\(Self.message())], \"messages\": [\(Self.message("\"id\": \"b\""))]}")
        expectSameAsFoundation("{\"messages\": [\(Self.message())], \"messages\": {}}")
        expectSameAsFoundation("{\"messages\": 3, \"messages\": [\(Self.message()), 4]}")
        // JSONSerialization converted numbers after parsing, only those of the values it kept.
        expectSameAsFoundation("{\"messages\": [], \"x\": {\"y\": [1e400]}, \"x\": 1}")
        expectSameAsFoundation("{\"messages\": [], \"x\": {\"y\": [1e400], \"y\": 2}}")
        expectSameAsFoundation("{\"messages\": [], \"x\": {\"y\": [1e400]}, \"z\": {\"x\": 1}}")
        expectSameAsFoundation("{\"messages\": [{\"x\": 1e400}], \"messages\": []}")
        expectSameAsFoundation("{\"messages\": [{\"x\": 1e400}, {\"x\": 1}]}")
    }

    @Test func whatJSONSerializationAllowsIsAllowed() {
        expectSameAsFoundation(Self.feed(Self.message(), "") + "")  // [m,] : a trailing comma
        expectSameAsFoundation("{\"messages\": [\(Self.message()),\n  ],}")
        expectSameAsFoundation(
            "{\"messages\": [{\"id\": \"a\", \"data\": {\"title\": \"t\", \"receiveDateUTC\": \(Self.date),},},]}")
        expectSameAsFoundation(Data([0xEF, 0xBB, 0xBF]) + Data(Self.feed(Self.message()).utf8))
        for encoding in [String.Encoding.utf16, .utf16LittleEndian, .utf16BigEndian, .utf32, .utf32LittleEndian] {
            expectSameAsFoundation(
                Self.feed(Self.message(data: "\"title\": \"é😀\", \"receiveDateUTC\": \(Self.date)")).data(
                    using: encoding)!)
        }
        expectSameAsFoundation(
            Self.feed(
                Self.message(data: "\"title\": \"\\ud83d\\ude00 \\u00e9 \\u0000\", \"receiveDateUTC\": \(Self.date)")))
        expectSameAsFoundation(
            Self.feed(
                Self.message("\"id\": \"\\u0069d\"", data: "\"t\\u0069tle\": \"t\", \"receiveDateUTC\": \(Self.date)")))
        expectSameAsFoundation(
            Self.feed(Self.message(data: "\"title\": \"t\", \"receiveDateUTC\": \"2026-02-29T00:00:00.000Z\"")))
        expectSameAsFoundation(
            Self.feed(Self.message(data: "\"title\": \"t\", \"receiveDateUTC\": \"2026-11-29T09:30:00Z\"")))
        expectSameAsFoundation(
            Self.feed(Self.message(data: "\"title\": \"t\", \"receiveDateUTC\": \"2026-11-29T09:30:00.000+0100\"")))
        expectSameAsFoundation(
            Self.feed(Self.message(data: "\"title\": \"t\", \"receiveDateUTC\": \"1200-11-29T09:30:00.000Z\"")))
        expectSameAsFoundation(Self.feed(Self.message(data: "\"title\": \"t\", \"receiveDateUTC\": \"yesterday\"")))
        expectSameAsFoundation(
            "{\"messages\": [], \"x\": [1e308, -1e-400, 1.7976931348623157e308, \(String(repeating: "9", count: 300))]}"
        )
        expectSameAsFoundation(String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
        expectSameAsFoundation("{\"messages\": []}" + " \n\t\r")
    }

    @Test func whatJSONSerializationRefusedIsRefused() {
        for text in [
            "", " ", "{", "{\"messages\": [", "{\"messages\": [}", "[,]", "{,}", "[1,,]", "{\"a\":1,,}", "{\"a\",}",
            "{\"messages\": []} x", "{}{}", "{\"a\" \"b\"}", "{\"a\":1 \"b\":2}", "{1:2}", "[nul]", "[tru ]", "[-]",
            "[1.]",
            "[1e]", "[01]", "[+1]", "['a']", "[1 /* x */]", "[\"a\\x\"]", "[\"a\\u12g4\"]", "[\"ab\tc\"]",
            "[1,\u{0B}2]",
            "[1,\u{0C}2]", "[\"\\ud800\"]", "[\"\\ud800x\"]", "[\"\\udc00\"]", "[\"\\ud800\\u0041\"]",
            "[\"\\ud800\\ud800\"]",
            "[1e400]", "[-1e309]", "[1\(String(repeating: "0", count: 400))]",
            "[1\(String(repeating: "0", count: 400)).5]",
            String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
            String(repeating: "{\"a\":", count: 513) + "1" + String(repeating: "}", count: 513),
        ] {
            expectSameAsFoundation(text)
        }
        for bytes in [
            [0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
            [0x22, 0xFF, 0x22], [0x22, 0xE2, 0x82, 0x22], [0x5B, 0x31, 0x5D, 0x00],
        ] as [[UInt8]] {
            expectSameAsFoundation(Data(bytes))
        }
    }

    /// Documents shaped like feeds, with every kind of value and break, the same either way.
    @Test func randomDocumentsDecodeAsBefore() {
        var generator = DocumentGenerator(seed: 147)
        for round in 0..<5_000 {
            var data = Data(generator.document().utf8)
            if round % 3 == 0 { generator.mutate(&data) }
            let expected = Self.outcome { try FoundationFeedOracle.decode(data) }
            let chunks = [1 + round % 13, 1 + round % 5]
            let streamed = Self.outcome { try Self.streamed(data, chunks: chunks) }
            #expect(streamed == expected, "\(String(decoding: data, as: UTF8.self).debugDescription)")
            if streamed != expected { break }
        }
    }

    // MARK: where a broken document breaks

    func location(_ text: String, chunks: [Int] = []) -> String {
        do {
            _ = try Self.streamed(Data(text.utf8), chunks: chunks)
            return "no error"
        } catch FeedError.malformed(_, let location) {
            return "\(location.line):\(location.column)"
        } catch {
            return "\(error)"
        }
    }

    func foundationLocation(_ text: String) -> String {
        do {
            _ = try FoundationFeedOracle.decode(Data(text.utf8))
            return "no error"
        } catch FeedError.malformed(_, let location) {
            return "\(location.line):\(location.column)"
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: [
        "{\n  \"messages\": [\n    {\"id\": 1,, }\n  ]\n}", "{\"a\" \"b\"}", "{\"a\":1 \"b\":2}", "[\"x\" \"y\"]",
        "{1:2}",
        "[1, x]", "[1:2]", "[1}", "[\"ab\tc\"]", "[\"a\\x\"]", "[-]", "[1.]", "[1e]", "[01]", "[1 /* x */]", "['a']",
        "[+1]", "[1,\u{0C}2]", "12 3", "{\"messages\": [", "{\"messages\": [\n",
        "{\n  \"messages\": [\n    {\"id\": \"é\"\"x\"}]}",
    ])
    func aBreakIsFoundWhereJSONSerializationFoundIt(_ text: String) {
        let expected = foundationLocation(text)
        #expect(location(text) == expected)
        #expect(location(text, chunks: [1]) == expected)
        #expect(location(text, chunks: [3, 2]) == expected)
    }

    /// A `\u` escape of half a surrogate pair (a server cut a string inside an emoji) reads as
    /// U+FFFD: it made the whole feed invalid. A pair still reads as its character, however the
    /// chunks cut the escapes.
    @Test func aLoneSurrogateEscapeReadsAsTheReplacementCharacter() throws {
        let titles = [#"cut \ud83d"#, #"\udc00low"#, #"\ud83d\ud83d\ude00 pair"#, #"\ud800\u0041"#]
        let messages = titles.enumerated().map { index, title in
            "{\"id\": \"\(index)\", \"data\": {\"title\": \"\(title)\", \"receiveDateUTC\": \(Self.date)}}"
        }
        let text = "{\"messages\": [\(messages.joined(separator: ", "))]}"
        for size in 1...13 {
            let document = try Self.streamed(Data(text.utf8), chunks: [size])
            #expect(document.messages.map(\.title) == ["cut \u{FFFD}", "\u{FFFD}low", "\u{FFFD}😀 pair", "\u{FFFD}A"])
        }
        expectSameAsFoundation(text)
    }

    @Test func aBreakIsFoundAtItsByteWhereJSONSerializationNamedNoPlace() {
        // JSONSerialization named the end of the file for these; the streaming decoder names the byte.
        #expect(location("{\"messages\": [\n  {\"n\": 1e400}]}") == "2:9")
        #expect(location("{\"a\",}") == "1:5")
        #expect(location("[\"a\\u12g4\"]") == "1:8")
        #expect(location("[nul]") == "1:5")
        #expect(location(String(repeating: "[", count: 513)) == "1:513")
        var bytes = Array("{\"messages\": [\n  {\"title\": \"ab".utf8)
        bytes += [0xED, 0xA0, 0x80]
        bytes += Array("\"}]}".utf8)
        do {
            _ = try Self.streamed(Data(bytes), chunks: [5])
            Issue.record("a surrogate encoded in UTF-8 must be refused")
        } catch FeedError.malformed(_, let location) {
            #expect(location.line == 2 && location.column == 16)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func columnsCountCharactersOnALineLongerThanManyChunks() {
        // 20,000 characters of two-byte letters and combining marks, then the break.
        let line = String(repeating: "é", count: 10_000) + String(repeating: "e\u{301}", count: 10_000)
        let text = "{\"messages\": [\n{\"x\": \"\(line)\", ]]}"
        let expected = foundationLocation(text)
        #expect(expected == "2:\(line.count + 11)")
        #expect(location(text, chunks: [FeedDecoder.chunkSize]) == expected)
        #expect(location(text, chunks: [977]) == expected)
        #expect(location(text, chunks: [1]) == expected)
    }

    @Test func aDocumentCutShortIsMalformedAtItsEnd() {
        let text = Self.feed(Self.message(), Self.message("\"id\": \"b\""))
        let cut = String(text.dropLast(3))
        #expect(location(cut) == "1:\(cut.count + 1)")
        #expect(location(cut + "\n") == "2:1")
    }
}

/// Random feed-like documents from a seed, and random damage to them.
struct DocumentGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    mutating func next(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }

    mutating func pick<T>(_ choices: [T]) -> T { choices[next(choices.count)] }

    mutating func space() -> String { pick(["", "", " ", "\n  ", "\t", "\r\n"]) }

    mutating func string() -> String {
        pick([
            "\"a\"", "\"\"", "\"m-1\"", "\"é😀\"", "\"\\u0041\\n\\\"\"", "\"\\ud83d\\ude00\"", "\"e\\u0301\"",
            "\"2026-11-29T09:30:00.000Z\"", "\"2026-11-29T09:30:00Z\"", "\"2026-02-30T09:30:00.000Z\"",
            "\"1999-01-01T00:00:00.999Z\"", "\"not a date\"", "\"\\/x\\/\"",
        ])
    }

    mutating func scalar() -> String {
        pick([
            string(), string(), "0", "1", "2", "-1", "1.0", "1.5", "1e2", "true", "false", "null",
            "12345678901234567890",
        ])
    }

    mutating func value(depth: Int) -> String {
        switch next(depth > 2 ? 1 : 4) {
        case 0: return scalar()
        case 1: return "[" + list(depth + 1) { $0.value(depth: depth + 1) } + "]"
        default: return object(depth + 1, keys: ["x", "id", "title", "data", "y"])
        }
    }

    mutating func list(_ depth: Int, _ item: (inout DocumentGenerator) -> String) -> String {
        var items: [String] = []
        for _ in 0..<next(4) { items.append(space() + item(&self) + space()) }
        return items.joined(separator: ",") + (next(6) == 0 && !items.isEmpty ? "," : "")
    }

    mutating func object(_ depth: Int, keys: [String]) -> String {
        "{"
            + list(depth) { generator in
                let key = generator.pick(keys)
                return "\"\(key)\"" + generator.space() + ":" + generator.space() + generator.field(key, depth: depth)
            } + "}"
    }

    mutating func field(_ key: String, depth: Int) -> String {
        switch key {
        case "messages": return next(8) == 0 ? value(depth: depth) : "[" + list(depth) { $0.message() } + "]"
        case "data":
            return next(6) == 0
                ? value(depth: depth)
                : object(
                    depth + 1,
                    keys: [
                        "title", "receiveDateUTC", "receiveDateUTC", "message", "imageUrl", "messageDetails",
                        "isPinned", "ctaButtons", "other",
                    ])
        case "ctaButtons":
            return next(5) == 0
                ? value(depth: depth)
                : "["
                    + list(depth) {
                        $0.next(4) == 0
                            ? $0.scalar() : $0.object(depth + 2, keys: ["buttonId", "label", "webUrl", "z"])
                    } + "]"
        default: return next(3) == 0 ? value(depth: depth) : scalar()
        }
    }

    mutating func message() -> String {
        switch next(10) {
        case 0: return value(depth: 2)
        case 1...4:
            return object(2, keys: ["id", "id", "isRead", "startDateUtc", "endDateUtc", "data", "data", "other"])
        default:
            // Mostly usable: an id, a title and a date, then anything.
            let data =
                "{\"title\": \(string()), \"receiveDateUTC\": \"2026-11-29T09:30:00.\(next(10))00Z\","
                + String(
                    object(3, keys: ["message", "imageUrl", "isPinned", "ctaButtons", "title", "other"]).dropFirst())
            let rest = object(2, keys: ["isRead", "startDateUtc", "endDateUtc", "id", "other"]).dropFirst()
            return "{\"id\": \(scalar()), \"data\": \(data)" + (rest == "}" ? "}" : ", " + rest)
        }
    }

    mutating func document() -> String {
        next(12) == 0 ? value(depth: 0) : space() + object(0, keys: ["messages", "messages", "other"]) + space()
    }

    /// Deletes, inserts or replaces a byte, or cuts the document short.
    mutating func mutate(_ data: inout Data) {
        guard !data.isEmpty else { return }
        let at = next(data.count)
        switch next(4) {
        case 0: data.remove(at: at)
        case 1: data.insert(pick(Array("{}[],:\"\\ 0e.-tnx\u{0B}".utf8)), at: at)
        case 2: data[at] = pick([0x2C, 0x5D, 0x7D, 0x22, 0x80, 0xFF, 0x0C, 0x61])
        default: data = data.prefix(at)
        }
    }
}
