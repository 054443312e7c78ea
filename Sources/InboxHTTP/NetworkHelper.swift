import Foundation
import HTTPWire

/// The loop of `tinbox-net`: reads `NetworkFrame` requests on standard input, runs each on
/// URLSession concurrently, writes each answer as one frame on standard output, and exits when
/// its input closes (tinbox quit or was killed).
public enum NetworkHelper {
    public static func run() -> Never {
        keepOutOfHome()
        let transport = URLSessionTransport()
        warmUp(transport)
        let output = FileHandle.standardOutput
        let outputLock = NSLock()
        let cancellations = Mutexed<[Int: Cancellation]>([:])
        var frames = FrameReader()
        while true {
            guard let received = frames.read(from: STDIN_FILENO) else { exit(0) }
            for frame in received {
                if frame.cancel == true {
                    cancellations.withLock { $0[frame.id] }?.cancel()
                    continue
                }
                guard let request = frame.request else { continue }
                let cancellation = Cancellation()
                cancellations.withLock { $0[frame.id] = cancellation }
                transport.start(request, cancellation: cancellation) { result in
                    cancellations.withLock { _ = $0.removeValue(forKey: frame.id) }
                    let answer = NetworkFrame.answer(frame.id, result).encoded()
                    // tinbox closed the pipe (it quit): there is nobody left to tell.
                    outputLock.withLock { try? output.write(contentsOf: answer) }
                }
            }
        }
    }
}

extension NetworkHelper {
    /// Where the helper's URLSession would keep a cookie jar and a disk cache, were it not
    /// configured without them: a path under `/dev/null`, which cannot be made. FoundationNetworking
    /// builds the shared cookie storage and URL cache with every session configuration, and they
    /// made `~/.local/share/<the helper's directory name>/` and
    /// `~/.cache/org.swift.foundation.URLCache/tinbox-net/` on first use, though tinbox never keeps a
    /// cookie or a cached answer (README, "Decisions").
    static let nowhere = "/dev/null/tinbox-net"

    /// Points the XDG data and cache homes of this process at `nowhere`, before URLSession is set
    /// up, and moves it to `/`: where the cookie jar's folder cannot be made, FoundationNetworking
    /// reads `<working directory>/<the helper's directory name>/.cookies.shared` instead (tinbox's
    /// working directory, often the home). The helper opens no file by a relative path.
    static func keepOutOfHome() {
        for name in ["XDG_DATA_HOME", "XDG_CACHE_HOME"] { setenv(name, nowhere, 1) }
        _ = chdir("/")
    }

    /// First uses cost more than the next: URLSession's path through libcurl is run once before
    /// the first request can arrive (`URLSessionTransport.warmUp`). When a request is already
    /// waiting, it goes first instead: the warm-up exchange would only make it wait (it fails on
    /// purpose, and failing costs more than succeeding: URLSession looks for a localized
    /// description in the executable's directory), and it pays the same first uses itself
    /// (issue 14 point 5). The frames' byte codec needs no warming, unlike the JSON coders it
    /// replaced.
    static func warmUp(_ transport: URLSessionTransport) {
        guard !inputWaiting() else { return }
        transport.warmUp()
    }

    /// Whether standard input holds bytes (or its end) that a read would return at once.
    static func inputWaiting() -> Bool {
        var entry = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }
}

/// A value behind a lock.
final class Mutexed<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.withLock { body(&value) }
    }
}
