import Foundation
import Testing

@testable import InboxSync

/// The pipe protocol between tinbox and its network helper `tinbox-net`.
@Suite struct NetworkFrameTests {
    @Test(arguments: [
        TransportFailure.cannotConnect(host: "h", reason: "refused"), .connectTimedOut(host: "h", seconds: 10),
        .timedOut(seconds: 30), .connectionLost("reset"), .bodyTooLarge(limit: 8 << 20), .cancelled, .other("odd"),
    ])
    func everyFailureCrossesThePipeUnchanged(failure: TransportFailure) throws {
        let line = NetworkFrame.answer(7, .failure(failure)).encodedLine()
        let frame = try #require(NetworkFrame.decode(line: line.dropLast()))
        #expect(frame.id == 7)
        #expect(frame.result == .failure(failure))
    }

    @Test func aRequestAndAResponseKeepTheirBytes() throws {
        let body = Data((0...255).map { UInt8($0) })
        let request = HTTPRequest(
            method: "POST", url: URL(string: "https://x.example/api/inbox/events")!, headers: ["A": "b"], body: body)
        let sent = try #require(NetworkFrame.decode(line: NetworkFrame.request(3, request).encodedLine().dropLast()))
        #expect(sent.request?.body == body)
        #expect(sent.request?.url == request.url)
        let answer = NetworkFrame.answer(3, .success(HTTPResponse(status: 429, headers: ["retry-after": "5"], body: body)))
        guard case .success(let response) = NetworkFrame.decode(line: answer.encodedLine().dropLast())?.result else {
            Issue.record("no response decoded")
            return
        }
        #expect(response.status == 429 && response.body == body && response.headers["retry-after"] == "5")
    }

    @Test func linesAreSplitAcrossChunks() {
        var buffer = LineBuffer()
        #expect(buffer.append(Data("{\"a\":1}\n{\"b\"".utf8)) == [Data("{\"a\":1}".utf8)])
        #expect(buffer.append(Data(":2}\n".utf8)) == [Data("{\"b\":2}".utf8)])
    }

    @Test func aMissingHelperIsAClearFailureNotACrash() {
        let transport = ProcessTransport(executable: URL(fileURLWithPath: "/nonexistent/tinbox-net"))
        let result = transport.send(HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:9/")!), cancellation: nil)
        guard case .failure(.other(let reason)) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(reason.contains("tinbox-net"))
    }
}

extension Result where Success == HTTPResponse, Failure == TransportFailure {
    static func == (lhs: Self?, rhs: Self) -> Bool {
        guard let lhs else { return false }
        switch (lhs, rhs) {
        case (.failure(let a), .failure(let b)): return a == b
        case (.success(let a), .success(let b)): return a.status == b.status && a.body == b.body
        default: return false
        }
    }
}
