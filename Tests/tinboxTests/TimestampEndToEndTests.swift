import Foundation
import Testing

/// Issue 14, point 6: a feed's instants come back from `list --json` exactly as written, through
/// the store, for every millisecond of a second and for dates outside 1970-2038.
@Suite struct TimestampEndToEndTests {
    @Test func listJSONGivesBackEveryInstantOfTheFeedExactly() throws {
        let tinbox = Tinbox()
        var written: [String: String] = [:]
        for millisecond in 0..<1000 {
            written["m\(millisecond)"] = "2026-12-01T16:43:37.\(String(format: "%03d", millisecond))Z"
        }
        written["before-1970"] = "1965-03-04T05:06:07.891Z"
        written["after-2038"] = "2101-07-08T09:10:11.012Z"
        written["no-fraction"] = "2026-11-29T09:30:00Z"
        let messages: [[String: Any]] = written.map { id, date in
            ["id": id, "data": ["title": "Title \(id)", "receiveDateUTC": date] as [String: Any]]
        }
        let feed = try tinbox.writeFeed(messages: messages)
        let result = try tinbox.run(["--feed", feed, "list", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        var read: [String: String] = [:]
        for row in rows { read[row["id"] as? String ?? ""] = row["receiveDateUTC"] as? String }
        #expect(read.count == written.count)
        var expected = written
        expected["no-fraction"] = "2026-11-29T09:30:00.000Z"
        let changed = expected.filter { read[$0.key] != $0.value }.map { "\($0.key): \(read[$0.key] ?? "none")" }
        let changedCount = changed.count
        #expect(changedCount == 0, "instants changed, e.g. \(changed.sorted().prefix(5))")
    }
}
