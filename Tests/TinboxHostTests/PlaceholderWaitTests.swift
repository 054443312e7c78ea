import Foundation
import InAppSync
import InboxSync
import Testing

@testable import TinboxKitCore

/// B.12 for `tinbox event` and `purchase`: the customer's placeholder values are waited for less
/// than 2.0 s; after a failure or without an answer in time the last values held serve.
@Suite struct PlaceholderWaitTests {
    /// Answers every request with `answer`, or never (until the test ends) when it is nil.
    final class Server: HTTPTransport, @unchecked Sendable {
        let answer: HTTPResponse?
        let release = DispatchSemaphore(value: 0)
        init(_ answer: HTTPResponse?) { self.answer = answer }

        func send(_ request: HTTPRequest, cancellation: Cancellation?) -> Result<HTTPResponse, TransportFailure> {
            guard let answer else {
                release.wait()
                return .failure(.cancelled)
            }
            return .success(answer)
        }
    }

    static func client(_ server: Server) -> InAppClient {
        InAppClient(source: .http(base: URL(string: "http://127.0.0.1:9")!, token: nil), transport: server)
    }

    @Test func valuesInTimeAreTheCustomers() {
        let server = Server(HTTPResponse(status: 200, body: Data(#"{"name":"Sam","points":1200}"#.utf8)))
        #expect(
            InAppCheck.placeholders(of: "c1", from: Self.client(server)) == .values(["name": "Sam", "points": "1200"]))
    }

    @Test func aFailedFetchHasFailed() {
        #expect(
            InAppCheck.placeholders(of: "c1", from: Self.client(Server(HTTPResponse(status: 500))))
                == .failed("placeholders answered HTTP 500"))
    }

    @Test func noAnswerWithinTwoSecondsHasTimedOut() {
        let server = Server(nil)
        defer { server.release.signal() }
        let started = ContinuousClock.now
        #expect(InAppCheck.placeholders(of: "c1", from: Self.client(server)) == .timedOut)
        #expect(ContinuousClock.now - started >= .seconds(2), "it waited the whole 2.0 s")
    }
}
