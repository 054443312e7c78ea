import Artwork
import Foundation
import InAppEngine
import InAppSync
import InboxCore
import InboxStore
import InboxSync
import TerminalUI

/// The inbox detail view's pictures (TERMINAL.md §2): a message's `imageUrl` under the artwork
/// rules of BEHAVIOR B.14 (https only, refused otherwise before any request; 5 s; cached in the
/// store), drawn by the session's `PicturePainter`. The cache is read on the reader's thread; a
/// fetch runs off it and saves through a connection of its own, as the sync worker does.
package struct DetailPictures: Sendable {
    let painter: PicturePainter
    let directory: URL
    let clock: Clock
    let transport: HTTPTransport

    /// Starts getting the picture of `url` for `room`; `done` runs once, on any thread.
    func load(url: String, room: Size, cached: Data?, done: @escaping @Sendable (DetailImage) -> Void) {
        if let cached {
            done(paint(cached, key: url, room: room))
            return
        }
        let reference = ArtworkReference(url, documentBase: nil)
        guard case .remote = reference.kind, let address = reference.url else { return done(.unavailable) }
        let request = HTTPRequest(method: "GET", url: address, headers: ["User-Agent": HTTPProducer.userAgent])
        DispatchQueue.global().async { [self] in
            let started = clock.uptime
            guard case .success(let response) = transport.send(request, cancellation: nil),
                (200..<300).contains(response.status), clock.uptime - started < ArtworkPrefetcher.limit
            else { return done(.unavailable) }
            // The bytes are in hand either way; a failed cache write costs a fetch next time (B.14).
            if let store = try? Store(directory: directory) {
                try? Inbox(store: store, clock: clock).saveImage(url: url, bytes: response.body, at: clock.now)
            }
            done(paint(response.body, key: url, room: room))
        }
    }

    private func paint(_ bytes: Data, key: String, room: Size) -> DetailImage {
        guard let image = try? ArtworkDecoder.decode(bytes),
            let picture = painter.paint(image, key: key, room: room, background: nil, role: .normal)
        else { return .unavailable }
        return .picture(picture)
    }
}
