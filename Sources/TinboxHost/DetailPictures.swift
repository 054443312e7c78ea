import Artwork
import Foundation
import TerminalUI
import TinboxKitCore

/// The inbox detail view's pictures (TERMINAL.md §2): a message's `imageUrl`, read from
/// TinboxKit's picture cache or fetched under its rules (BEHAVIOR B.14: https only, 5 s, cached
/// in the store), drawn by the session's `PicturePainter`. The cache is read on the reader's
/// thread; a small cached picture is drawn there, anything else off it (`PictureQueue`).
package struct DetailPictures: Sendable {
    let painter: PicturePainter
    let inbox: InboxFeatureApi
    /// TERMINAL §3 `screenReader`: a picture is its alt text or `[image]`.
    var inWords = false
    let offThread = PictureQueue()

    /// A cached picture drawn on the reader's thread, so the view opens with it: a file of at
    /// most 256 KiB whose header says at most 2 megapixels (a few milliseconds to decode). A
    /// 4000x4000 picture held the view half a second, and a one-colour 6000x6000 PNG is small.
    static func drawsAtOnce(_ bytes: Data) -> Bool {
        guard bytes.count <= 256 * 1024, let size = ArtworkDecoder.dimensions(of: bytes) else { return false }
        return size.width * size.height <= 2_000_000
    }

    /// Starts getting the picture of `url` for `room`; `done` runs once, on any thread.
    func load(url: String, room: Size, done: @escaping @Sendable (DetailImage) -> Void) {
        // Nothing is fetched for a picture that would not be drawn.
        guard painter.drawsPictures, !inWords else { return done(inWords ? .inWords : .notDrawn) }
        let paint = { @Sendable [painter] (image: RasterImage?) -> DetailImage in
            guard let image,
                let picture = painter.paint(image, key: url, room: room, background: nil, role: .normal, scrolls: true)
            else { return .unavailable }
            return .picture(picture)
        }
        // An unreadable cache entry is a miss: the picture is fetched again.
        if let cached = (try? inbox.getCachedImage(url: url)) ?? nil {
            guard !Self.drawsAtOnce(cached) else { return done(paint(try? ArtworkDecoder.decode(cached))) }
            return offThread.draw(url: url, bytes: cached, paint: paint, done: done)
        }
        inbox.fetchImage(url: url) { [offThread] bytes in
            guard let bytes else { return done(.unavailable) }
            // Decoding and drawing leave the kit's queue free for its other callbacks.
            offThread.draw(url: url, bytes: bytes, paint: paint, done: done)
        }
    }
}

/// Where the detail view's pictures are decoded and drawn off the reader's thread: one at a
/// time, the last one kept decoded if it is no larger than `keptPixels`. A resize asks for the
/// picture again at every size it passes through, and each ask decoded it anew, all at once on
/// two cores; a larger one is decoded again each time, one after the other, rather than held.
final class PictureQueue: @unchecked Sendable {
    private let queue = DispatchQueue(label: "tinbox.detail-pictures")
    /// The last picture decoded, by its URL and bytes. Only `queue` touches it.
    private var last: (url: String, bytes: Data, image: RasterImage?)?
    /// The largest picture kept decoded; 4 megapixels (16 MB) by default: what the reader may
    /// hold for as long as it runs.
    let keptPixels: Int

    init(keptPixels: Int = 4_000_000) {
        self.keptPixels = keptPixels
    }

    /// Whether a decoded picture is kept (for tests).
    var holdsAPicture: Bool { queue.sync { last != nil } }

    func draw(
        url: String, bytes: Data, paint: @escaping @Sendable (RasterImage?) -> DetailImage,
        done: @escaping @Sendable (DetailImage) -> Void
    ) {
        queue.async { [self] in
            let image: RasterImage?
            if let last, last.url == url, last.bytes == bytes {
                image = last.image
            } else {
                last = nil
                image = try? ArtworkDecoder.decode(bytes)
                if (image.map { $0.width * $0.height } ?? 0) <= keptPixels { last = (url, bytes, image) }
            }
            done(paint(image))
        }
    }
}
