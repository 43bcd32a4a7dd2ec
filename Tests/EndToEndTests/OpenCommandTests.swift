import Foundation
import MediaSearchFixtures
import TestSlots
import Testing

/// `mediasearch open` with fake openers and players on PATH that record what they were asked.
@Suite("mediasearch open, end to end", .slots, .tags(.e2e))
struct OpenCommandTests {
    /// A folder of fake programs, each appending its name and arguments to `calls.log`.
    func fakeBin(_ harness: Harness, _ names: [String]) throws -> (bin: String, log: String) {
        let bin = harness.runner.home.appendingPathComponent("bin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = harness.runner.home.appendingPathComponent("calls.log").path
        for name in names {
            let path = bin.appendingPathComponent(name).path
            try "#!/bin/sh\necho \"\(name) $*\" >> '\(log)'\n".write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        return (bin.path, log)
    }

    func calls(_ log: String) -> [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func opensTheStorePageAndPlaysThePreview() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let (_, search) = try await harness.searchJSON(["jack", "--kind", "song"])
        let first = try #require(search.results.first)
        let (bin, log) = try fakeBin(harness, ["xdg-open", "mpv"])
        let page = try await harness.run(["open", "--result", "1"], environment: ["PATH": bin])
        #expect(page.status == 0, "\(page.stderr)")
        #expect(calls(log) == ["xdg-open \(first["url"] as! String)"])
        let played = try await harness.run(["open", "--result", "1", "--preview"], environment: ["PATH": bin])
        #expect(played.status == 0, "\(played.stderr)")
        #expect(calls(log).last == "mpv \(first["previewUrl"] as! String)")
        #expect(played.stderr.contains("playing the preview of "), "\(played.stderr)")
        #expect(await harness.server.requests().count == 1, "open must not fetch the item again")
    }

    /// #75 item 3: a work two stores have whose own store has no preview plays the other store's:
    /// `open --preview`, a search's and a detail's playlists all hand the player Deezer's preview
    /// of an iTunes result (it said "has no preview" while `show` listed Deezer's).
    @Test func aMergedWorkPlaysAnotherStoresPreview() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [song, deezer]\n", to: "both.yaml")
        let environment = ["MEDIASEARCH_CONFIG": config]
        let (_, search) = try await harness.searchJSON(["daft punk", "--kind", "song"], environment: environment)
        let index = try #require(
            search.results.firstIndex { result in
                let sources = result["sources"] as? [[String: Any]] ?? []
                return result["previewUrl"] as? String == nil && sources.count == 2
                    && sources.contains { $0["source"] as? String == "Deezer" && $0["previewUrl"] is String }
            }, "a merged iTunes result without a preview of its own")
        let sources = try #require(search.results[index]["sources"] as? [[String: Any]])
        let deezer = try #require(sources.first { $0["source"] as? String == "Deezer" }?["previewUrl"] as? String)
        let (bin, log) = try fakeBin(harness, ["mpv"])
        var withPlayer = environment
        withPlayer["PATH"] = bin
        let played = try await harness.run(["open", "--result", "\(index + 1)", "--preview"], environment: withPlayer)
        #expect(played.status == 0, "\(played.stderr)")
        #expect(calls(log).last == "mpv \(deezer)")
        let detail = try await harness.run(
            ["show", "--result", "\(index + 1)", "--format", "m3u"], environment: environment)
        #expect(detail.stdout.split(separator: "\n").contains { $0 == deezer }, "\(detail.stdout)")
        let playlist = try await harness.run(
            ["search", "daft punk", "--kind", "song", "--format", "m3u"], environment: environment)
        #expect(playlist.stdout.split(separator: "\n").contains { $0 == deezer }, "\(playlist.stdout.prefix(400))")
    }

    /// A radio station plays its live stream, and says so: a stream, not a preview (#60 item 6).
    @Test func aStationPlaysItsStream() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [radio]\n", to: "radio.yaml")
        let (bin, log) = try fakeBin(harness, ["mpv"])
        let environment = ["MEDIASEARCH_CONFIG": config, "MEDIASEARCH_RADIO_URL": harness.server.baseURL]
        let (_, search) = try await harness.searchJSON(["klara"], environment: environment)
        let first = try #require(search.results.first)
        var withPlayer = environment
        withPlayer["PATH"] = bin
        let played = try await harness.run(["open", "--result", "1", "--preview"], environment: withPlayer)
        #expect(played.status == 0, "\(played.stderr)")
        #expect(calls(log).last == "mpv \(first["previewUrl"] as! String)")
        #expect(played.stderr.contains("playing the stream of \(first["title"] as! String)"), "\(played.stderr)")
    }

    /// An album plays its tracks and a list its items: the player gets them as one playlist, in
    /// a private file that is gone once it has played; without a player that reads playlists,
    /// the first track plays (#61).
    @Test func anAlbumAndAListPlayAsOnePlaylist() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [song, deezer]\n", to: "deezer.yaml")
        let environment = [
            "MEDIASEARCH_CONFIG": config, "MEDIASEARCH_DEEZER_URL": harness.server.baseURL + "/deezer",
        ]
        // A fake mpv that keeps what it was given and what the file held while it played.
        let bin = harness.runner.home.appendingPathComponent("bin-playlist")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = harness.runner.home.appendingPathComponent("mpv.log").path
        let mpv = bin.appendingPathComponent("mpv").path
        try "#!/bin/sh\necho \"mpv $*\" >> '\(log)'\nls -l \"$1\" | cut -c1-10 >> '\(log)'\ncat \"$1\" >> '\(log)'\n"
            .write(toFile: mpv, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: mpv)
        var withPlayer = environment
        withPlayer["PATH"] = bin.path + ":/usr/bin:/bin"
        let album = try await harness.run(["open", "deezer:album:302127", "--preview"], environment: withPlayer)
        #expect(album.status == 0, "\(album.stderr)")
        #expect(album.stderr.contains("playing Discovery: 14 tracks"), "\(album.stderr)")
        let played = calls(log)
        let file = try #require(played.first?.split(separator: " ").last.map(String.init))
        #expect(played.first == "mpv \(file)" && file.hasSuffix(".m3u"))
        #expect(played.dropFirst().first == "-rw-------", "the playlist is private")
        #expect(played.dropFirst(2).first == "#EXTM3U" && played.filter { $0.hasPrefix("#EXTINF:") }.count == 14)
        #expect(played.contains("#EXTINF:320,Daft Punk - One More Time"))
        #expect(!FileManager.default.fileExists(atPath: file), "the playlist is removed once played")

        // A list: both kept items, one after the other.
        _ = try await harness.run(["search", "jack", "--kind", "song", "--format", "lines"], environment: environment)
        for number in ["1", "2"] { _ = try await harness.run(["star", "--result", number], environment: environment) }
        try? FileManager.default.removeItem(atPath: log)
        let list = try await harness.run(["open", "--list", "starred", "--preview"], environment: withPlayer)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(calls(log).filter { $0.hasPrefix("#EXTINF:") }.count == 2, "\(calls(log))")
        #expect(try await harness.run(["open", "--list", "starred"], environment: withPlayer).status == 64)

        // Only ffplay, which plays one link at a time: the first track, said so.
        let (ffplayBin, ffplayLog) = try fakeBin(harness, ["ffplay"])
        var onlyFfplay = environment
        onlyFfplay["PATH"] = ffplayBin
        let first = try await harness.run(["open", "deezer:album:302127", "--preview"], environment: onlyFfplay)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("no player for a playlist on PATH (mpv, vlc): playing the first of Discovery"))
        #expect(
            calls(ffplayLog).last?.hasPrefix("ffplay -autoexit -loglevel error https://") == true, "\(calls(ffplayLog))"
        )
    }

    @Test func browserWinsAndAPreviewWithoutAPlayerOpensItsLink() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let (_, search) = try await harness.searchJSON(["jack", "--kind", "song"])
        let first = try #require(search.results.first)
        let (bin, log) = try fakeBin(harness, ["xdg-open", "firefox"])
        let browser = try await harness.run(
            ["open", "--result", "1"], environment: ["PATH": bin, "BROWSER": "firefox --new-tab %s"])
        #expect(browser.status == 0, "\(browser.stderr)")
        #expect(calls(log) == ["firefox --new-tab \(first["url"] as! String)"])
        let preview = try await harness.run(["open", "--result", "1", "--preview"], environment: ["PATH": bin])
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(calls(log).last == "xdg-open \(first["previewUrl"] as! String)")
        #expect(preview.stderr.contains("no player for the preview (tried mpv, ffplay, vlc on PATH); opening its link"))
    }

    /// xdg-open with no browser behind it prints its own warnings and exits 3: they are not
    /// shown; the link is printed, with how to set a browser.
    @Test func aFailingOpenerPrintsTheLinkAndHowToSetABrowser() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let (_, search) = try await harness.searchJSON(["jack", "--kind", "song"])
        let url = try #require(search.results.first?["url"] as? String)
        let bin = harness.runner.home.appendingPathComponent("failing-bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let opener = bin.appendingPathComponent("xdg-open").path
        let noise = (1...7).map { "echo 'xdg-open: no method available for opening \($0)' >&2" }.joined(separator: "\n")
        try "#!/bin/sh\n\(noise)\necho noise on stdout\nexit 3\n".write(
            toFile: opener, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener)
        let result = try await harness.run(["open", "--result", "1"], environment: ["PATH": bin.path])
        #expect(result.status == 69)
        #expect(result.stdout == url + "\n")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.last?.contains("xdg-open exited with status 3: set $BROWSER (e.g. BROWSER=firefox)") == true)
        #expect(!result.stderr.contains("no method available"))
    }

    @Test func nothingToOpenWithIsAClearError() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        _ = try await harness.searchJSON(["jack", "--kind", "song"])
        let (bin, _) = try fakeBin(harness, [])
        let result = try await harness.run(["open", "--result", "1"], environment: ["PATH": bin])
        #expect(result.status == 69)
        #expect(result.stdout.hasPrefix("https://") && result.stdout.hasSuffix("\n"))
        #expect(result.stderr.contains("no browser to open"))
        #expect(result.stderr.contains("set $BROWSER (e.g. BROWSER=firefox) or install xdg-utils"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        let usage = try await harness.run(["open"], environment: ["PATH": bin])
        #expect(usage.status == 64)
    }
}
