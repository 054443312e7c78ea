import Foundation
import InboxCore
import Testing

/// Event ids (PROTOCOL 1.4: a UUID made once when the event is recorded).
@Suite struct InboxEventTests {
    @Test func anIdIsAVersion7UUIDStartingWithTheEventsMillisecond() throws {
        let date = try #require(UTCDate.parse("2026-11-29T10:00:01.250Z"))
        let id = InboxEvent.makeId(at: date)
        let uuid = try #require(UUID(uuidString: id))
        #expect(id == id.lowercased())
        let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
        let milliseconds = bytes[..<6].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        #expect(milliseconds == UInt64(UTCDate.milliseconds(date)))
        #expect(bytes[6] >> 4 == 7, "version 7")
        #expect(bytes[8] >> 6 == 0b10, "RFC 9562 variant")
    }

    @Test func idsAreUniqueAndLaterEventsSortAfterEarlierOnes() throws {
        let start = try #require(UTCDate.parse("2026-11-29T10:00:00.000Z"))
        let ids = (0..<1000).map { InboxEvent.makeId(at: start.addingTimeInterval(Double($0 / 10) / 1000)) }
        #expect(Set(ids).count == ids.count)
        let milliseconds = ids.map { $0.prefix(13) }
        #expect(milliseconds == milliseconds.sorted(), "the time comes first, so the ids sort by it")
    }

    @Test func anEventMadeWithoutAnIdGetsOneAndAGivenIdIsKept() {
        let key = MessageKey(producer: "engagement", id: "m-1")
        let made = InboxEvent(kind: .open, key: key, messageDetails: nil, date: Date(timeIntervalSince1970: 1))
        #expect(UUID(uuidString: made.eventId) != nil)
        #expect(InboxEvent(eventId: "e-1", kind: .open, key: key, messageDetails: nil, date: Date()).eventId == "e-1")
    }
}
