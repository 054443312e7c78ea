import Artwork
import Foundation
import TerminalUI
import TinboxKitCore

/// The inbox detail view's pictures (TERMINAL.md §2): a message's `imageUrl`, read from
/// TinboxKit's picture cache or fetched under its rules (BEHAVIOR B.14: https only, 5 s, cached
/// in the store), drawn by the session's `PicturePainter`. The cache is read on the reader's
/// thread; a fetch and its drawing run off it.
package struct DetailPictures: Sendable {
    let painter: PicturePainter
    let inbox: InboxFeatureApi
    /// TERMINAL §3 `screenReader`: a picture is its alt text or `[image]`.
    var inWords = false

    /// The largest cached file drawn on the reader's thread: a picture of a few hundred
    /// kilobytes decodes in milliseconds.
    static let drawnAtOnce = 256 * 1024

    /// Starts getting the picture of `url` for `room`; `done` runs once, on any thread.
    func load(url: String, room: Size, done: @escaping @Sendable (DetailImage) -> Void) {
        // Nothing is fetched for a picture that would not be drawn.
        guard painter.drawsPictures, !inWords else { return done(inWords ? .inWords : .notDrawn) }
        // An unreadable cache entry is a miss: the picture is fetched again. A small one is
        // drawn at once, so the view opens with it; a large one off the reader's thread, which
        // a 4000x4000 picture held half a second (`[image loading…]` shows meanwhile).
        if let cached = (try? inbox.getCachedImage(url: url)) ?? nil {
            guard cached.count > Self.drawnAtOnce else { return done(paint(cached, key: url, room: room)) }
            return DispatchQueue.global().async { done(paint(cached, key: url, room: room)) }
        }
        inbox.fetchImage(url: url) { [self] bytes in
            guard let bytes else { return done(.unavailable) }
            // Decoding and drawing leave the kit's queue free for its other callbacks.
            DispatchQueue.global().async { done(paint(bytes, key: url, room: room)) }
        }
    }

    private func paint(_ bytes: Data, key: String, room: Size) -> DetailImage {
        guard let image = try? ArtworkDecoder.decode(bytes),
            let picture = painter.paint(image, key: key, room: room, background: nil, role: .normal, scrolls: true)
        else { return .unavailable }
        return .picture(picture)
    }
}
