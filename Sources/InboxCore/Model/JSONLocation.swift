import Foundation

/// Where a JSON parse failed, as line and column, for error lines like
/// "feed.json:3:12: invalid value".
public struct JSONLocation: Equatable, Sendable {
    public var line: Int
    public var column: Int
    public var problem: String

    public init(line: Int, column: Int, problem: String) {
        self.line = line
        self.column = column
        self.problem = problem
    }

    /// Reads the byte offset Foundation reports ("… around character N.") and turns it into
    /// a 1-based line and column (columns count characters, not bytes).
    public init(error: Error, in data: Data) {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        var offset = data.count
        var problem = text
        if let range = text.range(of: " around character ") {
            problem = String(text[..<range.lowerBound])
            let digits = text[range.upperBound...].prefix { $0.isNumber }
            offset = min(Int(digits) ?? data.count, data.count)
        } else if text.contains("end of file") || text.contains("Unexpected end") {
            problem = "unexpected end of file"
        } else if text.contains("did not start with array or object") {
            // A top level that is a bare value (`null`, `3`): the problem is at its start.
            problem = "the text is not a JSON object or array"
            offset = 0
        }
        let prefix = data.prefix(offset)
        let lines = prefix.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        line = lines.count
        column = String(decoding: lines.last ?? Data(), as: UTF8.self).count + 1
        // "Invalid value" reads "invalid value"; an acronym keeps its case ("jSON text" it was).
        let second = problem.dropFirst().first
        self.problem = second?.isUppercase == true ? problem : problem.prefix(1).lowercased() + problem.dropFirst()
        while self.problem.hasSuffix(".") { self.problem.removeLast() }
    }
}
