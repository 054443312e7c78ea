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
        let home = Scratch.folder("tinbox-home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        var tinbox = Tinbox()
        defer { try? FileManager.default.removeItem(at: tinbox.dataDirectory) }
        tinbox.environment["HOME"] = home.path
        for name in ["XDG_DATA_HOME", "XDG_CACHE_HOME"] { tinbox.environment[name] = nil }

        let result = try tinbox.run(["--feed", "engagement=\(stub.base.absoluteString)", "refresh"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("engagement ok 3 messages"), "\(result.stdout)")
        let left = FileManager.default.enumerator(atPath: home.path)?.allObjects as? [String] ?? []
        #expect(left.isEmpty, "the refresh left \(left) in its home")
    }

    /// Where the cookie jar's folder cannot be made, FoundationNetworking reads one under the
    /// working directory instead: the helper works from `/`, not from where tinbox was started.
    @Test func theHelperWorksFromTheRoot() throws {
        let folder = Scratch.folder("tinbox-cwd")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let helper = Process()
        helper.executableURL = URL(fileURLWithPath: Tinbox.binary).deletingLastPathComponent()
            .appendingPathComponent("tinbox-net")
        helper.currentDirectoryURL = folder
        let input = Pipe()
        helper.standardInput = input
        helper.standardOutput = FileHandle.nullDevice
        try helper.run()
        defer {
            try? input.fileHandleForWriting.close()
            helper.waitUntilExit()
        }

        var workingDirectory: String?
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            workingDirectory = try? FileManager.default.destinationOfSymbolicLink(
                atPath: "/proc/\(helper.processIdentifier)/cwd")
            if workingDirectory == "/" { break }
            usleep(5_000)
        }
        #expect(workingDirectory == "/", "the helper works from \(workingDirectory ?? "nowhere")")
    }
}
