import Foundation
import TestSupport
import Testing

/// URLSession builds a cookie jar and a disk cache with every configuration, and they used to
/// make `~/.local/share/<the helper's directory>/` and
/// `~/.cache/org.swift.foundation.URLCache/tinbox-net/` at the first refresh over HTTP, though
/// tinbox keeps neither cookies nor cached answers (README, "Decisions").
@Suite struct NetworkHelperHomeTests {
    @Test func aRefreshOverHTTPLeavesNothingInTheHome() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try stub.setState(["generate": 3])
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tinbox-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let tinbox = Tinbox()
        defer { try? FileManager.default.removeItem(at: tinbox.dataDirectory) }
        var environment = tinbox.environment
        environment["HOME"] = home.path
        for name in ["XDG_DATA_HOME", "XDG_CACHE_HOME"] { environment[name] = nil }

        let result = try Tinbox.run(
            ["--data-dir", tinbox.dataDirectory.path, "--feed", "engagement=\(stub.base.absoluteString)", "refresh"],
            environment: environment)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("engagement ok 3 messages"), "\(result.stdout)")
        let left = FileManager.default.enumerator(atPath: home.path)?.allObjects as? [String] ?? []
        #expect(left.isEmpty, "the refresh left \(left) in its home")
    }
}
