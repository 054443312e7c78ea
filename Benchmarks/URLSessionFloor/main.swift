import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Issue 14 point 5: what URLSession alone costs for a refresh's requests, the floor under any
// client built on it. `Benchmarks/sync.py` runs it beside tinbox and beside one curl process, on
// exactly the requests tinbox made, in the same order, one at a time over one session (kept-alive
// connections), as the curl baseline makes them. Nothing of tinbox is linked: no store, no
// frames, no helper.
//
//   tinbox-urlsession-floor REQUESTS.json
//
// REQUESTS.json: [{"method": "GET"|"POST", "url": "...", "body": "path of the body or null"}].
// Exits 1 when a request fails or answers outside 2xx.

struct Recorded: Decodable {
    let method: String
    let url: String
    let body: String?
}

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: tinbox-urlsession-floor REQUESTS.json\n".utf8))
    exit(64)
}
let requests: [Recorded]
do {
    requests = try JSONDecoder().decode(
        [Recorded].self, from: Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1])))
} catch {
    FileHandle.standardError.write(Data("tinbox-urlsession-floor: \(error)\n".utf8))
    exit(1)
}

// Configured as lightly as tinbox's own transport: no cache, no cookies to parse or keep.
let configuration = URLSessionConfiguration.ephemeral
configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
configuration.urlCache = nil
configuration.httpCookieStorage = nil
configuration.httpShouldSetCookies = false
configuration.httpCookieAcceptPolicy = .never
let session = URLSession(configuration: configuration)
final class Outcome: @unchecked Sendable {
    var failure: String?
}
let outcome = Outcome()
for recorded in requests {
    guard let url = URL(string: recorded.url) else { continue }
    var request = URLRequest(url: url)
    request.httpMethod = recorded.method
    if let body = recorded.body {
        request.httpBody = try? Data(contentsOf: URL(fileURLWithPath: body))
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    let done = DispatchSemaphore(value: 0)
    session.dataTask(with: request) { _, response, error in
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if let error {
            outcome.failure = "\(recorded.method) \(recorded.url): \(error.localizedDescription)"
        } else if !(200..<300).contains(status) {
            outcome.failure = "\(recorded.method) \(recorded.url): HTTP \(status)"
        }
        done.signal()
    }.resume()
    done.wait()
    if let failure = outcome.failure {
        FileHandle.standardError.write(Data("tinbox-urlsession-floor: \(failure)\n".utf8))
        exit(1)
    }
}
