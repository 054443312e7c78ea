extension RasterImage {
    /// The picture resampled to `width` x `height` by area averaging: each new pixel is the mean
    /// of the source area it covers, partly covered pixels weighted by the part they cover.
    /// Colours are averaged weighted by alpha, so a transparent pixel's (meaningless) colour does
    /// not darken an edge.
    ///
    /// Memory stays at one row of the result whatever the source's shape (a 40-megapixel picture
    /// may be one pixel tall): each new row sums its source rows, each shrunk to the new width.
    func areaScaled(width newWidth: Int, height newHeight: Int) -> RasterImage {
        if newWidth == width && newHeight == height { return self }
        let horizontal = RasterImage.spans(from: width, to: newWidth)
        let vertical = RasterImage.spans(from: height, to: newHeight)
        var result = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        // Premultiplied sums for the row being made: red, green, blue (times alpha) and alpha.
        var sums = [Double](repeating: 0, count: newWidth * 4)
        rgba.withUnsafeBufferPointer { source in
            for y in 0..<newHeight {
                for index in sums.indices { sums[index] = 0 }
                vertical[y].visit { sourceY, rowWeight in
                    let sourceRow = sourceY * width * 4
                    for x in 0..<newWidth {
                        var red: Double = 0
                        var green: Double = 0
                        var blue: Double = 0
                        var alpha: Double = 0
                        horizontal[x].visit { sourceX, weight in
                            let offset = sourceRow + sourceX * 4
                            let covered = weight * Double(source[offset + 3])
                            red += covered * Double(source[offset])
                            green += covered * Double(source[offset + 1])
                            blue += covered * Double(source[offset + 2])
                            alpha += covered
                        }
                        sums[x * 4] += rowWeight * red
                        sums[x * 4 + 1] += rowWeight * green
                        sums[x * 4 + 2] += rowWeight * blue
                        sums[x * 4 + 3] += rowWeight * alpha
                    }
                }
                for x in 0..<newWidth {
                    let alpha = sums[x * 4 + 3]
                    guard alpha > 0 else { continue }
                    let offset = (y * newWidth + x) * 4
                    result[offset] = RasterImage.channel(sums[x * 4] / alpha)
                    result[offset + 1] = RasterImage.channel(sums[x * 4 + 1] / alpha)
                    result[offset + 2] = RasterImage.channel(sums[x * 4 + 2] / alpha)
                    result[offset + 3] = RasterImage.channel(alpha)
                }
            }
        }
        return RasterImage(width: newWidth, height: newHeight, rgba: result)
    }

    /// The source pixels one new pixel covers along an axis: first...last, the first and last
    /// possibly in part. Kept as bounds, not lists, so a huge axis costs no memory.
    struct Span {
        var first: Int
        var last: Int
        var firstWeight: Double
        var middleWeight: Double
        var lastWeight: Double

        /// Calls `body` with each covered source index and its weight; the weights add up to 1.
        @inline(__always)
        func visit(_ body: (Int, Double) -> Void) {
            if first == last { return body(first, firstWeight) }
            body(first, firstWeight)
            var index = first + 1
            while index < last {
                body(index, middleWeight)
                index += 1
            }
            body(last, lastWeight)
        }
    }

    static func spans(from oldCount: Int, to newCount: Int) -> [Span] {
        let step = Double(oldCount) / Double(newCount)
        return (0..<newCount).map { target in
            let start = Double(target) * step
            let end = min(Double(oldCount), Double(target + 1) * step)
            let first = min(oldCount - 1, Int(start))
            // The last pixel the span reaches into (an end on a pixel boundary does not reach it).
            let last = max(first, min(oldCount - 1, Int((end).rounded(.up)) - 1))
            if first == last {
                return Span(first: first, last: last, firstWeight: 1, middleWeight: 0, lastWeight: 0)
            }
            return Span(
                first: first, last: last, firstWeight: (Double(first + 1) - start) / step,
                middleWeight: 1 / step, lastWeight: (end - Double(last)) / step)
        }
    }

    private static func channel(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }
}

extension RasterImage {
    /// The picture centred on a transparent canvas with the shape of `width` x `height`, at the
    /// picture's own resolution: what is stretched to that box then keeps the picture's aspect.
    func padded(toShapeOf width: Int, _ height: Int) -> RasterImage {
        guard width > 0, height > 0 else { return self }
        // The canvas is as wide as the picture and taller, or as tall and wider.
        var canvasWidth = self.width
        var canvasHeight = Int((Double(self.width) * Double(height) / Double(width)).rounded())
        if canvasHeight < self.height {
            canvasHeight = self.height
            canvasWidth = Int((Double(self.height) * Double(width) / Double(height)).rounded())
        }
        canvasWidth = max(canvasWidth, self.width)
        guard canvasWidth != self.width || canvasHeight != self.height else { return self }
        let left = (canvasWidth - self.width) / 2
        let top = (canvasHeight - self.height) / 2
        var canvas = [UInt8](repeating: 0, count: canvasWidth * canvasHeight * 4)
        let rowBytes = self.width * 4
        for y in 0..<self.height {
            let from = y * rowBytes
            let to = ((top + y) * canvasWidth + left) * 4
            canvas.replaceSubrange(to..<(to + rowBytes), with: rgba[from..<(from + rowBytes)])
        }
        return RasterImage(width: canvasWidth, height: canvasHeight, rgba: canvas)
    }
}
