import InboxCore
import Testing

@testable import Artwork

@Suite struct AreaScalingTests {
    /// Each new pixel's weights add up to 1, and the spans tile the source axis in order.
    @Test(arguments: [(512, 40), (512, 60), (3, 2), (2, 3), (1, 7), (7, 1), (1000, 999), (97, 13), (13, 97)])
    func spansTileTheSourceWithWeightsThatAddUpToOne(oldCount: Int, newCount: Int) {
        let spans = RasterImage.spans(from: oldCount, to: newCount)
        #expect(spans.count == newCount)
        #expect(spans.first?.first == 0 && spans.last?.last == oldCount - 1)
        var previousLast = 0
        for span in spans {
            var total: Double = 0
            span.visit { index, weight in
                #expect(index >= 0 && index < oldCount)
                #expect(weight > 0)
                total += weight
            }
            #expect(abs(total - 1) < 1e-4)
            #expect(span.first >= previousLast && span.first <= previousLast + 1)
            previousLast = span.last
        }
    }

    /// 1.5 million pixels in one row or column: memory follows the result, not the source, and
    /// chafa (whose own scaler draws nothing past about a million to one) still gets the picture.
    @Test func aLongThinPictureDrawsInBothRenderers() {
        let width = 1_500_000
        var rgba = [UInt8](repeating: 255, count: width * 4)
        for x in stride(from: 0, to: width / 2, by: 1) { rgba[x * 4 + 1] = 0 }
        let image = RasterImage(width: width, height: 1, rgba: rgba)
        let picture = ArtworkRenderer.render(image, columns: 2, rows: 1, symbols: .halfBlocks, colours: .trueColour)
        let magenta = RGBColour(red: 255, green: 0, blue: 255)
        let white = RGBColour(red: 255, green: 255, blue: 255)
        #expect(picture[0, 0] == ArtworkCell(text: "▀", foreground: magenta, background: magenta))
        #expect(picture[1, 0] == ArtworkCell(text: "▀", foreground: white, background: white))
        let tall = RasterImage(width: 1, height: width, rgba: rgba)
        let column = ArtworkRenderer.render(tall, columns: 1, rows: 1, symbols: .chafa, colours: .trueColour)
        #expect(column[0, 0].text == "▀", "\(column[0, 0])")
    }
}
