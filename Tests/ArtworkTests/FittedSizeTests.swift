import Testing

@testable import Artwork

@Suite struct FittedSizeTests {
    /// A cell is about twice as tall as wide, so a square picture is twice as many columns as rows.
    @Test(arguments: [
        // image w, h, max columns, rows -> columns, rows
        (512, 512, 60, 20, 40, 20),
        (160, 80, 60, 20, 60, 15),
        (160, 80, 200, 50, 200, 50),
        (120, 80, 80, 24, 72, 24),
        (100, 1000, 80, 24, 5, 24),
        (1000, 10, 80, 24, 80, 1),
        (10, 1000, 80, 24, 1, 24),
        (200, 100, 10, 10, 10, 3),
        (1, 1, 1, 1, 1, 1),
        (1, 1, 80, 24, 48, 24),
        (64, 64, 4, 100, 4, 2),
    ])
    func keepsTheAspectRatioInsideTheBox(
        width: Int, height: Int, maxColumns: Int, maxRows: Int, columns: Int, rows: Int
    ) {
        let size = ArtworkRenderer.fittedSize(
            imageWidth: width, imageHeight: height, maxColumns: maxColumns, maxRows: maxRows)
        #expect(size.columns == columns && size.rows == rows)
    }

    @Test(arguments: [(0, 0, 80, 24), (100, 100, 0, 0), (100, 100, -5, 10), (-1, 50, 10, 10)])
    func degenerateInputIsAtLeastOneCell(width: Int, height: Int, maxColumns: Int, maxRows: Int) {
        let size = ArtworkRenderer.fittedSize(
            imageWidth: width, imageHeight: height, maxColumns: maxColumns, maxRows: maxRows)
        #expect(size.columns >= 1 && size.rows >= 1)
        #expect(size.columns <= max(1, maxColumns) && size.rows <= max(1, maxRows))
    }

    @Test func neverExceedsTheBox() {
        for width in stride(from: 1, through: 400, by: 37) {
            for height in stride(from: 1, through: 400, by: 41) {
                for (maxColumns, maxRows) in [(80, 24), (13, 7), (1, 50), (50, 1)] {
                    let size = ArtworkRenderer.fittedSize(
                        imageWidth: width, imageHeight: height, maxColumns: maxColumns, maxRows: maxRows)
                    #expect(size.columns >= 1 && size.columns <= maxColumns)
                    #expect(size.rows >= 1 && size.rows <= maxRows)
                    #expect(size.columns == maxColumns || size.rows == maxRows)
                }
            }
        }
    }
}
