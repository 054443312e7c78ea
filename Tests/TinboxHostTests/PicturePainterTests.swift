import Artwork
import Foundation
import InboxCore
import InboxStore
import TerminalUI
import TestSupport
import Testing
import TinboxKitCore

@testable import TinboxHost

/// Pictures in pixels fitted to what terminals draw (TERMINAL.md §2).
@Suite struct PicturePainterTests {
    /// A picture of `width` x `height` with a gradient, so no two columns are alike.
    static func picture(width: Int, height: Int) -> RasterImage {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width { rgba += [UInt8(x * 255 / width), UInt8(y * 255 / height), 128, 255] }
        }
        return RasterImage(width: width, height: height, rgba: rgba)
    }

    static func paint(_ image: RasterImage, _ mode: GraphicsMode, cell: CellPixels, room: Size) -> OverlayPicture? {
        PicturePainter(graphics: GraphicsChoice(mode: mode), cell: cell, colours: .trueColour)
            .paint(image, key: "https://example.com/p.png", room: room, background: nil, role: .normal)
    }

    /// xterm draws nothing of a sixel over 1000 pixels a side: a wide picture in a wide terminal
    /// with large cells is drawn narrower, not dropped.
    @Test func aSixelStaysWithinXtermsLargestGraphic() throws {
        let wide = Self.picture(width: 3000, height: 200)
        let cell = CellPixels(width: 11, height: 22)
        let room = Size(columns: 116, rows: 30)
        let sixel = try #require(Self.paint(wide, .sixel, cell: cell, room: room))
        #expect(sixel.pixels?.encoding == .sixel)
        #expect(sixel.columns * cell.width <= 1000)
        #expect(sixel.columns == 1000 / cell.width, "as wide as the limit allows")
        // kitty has no such limit: the same picture takes the room's width.
        let kitty = try #require(Self.paint(wide, .kitty, cell: cell, room: room))
        #expect(kitty.columns == room.columns)

        let tall = Self.picture(width: 200, height: 3000)
        let high = try #require(Self.paint(tall, .sixel, cell: .standard, room: Size(columns: 100, rows: 80)))
        #expect(high.rows * CellPixels.standard.height <= 1000)
    }

    /// A picture in pixels over a card meets it without a seam: composited over the colour the
    /// card's cells show in, the palette's nearest entry where cells have no true colour.
    @Test func aPictureOverACardIsCompositedOverTheCardAsDrawn() throws {
        let clear = Self.picture(width: 64, height: 32).rgba.enumerated().map { $0.offset % 4 == 3 ? 0 : $0.element }
        let image = RasterImage(width: 64, height: 32, rgba: clear)
        var card = RGBColour(red: 255, green: 253, blue: 253)
        func corner(_ colours: ArtworkRenderer.Colours) throws -> RGBColour {
            let painted = try #require(
                PicturePainter(graphics: GraphicsChoice(mode: .kitty), cell: .standard, colours: colours)
                    .paint(image, key: "k", room: Size(columns: 8, rows: 2), background: card, role: .overlay))
            let png = try #require(painted.pixels?.bytes)
            return try ArtworkDecoder.decode(Data(png)).pixel(x: 1, y: 1).colour
        }
        // xterm's white and the cube's white: what the card's cells show.
        #expect(try corner(.indexed8) == RGBColour(red: 229, green: 229, blue: 229))
        #expect(try corner(.indexed256) == RGBColour(red: 255, green: 255, blue: 255))
        #expect(try corner(.trueColour) == card)
        // A mid grey card is white in 8 colours (a grey goes by its lightness), not black.
        card = RGBColour(red: 100, green: 100, blue: 100)
        #expect(try corner(.indexed8) == RGBColour(red: 229, green: 229, blue: 229))
    }

    /// Where nothing would be drawn, the detail view names the picture and fetches nothing.
    @Test func onlyAModeThatDrawsPicturesDrawsThem() {
        func draws(_ mode: GraphicsMode, _ colours: ArtworkRenderer.Colours?) -> Bool {
            PicturePainter(graphics: GraphicsChoice(mode: mode), cell: .standard, colours: colours).drawsPictures
        }
        #expect(!draws(.none, .trueColour))
        #expect(!draws(.symbols, nil), "NO_COLOR or monochrome: symbols draw the placeholder")
        #expect(draws(.symbols, .indexed256))
        #expect(draws(.sixel, nil), "pixels need no palette of the terminal's")
        #expect(draws(.kitty, .trueColour))
    }
}

/// The detail view's cached pictures: a small one is drawn at once, so the view opens with it; a
/// large one off the reader's thread, which a 4000x4000 picture held half a second.
@Suite struct DetailPicturesTests {
    final class Delivered: @unchecked Sendable {
        let lock = NSLock()
        var images: [DetailImage] = []
        /// The thread each came on.
        var threads: [pthread_t] = []
        let done = DispatchSemaphore(value: 0)

        func take(_ image: DetailImage) {
            lock.withLock {
                images.append(image)
                threads.append(pthread_self())
            }
            done.signal()
        }

        var count: Int { lock.withLock { images.count } }
    }

    @Test func onlyASmallCachedPictureIsDrawnOnTheCallersThread() throws {
        let folder = Scratch.folder("detail-pictures")
        defer { try? FileManager.default.removeItem(at: folder) }
        let api = try InboxFeature.open(
            TinboxConfiguration(dataDirectory: folder, fallbackTransport: nil), shared: false)
        let store = Inbox(store: try Store(directory: folder), clock: SystemClock())
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let small = try Data(contentsOf: root.appendingPathComponent("../Resources/demo/art/welcome.png"))
        #expect(DetailPictures.drawsAtOnce(small))
        try store.saveImage(url: "https://x.example/small.png", bytes: small, at: Date())
        // A PNG whose header says 6000x6000 in a few bytes, and 300 KiB of zeros.
        var huge = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8))
        huge += Data([0, 0, 0x17, 0x70, 0, 0, 0x17, 0x70, 8, 6, 0, 0, 0])
        #expect(ArtworkDecoder.dimensions(of: huge).map { [$0.width, $0.height] } == [6000, 6000])
        #expect(!DetailPictures.drawsAtOnce(huge))
        try store.saveImage(url: "https://x.example/huge.png", bytes: huge, at: Date())
        try store.saveImage(url: "https://x.example/large.png", bytes: Data(count: 300 * 1024), at: Date())
        let pictures = DetailPictures(
            painter: PicturePainter(graphics: GraphicsChoice(mode: .symbols), cell: .standard, colours: .trueColour),
            inbox: api)

        let right = Delivered()
        pictures.load(url: "https://x.example/small.png", room: Size(columns: 40, rows: 10), done: right.take)
        #expect(right.count == 1, "drawn before load returned")
        #expect(right.threads == [pthread_self()])
        guard case .picture = right.images.first else {
            Issue.record("not drawn: \(right.images)")
            return
        }

        for name in ["huge", "large"] {
            let later = Delivered()
            pictures.load(url: "https://x.example/\(name).png", room: Size(columns: 40, rows: 10), done: later.take)
            #expect(later.done.wait(timeout: .now() + 10) == .success)
            #expect(later.lock.withLock { later.threads } != [pthread_self()], "\(name): drawn off the caller's thread")
            #expect(later.images == [.unavailable], "\(name): no picture in it")
        }
    }
}

/// The detail view's pictures decoded off the reader's thread: the last one is kept for the
/// next size a resize asks for, unless it is larger than the reader should hold for good.
@Suite struct PictureQueueTests {
    static let welcome = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../Resources/demo/art/welcome.png")

    func drawn(_ queue: PictureQueue) throws -> DetailImage {
        let bytes = try Data(contentsOf: Self.welcome)
        let done = DispatchSemaphore(value: 0)
        let result = NSLock()
        nonisolated(unsafe) var drawn: DetailImage = .loading
        let finish: @Sendable (DetailImage) -> Void = { image in
            result.withLock { drawn = image }
            done.signal()
        }
        queue.draw(
            url: "https://x.example/w.png", bytes: bytes, paint: { $0 == nil ? .unavailable : .notDrawn },
            done: finish)
        #expect(done.wait(timeout: .now() + 10) == .success)
        return result.withLock { drawn }
    }

    @Test func onlyAPictureNoLargerThanTheLimitIsKept() throws {
        let keeping = PictureQueue()
        #expect(try drawn(keeping) == .notDrawn, "decoded")
        #expect(keeping.holdsAPicture)
        let notKeeping = PictureQueue(keptPixels: 100)
        #expect(try drawn(notKeeping) == .notDrawn)
        #expect(!notKeeping.holdsAPicture, "larger than 100 pixels: decoded again when asked again")
    }
}
