extension RasterImage {
    /// The picture resampled to `width` x `height` by area averaging: each new pixel is the mean
    /// of the source area it covers, partly covered pixels weighted by the part they cover.
    /// Colours are averaged weighted by alpha, so a transparent pixel's (meaningless) colour does
    /// not darken an edge.
    func areaScaled(width newWidth: Int, height newHeight: Int) -> RasterImage {
        if newWidth == width && newHeight == height { return self }
        let horizontal = RasterImage.spans(from: width, to: newWidth)
        let vertical = RasterImage.spans(from: height, to: newHeight)

        // Pass 1: each source row shrunk or stretched to the new width, in premultiplied floats.
        var rowsScaled = [Float](repeating: 0, count: newWidth * height * 4)
        rgba.withUnsafeBufferPointer { source in
            rowsScaled.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let sourceRow = y * width * 4
                    let targetRow = y * newWidth * 4
                    for x in 0..<newWidth {
                        var red: Float = 0
                        var green: Float = 0
                        var blue: Float = 0
                        var alpha: Float = 0
                        for (index, weight) in horizontal[x] {
                            let offset = sourceRow + index * 4
                            let covered = weight * Float(source[offset + 3])
                            red += covered * Float(source[offset])
                            green += covered * Float(source[offset + 1])
                            blue += covered * Float(source[offset + 2])
                            alpha += covered
                        }
                        let offset = targetRow + x * 4
                        target[offset] = red
                        target[offset + 1] = green
                        target[offset + 2] = blue
                        target[offset + 3] = alpha
                    }
                }
            }
        }

        // Pass 2: the columns to the new height, then back to straight alpha.
        var result = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        for y in 0..<newHeight {
            for x in 0..<newWidth {
                var red: Float = 0
                var green: Float = 0
                var blue: Float = 0
                var alpha: Float = 0
                for (index, weight) in vertical[y] {
                    let offset = (index * newWidth + x) * 4
                    red += weight * rowsScaled[offset]
                    green += weight * rowsScaled[offset + 1]
                    blue += weight * rowsScaled[offset + 2]
                    alpha += weight * rowsScaled[offset + 3]
                }
                let offset = (y * newWidth + x) * 4
                guard alpha > 0 else { continue }
                result[offset] = RasterImage.channel(red / alpha)
                result[offset + 1] = RasterImage.channel(green / alpha)
                result[offset + 2] = RasterImage.channel(blue / alpha)
                result[offset + 3] = RasterImage.channel(alpha)
            }
        }
        return RasterImage(width: newWidth, height: newHeight, rgba: result)
    }

    /// For each new index, the source indices it covers and each one's weight; the weights of
    /// one new index add up to 1.
    private static func spans(from oldCount: Int, to newCount: Int) -> [[(index: Int, weight: Float)]] {
        let step = Double(oldCount) / Double(newCount)
        return (0..<newCount).map { target in
            let start = Double(target) * step
            let end = min(Double(oldCount), Double(target + 1) * step)
            var covered: [(index: Int, weight: Float)] = []
            var index = Int(start)
            while Double(index) < end && index < oldCount {
                let overlap = min(end, Double(index + 1)) - max(start, Double(index))
                if overlap > 0 { covered.append((index, Float(overlap / step))) }
                index += 1
            }
            return covered
        }
    }

    private static func channel(_ value: Float) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }
}
