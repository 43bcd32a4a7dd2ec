import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// A real HTTP server on 127.0.0.1 with an ephemeral port that answers like the iTunes Search API
/// from recorded responses; tests point `MEDIASEARCH_ITUNES_URL` at it.
public actor FixtureServer {
    /// A request the server received.
    public struct Request: Sendable {
        /// `/search` or `/lookup`.
        public var path: String
        /// The raw query string, as sent.
        public var rawQuery: String
        /// The decoded query (`+` is a space).
        public var query: [String: String]
        /// The `User-Agent` the client sent, if any.
        public var userAgent: String? = nil
    }

    /// The port the server listens on.
    public nonisolated var port: UInt16 { boundPort.withLock { $0 } }
    /// `http://127.0.0.1:<port>`.
    public nonisolated var baseURL: String { "http://127.0.0.1:\(port)" }

    private nonisolated let boundPort = Mutex<UInt16>(0)
    /// Opens when the server stops: answers held back go at once (``FixtureResponder``).
    nonisolated let stopping = FaultGate()
    /// Bytes of generated (``Fault/huge(bytes:chunked:)``) bodies written to clients so far.
    nonisolated let generatedBytes = ByteCounter()

    /// How many bytes of generated bodies clients have been sent: a client that stops reading
    /// at its cap leaves most of a huge answer unsent.
    public nonisolated func generatedBytesSent() -> Int { generatedBytes.total }
    private var task: Task<Void, any Error>?
    private var group: ServiceGroup?
    private var routes: FixtureRoutes
    private var faults: [FaultRule] = []
    private var log: [Request] = []
    private let index: RecordIndex
    /// Pages already made, by what makes them (recording, limit, offset, fill, id shift): making
    /// one re-encodes the recording (a few milliseconds), and the server is an actor, so four
    /// requests that arrive together would each wait for the others' pages, in the measured time
    /// of a benchmark whose only server time is meant to be the injected latency.
    private var pages: [String: String] = [:]
    /// A file that gets one line per request (`/search?...`), for benchmarks counting requests.
    private var requestLog: FileHandle?

    /// Starts a server (on Hummingbird, like `mediasearch serve`) with the given routes; every
    /// answer comes no sooner than `latency` after its request arrived (a fault's delay after that).
    /// - Parameter port: 0 (the default) picks a free ephemeral port.
    public static func start(
        port: UInt16 = 0, routes: FixtureRoutes = .default, latency: Duration = .zero
    ) async throws -> FixtureServer {
        let fixture = FixtureServer(routes: routes)
        let router = Router()
        router.get("**") { request, _ -> Response in
            // The latency counts from the request's arrival, as a real upstream's does: making a
            // page (a few milliseconds, one at a time in this actor) happens within it, so four
            // requests sent together are answered together, not one page's making apart.
            let arrived = ContinuousClock.now
            // Recorded answers are parsed, cut and written again per request: seconds of work in a
            // busy test run, kept off the cooperative pool that the tests' deadlines need, and
            // off the tests' own heavy work.
            let answer = await withTaskExecutorPreference(HeavyWork.answers) {
                await fixture.answer(
                    path: request.uri.path, rawQuery: request.uri.query ?? "",
                    userAgent: request.headers[.userAgent])
            }
            return try await FixtureResponder.respond(
                answer, until: arrived + latency, sent: fixture.generatedBytes, stopping: fixture.stopping)
        }
        var logger = Logger(label: "mediasearch.fixtures")
        logger.logLevel = .critical
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: Int(port))),
            onServerRunning: { channel in listening.yield(channel.localAddress?.port ?? 0) }, logger: logger)
        // Stopped gracefully, never by cancelling its task: a connection accepted as the task is
        // cancelled is never closed, and NIO traps on it (apple/swift-nio#3481).
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let task = Task {
            defer { listening.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next(), bound > 0 else {
            try await task.value
            throw URLError(.cannotConnectToHost)
        }
        fixture.boundPort.withLock { $0 = UInt16(bound) }
        await fixture.keep(task, group)
        return fixture
    }

    private init(routes: FixtureRoutes) {
        self.routes = routes
        self.index = RecordIndex.shared
    }

    private func keep(_ task: Task<Void, any Error>, _ group: ServiceGroup) {
        self.task = task
        self.group = group
    }

    /// Stops gracefully (no new connections; the requests in flight are answered, those held back
    /// by a fault at once) and waits for the server to end, at most `patience`: a client that
    /// keeps a connection open must not hold up whoever stops it longer than that.
    public func stop(patience: Duration = .seconds(10)) async {
        guard let group, let task else { return }
        self.task = nil
        self.group = nil
        stopping.open()
        await group.triggerGracefulShutdown()
        await TaskEnd.wait(for: task, atMost: patience)
    }

    /// Every request received so far, oldest first.
    public func requests() -> [Request] { log }

    /// Appends one line per request received from now on to the file at `path`.
    public func logRequests(to path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        requestLog = handle
    }

    /// Replaces the routes.
    public func setRoutes(_ routes: FixtureRoutes) { self.routes = routes }

    /// Adds a fault, applied to matching requests before any route.
    public func inject(_ rule: FaultRule) { faults.append(rule) }

    /// Removes every fault.
    public func clearFaults() { faults.removeAll() }

    func answer(path: String, rawQuery: String, userAgent: String? = nil) -> Answer {
        let query = Self.decode(rawQuery)
        log.append(Request(path: path, rawQuery: rawQuery, query: query, userAgent: userAgent))
        requestLog?.write(Data("\(path)?\(rawQuery)\n".utf8))
        if let position = faults.firstIndex(where: { $0.matches(path: path, query: query) }) {
            let fault = faults[position].fault
            // A slow answer may also be a failing one: a later rule's fault, after the wait.
            let failure = faults.dropFirst(position + 1).first {
                switch $0.fault {
                case .delay, .hold: false
                default: $0.matches(path: path, query: query)
                }
            }
            if let remaining = faults[position].times {
                if remaining <= 1 { faults.remove(at: position) } else { faults[position].times = remaining - 1 }
            }
            switch fault {
            case .delay, .hold:
                var answer = failure.map { Answer(fault: $0.fault) } ?? routed(path: path, query: query)
                if case .delay(let delay) = fault { answer.delay = delay }
                if case .hold(let gate) = fault { answer.gate = gate }
                return answer
            default:
                return Answer(fault: fault)
            }
        }
        return routed(path: path, query: query)
    }

    private func routed(path: String, query: [String: String]) -> Answer {
        // A file's answer is its bytes exactly: no artwork or stream made local, no terms followed.
        if let prefix = routes.answerFiles.keys.filter({ path == $0 || path.hasPrefix($0 + "/") })
            .max(by: { $0.count < $1.count }),
            let file = routes.answerFiles[prefix]
        {
            guard let body = FileManager.default.contents(atPath: file) else { return Answer(status: 404) }
            var answer = Answer(body: body)
            answer.contentType = "application/json"
            return answer
        }
        var answer = recorded(path: path, query: query)
        if routes.followTerms { answer = FollowingTerms.apply(answer, query: query) }
        if routes.localArtwork, answer.status == 200, var text = String(data: answer.body, encoding: .utf8) {
            if path.hasPrefix("/json/stations/") { text = Self.localizeStreams(text, base: baseURL) }
            answer.body = Data(Self.localizeArtwork(text, base: baseURL).utf8)
        }
        return answer
    }

    private func recorded(path: String, query: [String: String]) -> Answer {
        if path.hasPrefix("/artwork/") {
            var answer = Answer(body: Self.artwork(seed: path))
            answer.contentType = "image/png"
            return answer
        }
        if path.hasPrefix("/preview/") {
            var answer = Answer(body: Self.preview)
            answer.contentType = "audio/wav"
            return answer
        }
        if path.hasPrefix("/stream/") {
            var answer = Answer(body: Self.stream)
            answer.contentType = "audio/wav"
            return answer
        }
        if path.hasPrefix("/json/stations/") { return Self.radioBrowser(path: path, query: query) }
        if path.hasPrefix("/musicbrainz/") {
            return MusicBrainzFixtures.answer(path: String(path.dropFirst("/musicbrainz".count)), query: query)
        }
        if path.hasPrefix("/librivox/") {
            return LibriVoxFixtures.answer(path: String(path.dropFirst("/librivox".count)), query: query)
        }
        if path.hasPrefix("/openlibrary/") {
            return OpenLibraryFixtures.answer(path: String(path.dropFirst("/openlibrary".count)), query: query)
        }
        if path.hasPrefix("/tvmaze/") {
            return TVmazeFixtures.answer(path: String(path.dropFirst("/tvmaze".count)), query: query)
        }
        if path.hasPrefix("/deezer/") {
            return DeezerFixtures.answer(path: String(path.dropFirst("/deezer".count)), query: query)
        }
        switch path {
        case "/search":
            if let hostile = routes.hostileMedia, query["media"] == hostile {
                return .json(Self.hostileAnswer)
            }
            let term = query["term"]?.lowercased() ?? ""
            let byTerm =
                [nil, "song", "musicTrack"].contains(query["entity"])
                ? routes.byTerm.first { key, _ in
                    let parts = key.split(separator: "|", maxSplits: 1).map(String.init)
                    return parts.count == 2 && parts[0] == query["media"] && term.contains(parts[1])
                }?.value : nil
            guard let media = query["media"],
                let file = byTerm ?? routes.search["\(media)/\(query["entity"] ?? "")"] ?? routes.search[media]
            else {
                return .json(#"{"resultCount":0,"results":[]}"#)
            }
            let offset = routes.honorsOffset ? query["offset"].flatMap { Int($0) } : nil
            let limit = query["limit"].flatMap { Int($0) }
            let shift = routes.distinctIDsPerTerm ? Self.idShift(term: query["term"] ?? "") : 0
            let key = "\(file)|\(limit ?? -1)|\(offset ?? -1)|\(routes.fillToLimit)|\(shift)"
            if let page = pages[key] { return .json(page) }
            guard let data = try? Fixtures.data(file) else { return Answer(fault: .status(500)) }
            let page = Self.page(data, limit: limit, offset: offset, fill: routes.fillToLimit, idShift: shift)
            if pages.count >= 4_096 { pages.removeAll() }
            pages[key] = page
            return .json(page)
        case "/lookup":
            let ids = (query["id"] ?? "").split(separator: ",").compactMap { Int($0) }
            let limit = query["limit"].flatMap { Int($0) }
            let records = ids.flatMap { index.lookup(id: $0, entity: query["entity"], limit: limit) }
            let body =
                "{\"resultCount\":\(records.count),\"results\":["
                + records.map { String(decoding: $0.json, as: UTF8.self) }.joined(separator: ",") + "]}"
            return .json(body)
        default:
            return Answer(fault: .status(404))
        }
    }

    /// Radio Browser's station search (`/json/stations/search`, answered from the recording that
    /// matches the query's `name`, `tag` and `countrycode`, paged by `limit` and `offset`) and
    /// lookup by uuid (`/json/stations/byuuid/<uuid>`, a list of the one station or none).
    static func radioBrowser(path: String, query: [String: String]) -> Answer {
        let files = [
            "stations-search-name-klara-tag-classical.json", "stations-search-be-dutch-name-klara.json",
            "stations-search-name-klara-limit10.json", "stations-search-limit10.json", "stations-topvote-1.json",
        ]
        func stations(_ file: String) -> [[String: Any]] { RadioRecordings.parsed.stations[file] ?? [] }
        func body(_ list: [[String: Any]]) -> Answer {
            .json(
                String(decoding: (try? JSONSerialization.data(withJSONObject: list)) ?? Data("[]".utf8), as: UTF8.self))
        }
        if path.hasPrefix("/json/stations/byuuid/") {
            let uuid = String(path.dropFirst("/json/stations/byuuid/".count))
            for file in files {
                if let station = stations(file).first(where: { $0["stationuuid"] as? String == uuid }) {
                    return body([station])
                }
            }
            return body([])
        }
        guard path == "/json/stations/search" else { return Answer(fault: .status(404)) }
        let name = query["name"]?.lowercased() ?? ""
        let file: String
        switch (name, query["tag"]?.lowercased(), query["countrycode"]?.lowercased()) {
        case ("klara", "classical", _): file = files[0]
        case ("klara", _, "be"): file = files[1]
        case ("klara", _, _): file = files[2]
        case ("", _, _): file = files[3]
        default: return body([])
        }
        let all = stations(file)
        let start = min(max(query["offset"].flatMap { Int($0) } ?? 0, 0), all.count)
        let end = start + min(max(query["limit"].flatMap { Int($0) } ?? all.count, 0), all.count - start)
        return body(Array(all[start..<end]))
    }

    /// The recorded body with `results` cut to `offset..<offset+limit`, as the API pages.
    /// With `fill`, the recorded records are repeated (with fresh ids) until `limit` is reached,
    /// for benchmarks that need full 200-record pages.
    /// With `idShift`, every record's ids are moved by that much.
    public static func page(_ data: Data, limit: Int?, offset: Int?, fill: Bool = false, idShift: Int = 0) -> String {
        guard limit != nil || offset != nil || idShift != 0,
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            var results = object["results"] as? [[String: Any]]
        else { return String(decoding: data, as: UTF8.self) }
        if fill, let limit, !results.isEmpty, results.count < limit + (offset ?? 0) {
            let recorded = results
            var copy = 1
            while results.count < limit + (offset ?? 0) {
                for var record in recorded {
                    for key in ["trackId", "collectionId"] {
                        if let id = record[key] as? Int { record[key] = id + copy * 1_000_000_000_000 }
                    }
                    results.append(record)
                }
                copy += 1
            }
        }
        let start = min(max(offset ?? 0, 0), results.count)
        let end = start + min(max(limit ?? results.count, 0), results.count - start)
        var slice = Array(results[start..<end])
        if idShift != 0 {
            for index in slice.indices {
                for key in ["trackId", "collectionId"] {
                    if let id = slice[index][key] as? Int { slice[index][key] = id + idShift }
                }
            }
        }
        let body =
            (try? JSONSerialization.data(
                withJSONObject: ["resultCount": slice.count, "results": slice], options: .withoutEscapingSlashes))
            ?? data
        return String(decoding: body, as: UTF8.self)
    }

    /// Apple's artwork links pointed at this server's `/artwork/`, which answers each with a
    /// generated picture, and previews at `/preview/`, a generated tone: pages show images and
    /// play previews with no internet.
    static func localizeArtwork(_ text: String, base: String) -> String {
        let itunes = text.replacingOccurrences(
            of: #"https?:(\\?/){2}is[0-9](-ssl)?\.mzstatic\.com(\\?/)image(\\?/)thumb"#, with: "\(base)/artwork",
            options: .regularExpression)
        // Deezer's covers and pictures, Radio Browser's favicons, TVmaze's posters and LibriVox's covers: each its
        // own generated image, so that no page of the demo or of the browser test asks a host on
        // the internet.
        return itunes.replacing(
            #/"(?<key>picture|picture_[a-z]+|cover|cover_[a-z]+|favicon|medium|original|coverart_[a-z]+)"\s*:\s*"https?:[^"]*"/#
        ) {
            match in
            var hash: UInt32 = 2_166_136_261
            for byte in match.output.0.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            return "\"\(match.output.key)\":\"\(base)/artwork/\(match.output.key)/\(hash)/600x600bb.jpg\""
        }
        // iTunes' and Deezer's previews: a tone this server plays, so the players work offline
        // (a radio station's stream is a generated one of its own: localizeStreams).
        .replacing(#/"(?<key>previewUrl|preview|listen_url)"\s*:\s*"https?:[^"]*"/#) { match in
            var hash: UInt32 = 2_166_136_261
            for byte in match.output.0.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            return "\"\(match.output.key)\":\"\(base)/preview/\(hash).wav\""
        }
    }

    /// A radio station's stream pointed at this server's `/stream/`, which plays a generated one: a
    /// station heard in the demo and the browser test, with no internet (#60 item 6). Only Radio
    /// Browser's answers: its `url` is the stream, where another source's is a page.
    static func localizeStreams(_ text: String, base: String) -> String {
        text.replacing(#/"(?<key>url_resolved|url)"\s*:\s*"https?:[^"]*"/#) { match in
            var hash: UInt32 = 2_166_136_261
            for byte in match.output.0.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            return "\"\(match.output.key)\":\"\(base)/stream/\(hash).wav\""
        }
    }

    /// A preview to play with no internet: two seconds of a quiet 440 Hz tone (WAV, 8 kHz, 8 bit).
    static let preview = wave(seconds: 2) { n, rate in sin(Double(n) * 2 * .pi * 440 / Double(rate)) }

    /// A station's stream with no internet: a minute of a slow arpeggio (A, C sharp, E, a note a
    /// half second), long enough to be heard as a station rather than a preview.
    static let stream = wave(seconds: 60) { n, rate in
        let notes = [440.0, 554.37, 659.25, 554.37]
        let note = notes[(n / (rate / 2)) % notes.count]
        return sin(Double(n) * 2 * .pi * note / Double(rate))
    }

    /// A WAV file (8 kHz, 8 bit, mono) of a quiet signal: `sample(n, rate)` in -1...1.
    static func wave(seconds: Int, sample: (Int, Int) -> Double) -> Data {
        let rate = 8000
        let samples = (0..<(rate * seconds)).map { n -> UInt8 in
            UInt8(128 + Int((sample(n, rate) * 24).rounded()))
        }
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> ($0 * 8)) & 0xff) } }
        func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8((value >> ($0 * 8)) & 0xff) } }
        var bytes = Array("RIFF".utf8) + le32(36 + samples.count) + Array("WAVEfmt ".utf8)
        bytes += le32(16) + le16(1) + le16(1) + le32(rate) + le32(rate) + le16(1) + le16(8)
        bytes += Array("data".utf8) + le32(samples.count) + samples
        return Data(bytes)
    }

    /// A square PNG in colours of the path's own: a gradient with a light ring, 120 px a side (what
    /// the terminal's artwork decodes, and the pages show).
    public static func artwork(seed: String) -> Data {
        var hash: UInt32 = 2_166_136_261
        for byte in seed.split(separator: "/").dropLast().joined().utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let side = 120
        let base = (
            UInt8(truncatingIfNeeded: hash), UInt8(truncatingIfNeeded: hash >> 8), UInt8(truncatingIfNeeded: hash >> 16)
        )
        var rows = Data()
        for y in 0..<side {
            rows.append(0)  // no filter
            for x in 0..<side {
                let shade = 255 - (x + y) * 160 / (2 * side)
                let distance = abs(Int(Double((x - 60) * (x - 60) + (y - 60) * (y - 60)).squareRoot()) - 30)
                let ring = distance < 5
                for channel in [base.0, base.1, base.2] {
                    rows.append(ring ? 240 : UInt8((Int(channel) / 2 + 64) * shade / 255))
                }
            }
        }
        return PNGFile.rgb(width: side, height: side, rows: rows)
    }

    /// One audiobook whose every text is an attack: script tags, event attributes, `javascript:`
    /// links and terminal escape codes. Whatever shows it must leave it inert.
    public static let hostileAnswer = #"""
        {"resultCount":1,"results":[{"wrapperType":"audiobook","collectionId":990001,"artistId":990002,
        "collectionName":"<script>window.__pwned='script'</script><img src=x onerror=\"window.__pwned='img'\">Hostile Book",
        "collectionCensoredName":"<script>window.__pwned='censored'</script>Hostile Book",
        "artistName":"\"><svg onload=\"window.__pwned='svg'\"></svg><b onmouseover=\"window.__pwned='hover'\">Mallory</b>",
        "collectionViewUrl":"javascript:window.__pwned='link'",
        "artistViewUrl":"javascript:window.__pwned='artist'",
        "artworkUrl100":"javascript:window.__pwned='artwork'",
        "previewUrl":"javascript:window.__pwned='preview'",
        "description":"<a href=\"javascript:window.__pwned='description'\">click</a> \u001b[31mred\u001b[0m \u202Egpj.exe",
        "primaryGenreName":"<style>body{display:none}</style>Fiction","collectionPrice":1.99,"currency":"USD",
        "releaseDate":"2020-01-01T08:00:00Z","country":"USA","copyright":"' onfocus='window.__pwned=1"}]}
        """#

    /// A shift of ids that differs between terms (FNV-1a of the term, in steps of 10^10, above
    /// every real id), so that each term's answer holds records no other term's holds.
    static func idShift(term: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in term.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int(hash % 100_000 + 1) * 10_000_000_000
    }

    static func decode(_ rawQuery: String) -> [String: String] {
        var query: [String: String] = [:]
        for pair in rawQuery.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            query[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return query
    }
}

/// Radio Browser's recordings, read and parsed once (as ``DeezerFixtures/recordings``).
struct RadioRecordings: @unchecked Sendable {
    let stations: [String: [[String: Any]]]

    static let parsed: RadioRecordings = {
        var stations: [String: [[String: Any]]] = [:]
        let folder = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/radio-browser")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasSuffix(".json") {
            if let data = try? Fixtures.radioBrowser(name) {
                stations[name] = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]]
            }
        }
        return RadioRecordings(stations: stations)
    }()
}
