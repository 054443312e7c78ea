import Foundation

/// Where the tests make their folders and files: one folder per test process under the system's
/// temporary directory, removed when the process exits. Before it, every run of `make test` left
/// about 280 folders (some 100 MB of stores and feeds) in /tmp. A folder left by a run that was
/// killed (its process gone) is removed by the next run.
public enum Scratch {
    /// A new path `<root>/<prefix>-<UUID>`, not made yet.
    public static func folder(_ prefix: String) -> URL {
        root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    }

    /// `tinbox-tests-<pid>` under the temporary directory, made at first use.
    public static let root: URL = {
        let temporary = FileManager.default.temporaryDirectory
        removeOrphans(in: temporary)
        let root = temporary.appendingPathComponent("\(namePrefix)\(getpid())")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: Scratch.root) }
        return root
    }()

    static let namePrefix = "tinbox-tests-"

    /// Removes the roots of test processes that no longer run.
    static func removeOrphans(in temporary: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(namePrefix) {
            guard let pid = pid_t(name.dropFirst(namePrefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
    }
}
