import Foundation
import InboxCore
import Testing

@testable import TerminalUI

/// What tinbox writes past curses arrives whole, and where curses writes.
@Suite struct WriteAllTests {
    /// More than a pipe holds, to a descriptor that says "full" rather than wait: every byte
    /// arrives, in order, once the reader makes room.
    @Test func aFullNonBlockingDescriptorGetsEveryByte() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (reader, writer) = (ends[0], ends[1])
        // Kept from the programs other tests start meanwhile: a tinbox-net that inherited the write
        // end held it open, the end of input never came, and this test waited for ever.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK)
        let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let received = Received()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            // Until every byte is in, not until the end of input.
            while received.count < bytes.count {
                let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                received.append(buffer[0..<count])
            }
            done.signal()
        }
        #expect(writeAll(bytes, to: writer))
        close(writer)
        #expect(done.wait(timeout: .now() + 30) == .success)
        close(reader)
        #expect(received.bytes == bytes)
    }

    @Test func aDescriptorThatFailsEndsTheWrite() {
        #expect(!writeAll(Array("\u{1B}[8l".utf8), to: -1))
    }
}

/// Bytes collected on another thread.
private final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [UInt8] = []

    func append(_ chunk: ArraySlice<UInt8>) { lock.withLock { collected += chunk } }
    var bytes: [UInt8] { lock.withLock { collected } }
    var count: Int { lock.withLock { collected.count } }
}

extension OverlayCursesTests {
    /// An OSC 8 link goes to the terminal curses draws on (here a pseudo-terminal), not to the
    /// process's standard output.
    @Test func aLinkIsWrittenWhereCursesWrites() {
        let url = "https://acme.example/plus"
        var screen = Screen(width: 60, height: 6)
        screen.put(url, row: 2, column: 1, role: .statusMessage)
        screen.links.append(ScreenLink(row: 2, column: 1, width: url.count, url: url))
        let pty = PseudoTerminal(size: Size(columns: 60, rows: 6), environment: ["TERM": "xterm-256color"])
        let drawn = text(pty.draw(screen))
        #expect(drawn.contains("\u{1B}]8;;\(url)\u{1B}\\\(url)\u{1B}]8;;\u{1B}\\"), "\(drawn.debugDescription)")
    }
}
