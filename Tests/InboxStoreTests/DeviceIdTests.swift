import Foundation
import InboxCore
import InboxStore
import Testing

/// VENDORS.md §2: the Dengage `did` default is a UUID made once per data directory and kept.
@Suite struct DeviceIdTests {
    @Test func theIdIsMadeOnceAndReadBackByEveryLaterConnection() throws {
        let f = try InboxFixture()
        let first = try f.inbox.deviceId()
        #expect(UUID(uuidString: first) != nil)
        #expect(first == first.lowercased())
        #expect(try f.inbox.deviceId() == first)
        #expect(try f.reopened().deviceId() == first)
    }

    @Test func anotherDataDirectoryHasItsOwn() throws {
        #expect(try InboxFixture().inbox.deviceId() != InboxFixture().inbox.deviceId())
    }

    @Test func connectionsAskingAtOnceAgreeOnOneId() throws {
        let f = try InboxFixture()
        let (directory, clock) = (f.directory, f.clock)
        let ids = Locked()
        // Each thread opens its own connection, as separate processes would.
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            ids.add((try? Inbox(store: Store(directory: directory), clock: clock).deviceId()) ?? "failed")
        }
        #expect(ids.values.count == 1)
        #expect(ids.values.first.map { UUID(uuidString: $0) != nil } == true)
    }

    /// A set of strings filled from several threads.
    private final class Locked: @unchecked Sendable {
        private let lock = NSLock()
        private var set: Set<String> = []
        func add(_ value: String) { lock.withLock { _ = set.insert(value) } }
        var values: Set<String> { lock.withLock { set } }
    }
}
