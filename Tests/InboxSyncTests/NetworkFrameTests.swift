import Foundation
import Synchronization
import TestSupport
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

    /// The body travels as its own bytes at the frame's end, not escaped or as base64.
    @Test func aBodyIsSentAsItsBytes() {
        let body = Data((0..<90_000).map { UInt8($0 % 256) })
        let url = URL(string: "http://h/")!
        let encoded = NetworkFrame.request(1, HTTPRequest(method: "POST", url: url, body: body)).encoded()
        #expect(encoded.suffix(body.count) == body)
        let empty = NetworkFrame.request(1, HTTPRequest(method: "POST", url: url, body: Data())).encoded()
        #expect(encoded.count == empty.count + body.count)
    }

    /// A frame's byte count comes first, little-endian, so a reader knows where it ends.
    @Test func aFrameStartsWithItsByteCount() {
        let encoded = NetworkFrame.cancel(9).encoded()
        let count = encoded.prefix(4).enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        #expect(count == encoded.count - 4)
    }

    @Test func everyFieldCrossesThePipeUnchanged() throws {
        var frame = NetworkFrame(id: -3)
        frame.method = "PATCH"
        frame.url = URL(string: "https://x.example/a?b=c%20d")!
        frame.headers = ["Authorization": "Bearer é", "": ""]
        frame.body = Data([0, 10, 13, 255])
        frame.cancel = true
        frame.status = 503
        frame.failure = "connectTimedOut"
        frame.host = "x.example:443"
        frame.reason = "line one\nline two"
        frame.seconds = 0.25
        frame.limit = Int.max
        #expect(try roundTrip(frame) == frame)
        #expect(try roundTrip(NetworkFrame(id: 1)) == NetworkFrame(id: 1))
    }

    /// A frame whose fields do not decode means the other end is not what it should be: the
    /// frames before it arrive, and nothing after it is trusted.
    @Test(arguments: [0, 1])
    func aFrameThatDoesNotDecodeEndsTheStream(damage: Int) throws {
        var broken = NetworkFrame.answer(2, .success(HTTPResponse(status: 200))).encoded()
        if damage == 0 {
            broken[4] = 0xEE  // no such field
        } else {
            broken.removeLast()  // the last byte of the body's count
            broken[0] -= 1  // and a byte count that says so
        }
        var reader = FrameReader()
        let frames = reader.append(NetworkFrame.cancel(1).encoded() + broken + NetworkFrame.cancel(3).encoded())
        #expect(frames.map(\.id) == [1])
        #expect(reader.append(NetworkFrame.cancel(4).encoded()).isEmpty)
    }

    /// A byte count past the largest frame means the stream is corrupt: the frames before it
    /// arrive, then reading the pipe ends as if the helper had stopped, and the pipe is not read
    /// again.
    @Test func aCorruptByteCountEndsTheStream() throws {
        var reader = FrameReader()
        #expect(reader.append(Data([0xFF, 0xFF, 0xFF, 0x7F]) + NetworkFrame.cancel(3).encoded()).isEmpty)
        #expect(reader.append(NetworkFrame.cancel(4).encoded()).isEmpty)
        #expect(reader.isCorrupt)
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        func send(_ bytes: Data) { _ = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } }
        send(NetworkFrame.answer(5, .success(HTTPResponse(status: 204))).encoded() + Data([0xFF, 0xFF, 0xFF, 0x7F]))
        var piped = FrameReader()
        #expect(piped.read(from: ends[0])?.map(\.id) == [5])
        send(NetworkFrame.cancel(6).encoded())
        #expect(piped.read(from: ends[0]) == nil)
        var waiting = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        #expect(poll(&waiting, 1, 0) == 1, "the frame sent after the corruption is still in the pipe")
    }

    /// A helper whose answers do not decode fails what waits on it at once, is stopped even when
    /// it would not exit at the end of its input, and the next request starts a new one.
    @Test func aHelperThatAnswersGarbageIsStoppedAndReplaced() throws {
        let folder = Scratch.folder("garbage-net")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pids = folder.appendingPathComponent("pids")
        let helper = folder.appendingPathComponent("tinbox-net")
        // Five bytes of a field that does not exist, then a process that ignores its input.
        let garbage = "printf '\\005\\000\\000\\000\\356\\356\\356\\356\\356'"
        let script = "#!/bin/sh\necho $$ >> '\(pids.path)'\n\(garbage)\nexec sleep 60\n"
        try Data(script.utf8).write(to: helper)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: helper.path)
        let transport = ProcessTransport(executable: helper)
        let request = HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:9/")!)
        for _ in 0..<2 {
            guard case .failure(.other(let reason)) = transport.send(request, cancellation: nil) else {
                Issue.record("expected the helper to fail the request")
                return
            }
            #expect(reason == "the network helper stopped")
        }
        let started = try String(contentsOf: pids, encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
        #expect(started.count == 2, "a new helper for the second request")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline && started.contains(where: { kill($0, 0) == 0 }) { usleep(10_000) }
        #expect(!started.contains(where: { kill($0, 0) == 0 }), "both helpers stopped and reaped")
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

    /// A request longer than a frame may be fails alone, before it is written: sent, it made the
    /// helper take the stream for broken and stop, and every other request in flight failed with it.
    @Test func aRequestTooLongForAFrameFailsAloneAndTheHelperStaysUp() throws {
        let stub = try StubServer()
        try stub.script("GET /api/sdk/params", [["delay": 1]])
        let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../.build/debug/tinbox-net").standardized
        let transport = ProcessTransport(executable: helper)
        let slow = InFlight()
        Thread {
            let url = stub.base.appendingPathComponent("api/sdk/params")
            slow.result = transport.send(HTTPRequest(method: "GET", url: url), cancellation: nil)
            slow.finished.signal()
        }.start()
        try stub.waitFor { $0.contains { $0.route == "GET /api/sdk/params" } }

        let long = HTTPRequest(
            method: "POST", url: stub.base.appendingPathComponent("api/inbox/events"),
            headers: ["Content-Type": "application/json"], body: Data(count: NetworkFrame.largestFrame))
        guard case .failure(.other(let reason)) = transport.send(long, cancellation: nil) else {
            Issue.record("expected the long request to fail")
            return
        }
        // The body alone is the limit; the method, URL and headers pass it.
        #expect(reason == "the request is 67108972 bytes, more than the 64 MiB the network helper carries")
        #expect(slow.finished.wait(timeout: .now() + 10) == .success)
        guard case .success(let answer) = try #require(slow.result) else {
            Issue.record("the request in flight failed: \(String(describing: slow.result))")
            return
        }
        #expect(answer.status == 200)
        #expect(try stub.requests("POST /api/inbox/events").isEmpty)
    }

    /// The helper and the tests' programs start with no signal blocked, whatever the starting
    /// thread blocks: a Dispatch worker blocks nearly all, and a child keeps its parent's mask.
    @Test func childrenStartWithNoSignalBlocked() throws {
        let stub = try StubServer()
        let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../.build/debug/tinbox-net").standardized
        let transport = ProcessTransport(executable: helper)
        let blocked = Mutex<[String]>([])
        let done = DispatchSemaphore(value: 0)
        Thread {
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            _ = transport.send(
                HTTPRequest(method: "GET", url: stub.base.appendingPathComponent("api/sdk/params")), cancellation: nil)
            let grep =
                (try? ChildProcess.run("grep", ["SigBlk", "/proc/self/status"], timeout: 10))?.stdout ?? ""
            blocked.withLock { $0 = [grep.trimmingCharacters(in: .whitespacesAndNewlines)] }
            done.signal()
        }.start()
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(blocked.withLock { $0 } == ["SigBlk:\t0000000000000000"])
        // Every helper this process started (other tests' too) blocks nothing either.
        let helpers = try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap(Int32.init).filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\($0)/exe"))
                == helper.resolvingSymlinksInPath().path
                && (try? String(contentsOfFile: "/proc/\($0)/stat", encoding: .utf8))?
                    .split(separator: ")").last?.split(separator: " ").dropFirst(1).first == "\(getpid())"
        }
        #expect(!helpers.isEmpty)
        for pid in helpers {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            #expect(status.contains("SigBlk:\t0000000000000000"), "helper \(pid)")
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

    /// Built (or copied by hand), the helper is beside tinbox; installed, it is
    /// `PREFIX/libexec/tinbox/tinbox-net`. One beside wins, so a helper left by an older install
    /// never answers a tinbox that came with its own.
    @Test func theHelperIsLookedForBesideThenInLibexec() throws {
        let prefix = Scratch.folder("tinbox-prefix")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let bin = prefix.appendingPathComponent("bin")
        let libexec = prefix.appendingPathComponent("libexec/tinbox")
        for folder in [bin, libexec] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let beside = bin.appendingPathComponent("tinbox-net")
        let installed = libexec.appendingPathComponent("tinbox-net")
        let candidates = ProcessTransport.helpers(of: bin.appendingPathComponent("tinbox"))
        #expect(candidates == [beside, installed])

        let result = ProcessTransport(searching: candidates).send(
            HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:9/")!), cancellation: nil)
        guard case .failure(.other(let reason)) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(reason.contains(beside.path) && reason.contains(installed.path), "\(reason)")

        try Data("#!/bin/sh\n".utf8).write(to: installed)
        #expect(ProcessTransport.firstRunnable(candidates) == nil, "a file that cannot run is not the helper")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: installed.path)
        #expect(ProcessTransport.firstRunnable(candidates) == installed)
        try Data("#!/bin/sh\n".utf8).write(to: beside)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: beside.path)
        #expect(ProcessTransport.firstRunnable(candidates) == beside)
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

/// A request sent from another thread: its result, set before `finished` is signalled.
private final class InFlight: @unchecked Sendable {
    let finished = DispatchSemaphore(value: 0)
    var result: Result<HTTPResponse, TransportFailure>?
}
