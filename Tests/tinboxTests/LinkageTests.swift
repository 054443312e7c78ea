import Foundation
import TestSupport
import Testing

/// The commands never load libcurl: URLSession runs in `tinbox-net` (README, "Performance"), and
/// the commands host TinboxKitCore rather than the TinboxKit product, whose in-process URLSession
/// would cost every command's start about 5 ms (`count` at 100,000 messages went from 10.6 to
/// 15.5 ms when it linked TinboxKit).
@Suite struct LinkageTests {
    @Test func theTinboxBinaryLinksNeitherURLSessionNorLibcurl() throws {
        let result = try ChildProcess.run("/usr/bin/readelf", ["-d", Tinbox.binary], timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        let needed = result.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(needed.contains { $0.contains("libsqlite3") }, "readelf lists the binary's own libraries")
        #expect(!needed.contains { $0.contains("libcurl") || $0.contains("FoundationNetworking") }, "\(needed)")
    }
}
