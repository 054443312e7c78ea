import Foundation
import InboxCore
import InboxStore
import Testing

@testable import InboxSync

/// The status and event bodies are written by hand (`JSONBody`): any string must come out as
/// JSON that a parser reads back exactly, and the shape must be PROTOCOL 1.3-1.4's.
@Suite struct JSONBodyTests {
    static let hostile = [
        "", "plain", "quote \" and backslash \\", "slash / stays", "controls \u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}",
        "del \u{7F} and C1 \u{85}", "é e\u{301} 中文 العربية 🇺🇸👩‍👩‍👧", "\u{2028}\u{2029}", "ends with \\",
        "\"", "mid\u{FEFF}dle",
    ]

    @Test(arguments: hostile)
    func everyStringReadsBackExactly(text: String) throws {
        let event = InboxEvent(
            eventId: text, kind: .click, key: MessageKey(producer: "engagement", id: text), messageDetails: text,
            buttonId: text, date: UTCDate.parse("2026-11-29T10:00:01.250Z")!)
        let body = HTTPProducer.eventsBody([event])
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let sent = try #require((object["events"] as? [[String: Any]])?.first)
        for key in ["eventId", "messageId", "messageDetails", "buttonId"] {
            #expect(sent[key] as? String == text, "\(key)")
        }
        let statuses = HTTPProducer.statusesBody([PendingStatus(id: text, status: .read, queuedMilliseconds: 1)])
        let parsed = try #require(try JSONSerialization.jsonObject(with: statuses) as? [String: Any])
        #expect((parsed["statuses"] as? [[String: Any]])?.first?["id"] as? String == text)
    }

    /// The bodies escape as the one JSON writer does: DEL as `\u007f`, every other scalar as its
    /// UTF-8 bytes, a leading U+FEFF too (Foundation's parser drops that one, so it is checked on
    /// the bytes).
    @Test func otherScalarsAreWrittenAsTheirBytes() {
        let status = PendingStatus(id: "\u{FEFF}é\u{7F}🇺🇸", status: .read, queuedMilliseconds: 1)
        let text = String(decoding: HTTPProducer.statusesBody([status]), as: UTF8.self)
        #expect(text == "{\"statuses\":[{\"id\":\"\u{FEFF}é\\u007f🇺🇸\",\"status\":\"read\"}]}")
    }

    @Test func eventsCarryEveryFieldWithNullsForMissingOnes() throws {
        let date = UTCDate.parse("2026-11-29T10:00:01.250Z")!
        let events = [
            InboxEvent(
                eventId: "e-1", kind: .impression, key: MessageKey(producer: "engagement", id: "m-1"),
                messageDetails: nil, buttonId: nil, date: date),
            InboxEvent(
                eventId: "e-2", kind: .click, key: MessageKey(producer: "engagement", id: "m-2"),
                messageDetails: "opaque", buttonId: "shop", date: date),
        ]
        let text = String(decoding: HTTPProducer.eventsBody(events), as: UTF8.self)
        #expect(
            text == #"{"events":[{"eventId":"e-1","eventType":"IM","messageId":"m-1","messageDetails":null,"#
                + #""buttonId":null,"eventDateUTC":"2026-11-29T10:00:01.250Z"},{"eventId":"e-2","eventType":"CL","#
                + #""messageId":"m-2","messageDetails":"opaque","buttonId":"shop","#
                + #""eventDateUTC":"2026-11-29T10:00:01.250Z"}]}"#)
    }

    @Test func statusesAreIdAndStatusPairs() {
        let statuses = [
            PendingStatus(id: "m-1", status: .read, queuedMilliseconds: 1),
            PendingStatus(id: "m-2", status: .deleted, queuedMilliseconds: 2),
        ]
        let text = String(decoding: HTTPProducer.statusesBody(statuses), as: UTF8.self)
        #expect(text == #"{"statuses":[{"id":"m-1","status":"read"},{"id":"m-2","status":"deleted"}]}"#)
        #expect(String(decoding: HTTPProducer.statusesBody([]), as: UTF8.self) == #"{"statuses":[]}"#)
    }
}
