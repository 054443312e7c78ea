import Foundation
import TestSupport
import Testing

/// tinbox(1), as `tinbox help --man` writes it and `man -l` shows it: the sections of a real
/// man page, nothing groff warns about, and the same commands and options as `--help`.
@Suite struct ManPageTests {
    /// `man` and `groff` may be absent only outside CI (`make` installs man-db and groff).
    static let hasMan =
        ProcessInfo.processInfo.environment["CI"] != nil
        || FileManager.default.isExecutableFile(atPath: "/usr/bin/man")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/groff")

    /// The page in roff.
    static func roff() throws -> String {
        let result = try Tinbox.run(["help", "--man"])
        guard result.status == 0, result.stderr.isEmpty else { throw ChildProcessError("help --man: \(result.stderr)") }
        return result.stdout
    }

    /// The page in a file of its own while `body` runs.
    static func withFile<T>(_ body: (URL) throws -> T) throws -> T {
        let file = Scratch.folder("tinbox").appendingPathExtension("1")
        try Data(try roff().utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try body(file)
    }

    /// `MANWIDTH=80 man -l FILE | col -bx`: the page as a reader sees it, in plain text.
    static func rendered() throws -> (text: String, stderr: String) {
        try withFile { file in
            let result = try ChildProcess.run(
                "sh", ["-c", "MANWIDTH=80 man -l \"$1\" | col -bx", "sh", file.path],
                environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": Scratch.root.path], timeout: 30)
            return (result.stdout, result.stderr)
        }
    }

    @Test func theSectionsOfAManPageComeInOrder() throws {
        let page = try Self.roff()
        let sections = page.components(separatedBy: "\n").filter { $0.hasPrefix(".SH ") }
            .map { $0.dropFirst(4).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        #expect(
            sections == [
                "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "KEYS", "FILES", "ENVIRONMENT", "EXIT STATUS",
                "EXAMPLES",
            ])
        #expect(page.hasPrefix(".\\\" tinbox(1)"))
    }

    @Test(.enabled(if: hasMan)) func groffFindsNothingToWarnAbout() throws {
        let (groff, lexgrog) = try Self.withFile { file in
            (
                try ChildProcess.run("groff", ["-man", "-Tutf8", "-ww", "-z", file.path], timeout: 30),
                try ChildProcess.run("lexgrog", [file.path], timeout: 30)
            )
        }
        #expect(groff.status == 0 && groff.stderr.isEmpty, "\(groff.stderr)")
        #expect(
            lexgrog.stdout.contains("\"tinbox - a terminal inbox reader and in-app campaign previewer\""), "\(lexgrog)")
    }

    @Test(.enabled(if: hasMan)) func manShowsItCleanlyInEightyColumns() throws {
        let (page, stderr) = try Self.rendered()
        #expect(stderr.isEmpty, "\(stderr)")
        let lines = page.components(separatedBy: "\n")
        #expect(lines.first?.hasPrefix("TINBOX(1)") == true)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        // No roff left over, no word hyphenated at a line's end (a path or option would not copy).
        #expect(!lines.contains { $0.hasPrefix(".") || $0.contains("\\f") || $0.contains("\\-") || $0.contains("‐") })
        #expect(page.contains("NAME\n       tinbox - a terminal inbox reader and in-app campaign previewer\n"))
    }

    /// Every command and option of `--help` is in the page, and the page names no option help
    /// lacks: both are written from the same definitions.
    @Test(.enabled(if: hasMan)) func theManPageHasEveryCommandAndOptionOfHelpAndNoOther() throws {
        let page = try Self.rendered().text
        let commands = try HelpListing.commands()
        #expect(Set(commands) == Set(HelpListing.cliCommands))
        var options = try HelpListing.globalOptions()
        #expect(Set(options).isSuperset(of: HelpListing.cliGlobalOptions))
        let sections = Self.sections(page)
        for command in commands {
            #expect(sections["SYNOPSIS"]?.contains("       tinbox \(command)") == true, "SYNOPSIS lacks \(command)")
            #expect(sections["COMMANDS"]?.contains("\n       \(command)") == true, "COMMANDS lacks \(command)")
            let own = try HelpListing.ownOptions(of: command)
            #expect(Set(own).isSuperset(of: HelpListing.cliCommandOptions[command] ?? []))
            options += own
        }
        for option in options {
            #expect(
                page.contains(" \(option) ") || page.contains(" \(option)\n") || page.contains(" \(option),"),
                "the man page lacks \(option)")
        }
        let named = Set(try Self.longOptions(in: page))
        #expect(named == Set(options.filter { $0.hasPrefix("--") }), "only in the page: \(named.subtracting(options))")
    }

    /// KEYS is the reader's `?` card (CLI.md "Reader keys"), with what `Esc` and `q` do in the list.
    @Test(.enabled(if: hasMan)) func keysAreTheReadersWithWhatEscAndQDoInTheList() throws {
        let keys = try #require(Self.sections(try Self.rendered().text)["KEYS"])
        for key in [
            "j k", "PgDn PgUp Space", "g G", "Enter", "Esc", "q", "Tab 1-4", "r d", "R D", "F5 Ctrl-R", "/", ":", "L",
            "?",
        ] {
            #expect(keys.contains("\n       \(key) ") || keys.contains("\n       \(key)\n"), "KEYS lacks \(key)")
        }
        let prose = keys.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(prose.contains("In the list q quits and Esc does nothing but clear a search"))
        #expect(prose.contains("Esc or x closes it"))
    }

    /// The page's sections by title: the lines under each unindented heading.
    static func sections(_ page: String) -> [String: String] {
        var result: [String: String] = [:]
        var title = ""
        for line in page.components(separatedBy: "\n") {
            if let first = line.first, first.isUppercase, !line.hasPrefix("TINBOX(1)"), !line.hasPrefix("tinbox ") {
                title = line
                result[title] = ""
            } else if !title.isEmpty {
                result[title, default: ""] += "\n" + line
            }
        }
        return result
    }

    /// `--name` words of the page.
    static func longOptions(in text: String) throws -> [String] {
        let pattern = try NSRegularExpression(pattern: "(?<![A-Za-z0-9-])--[a-z][a-z-]*[a-z]")
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range, in: text).map { String(text[$0]) }
        }
    }
}
