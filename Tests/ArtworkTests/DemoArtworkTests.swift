import Foundation
import Testing

@testable import Artwork

/// Every picture the demo ships decodes and draws, so the demo never shows a placeholder.
@Suite struct DemoArtworkTests {
    static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/demo")

    static let pictures: [String] = ["art", "artwork"].flatMap { folder in
        let names = (try? FileManager.default.contentsOfDirectory(atPath: demo.appendingPathComponent(folder).path))
        return (names ?? []).filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }.sorted().map { "\(folder)/\($0)" }
    }

    @Test func theDemoHasPicturesOfBothFormats() {
        #expect(Self.pictures.contains { $0.hasSuffix(".png") })
        #expect(Self.pictures.contains { $0.hasSuffix(".jpg") })
        #expect(Self.pictures.contains("artwork/tinbox-logo.png"))
    }

    @Test(arguments: pictures)
    func decodesAndDrawsAtOverlaySizes(path: String) throws {
        let image = try ArtworkDecoder.decode(Data(contentsOf: Self.demo.appendingPathComponent(path)))
        for (maxColumns, maxRows) in [(60, 20), (30, 8)] {
            let size = ArtworkRenderer.fittedSize(
                imageWidth: image.width, imageHeight: image.height, maxColumns: maxColumns, maxRows: maxRows)
            for symbols in [ArtworkRenderer.Symbols.chafa, .halfBlocks] {
                let picture = ArtworkRenderer.render(
                    image, columns: size.columns, rows: size.rows, symbols: symbols, colours: .trueColour)
                #expect(picture.cells.count == size.columns * size.rows)
                #expect(picture.cells.contains { $0.foreground != nil || $0.background != nil })
            }
        }
    }

    @Test func theLogoHasTransparencyAndThePhotoHasNone() throws {
        let logo = try ArtworkDecoder.decode(
            Data(contentsOf: Self.demo.appendingPathComponent("artwork/tinbox-logo.png")))
        let photo = try ArtworkDecoder.decode(
            Data(contentsOf: Self.demo.appendingPathComponent("artwork/mountain-lake.jpg")))
        #expect(logo.hasTransparency && logo.pixel(x: 0, y: 95).alpha == 0)
        #expect(!photo.hasTransparency)
        let gift = try ArtworkDecoder.decode(Data(contentsOf: Self.demo.appendingPathComponent("artwork/gift.png")))
        #expect(gift.pixel(x: 0, y: 0).alpha == 0 && gift.pixel(x: 24, y: 30).alpha == 255)
    }
}
