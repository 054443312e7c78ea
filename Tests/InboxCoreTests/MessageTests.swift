import Foundation
import Testing

@testable import InboxCore

@Suite struct MessageWindowTests {
    let start = Date(timeIntervalSince1970: 1000)
    let end = Date(timeIntervalSince1970: 2000)

    @Test func messageIsActiveAtItsStartAndLeavesAtItsEnd() {
        let message = InboxMessage(
            key: MessageKey(producer: "engagement", id: "a"), start: start, end: end, title: "t",
            receiveDate: start)
        #expect(message.isInWindow(at: start))
        #expect(message.isInWindow(at: end.addingTimeInterval(-0.001)))
        #expect(!message.isInWindow(at: end))
        #expect(!message.isInWindow(at: start.addingTimeInterval(-0.001)))
    }
}
