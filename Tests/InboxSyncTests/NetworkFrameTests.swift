import Foundation
import Testing

@testable import InboxSync

/// The pipe protocol between tinbox and its network helper `tinbox-net`.
@Suite struct NetworkFrameTests {
    /// One frame through a reader, as the other end of the pipe reads it.
    private func roundTrip(_ frame: NetworkFrame) throws -> NetworkFrame {
        var reader = FrameReader()
        let frames = reader.append(frame.encoded())
        #expect(frames.count == 1)
        return try #require(frames.first)
    }

    @Test(arguments: [
        TransportFailure.cannotConnect(host: "h", reason: "refused"), .connectTimedOut(host: "h", seconds: 10),
        .timedOut(seconds: 30), .connectionLost("reset"), .bodyTooLarge(limit: 8 << 20), .cancelled, .other("odd"),
    ])
    func everyFailureCrossesThePipeUnchanged(failure: TransportFailure) throws {
        let frame = try roundTrip(NetworkFrame.answer(7, .failure(failure)))
        #expect(frame.id == 7)
        #expect(frame.result == .failure(failure))
    }

    @Test func aRequestAndAResponseKeepTheirBytes() throws {
        let body = Data((0...255).map { UInt8($0) } + Array("\n\n{\"id\":1}\n".utf8))
        let request = HTTPRequest(
            method: "POST", url: URL(string: "https://x.example/api/inbox/events")!, headers: ["A": "b"], body: body)
        let sent = try roundTrip(NetworkFrame.request(3, request))
        #expect(sent.request?.body == body)
        #expect(sent.request?.url == request.url)
        let get = HTTPRequest(method: "GET", url: request.url)
        #expect(try roundTrip(NetworkFrame.request(4, get)).request?.body == nil)
        let throttled = HTTPResponse(status: 429, headers: ["retry-after": "5"], body: body)
        let answer = NetworkFrame.answer(3, .success(throttled))
        guard case .success(let response) = try roundTrip(answer).result else {
            Issue.record("no response decoded")
            return
        }
        #expect(response.status == 429 && response.body == body && response.headers["retry-after"] == "5")
        guard case .success(let empty) = try roundTrip(.answer(5, .success(HTTPResponse(status: 204)))).result else {
            Issue.record("no empty response decoded")
            return
        }
        #expect(empty.status == 204 && empty.body.isEmpty)
    }

    /// The body travels as raw bytes after its header line, not as base64 inside it.
    @Test func aBodyIsSentAsItsBytes() {
        let body = Data("{\"events\":[]}".utf8)
        let encoded = NetworkFrame.request(1, HTTPRequest(method: "POST", url: URL(string: "http://h/")!, body: body))
            .encoded()
        #expect(encoded.suffix(body.count) == body)
        #expect(encoded.filter { $0 == 0x0A }.count == 1)
    }

    @Test func framesAreCutAcrossChunksWhateverTheSplit() throws {
        let bodies = [Data("first\nbody".utf8), Data(), Data((0..<70_000).map { UInt8($0 % 251) })]
        var stream = Data()
        for (index, body) in bodies.enumerated() {
            stream.append(NetworkFrame.answer(index, .success(HTTPResponse(status: 200, body: body))).encoded())
        }
        stream.append(NetworkFrame.cancel(9).encoded())
        for chunkSize in [1, 7, 4096, 65536, stream.count] {
            var reader = FrameReader()
            var frames: [NetworkFrame] = []
            var offset = 0
            while offset < stream.count {
                let end = min(stream.count, offset + chunkSize)
                frames += reader.append(stream.subdata(in: offset..<end))
                offset = end
            }
            #expect(frames.map(\.id) == [0, 1, 2, 9], "chunks of \(chunkSize)")
            #expect(frames.prefix(3).map { $0.body ?? Data([1]) } == bodies, "chunks of \(chunkSize)")
            #expect(frames.last?.cancel == true)
        }
    }

    @Test func aMissingHelperIsAClearFailureNotACrash() {
        let transport = ProcessTransport(executable: URL(fileURLWithPath: "/nonexistent/tinbox-net"))
        let result = transport.send(
            HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:9/")!), cancellation: nil)
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
