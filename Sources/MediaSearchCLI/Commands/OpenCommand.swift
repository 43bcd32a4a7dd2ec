import ArgumentParser
import Foundation
import MediaSearchCore
import MediaSearchKit

/// `mediasearch open`: the item's store page in the browser, or its preview in a player.
struct OpenCommand: ParsableCommand, ProviderCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open an item's store page in the browser, or play its preview.",
        usage: "mediasearch open (<id> [-k <kind>] | --result <n> | --list <l>) [<opts>]",
        discussion: HelpText.paragraphs(
            """
            The page opens with $BROWSER, else xdg-open (open on macOS). --preview plays with the
            first of mpv, ffplay or vlc on PATH, else opens the preview's link. An album, a book
            or a podcast plays its tracks, sections or episodes one after another, and --list a
            list's items: the player (mpv or vlc) gets them as a playlist. When nothing can open
            it, the link is printed on stdout (exit 69), to open by hand or set $BROWSER.

            Examples:
              mediasearch open --result 1
              mediasearch open 1440857781 --preview
              mediasearch open deezer:album:302127 --preview   # the album's tracks
              mediasearch open --list starred --preview
            """))

    @Argument(help: "The item's id (the first field of search's lines).")
    var id: String?

    @Option(help: "Open the Nth result of the last search.")
    var result: Int?

    @Option(
        name: [.customShort("k"), .long],
        help: "The kind of the id (a provider, source or kind of media, as search takes).",
        completion: CompletionWords.kind)
    var kind: String?

    @Option(help: "Play a list's items (with --preview), e.g. starred.")
    var list: String?

    @Flag(help: "Play the preview instead of opening the store page.")
    var preview = false

    @OptionGroup var common: ConfigOption

    @OptionGroup var storeOption: StoreOption
    @OptionGroup var network: NetworkOptions

    func validate() throws {
        guard [id != nil, result != nil, list != nil].filter({ $0 }).count == 1 else {
            throw ValidationError("give an id, --result N or --list NAME (one of them)")
        }
        if let result, result < 1 { throw ValidationError("--result starts at 1") }
        if list != nil, !preview { throw ValidationError("--list plays a list: add --preview") }
    }

    func execute(in environment: CommandEnvironment) async throws -> Int32 {
        let configuration = try environment.loadConfiguration(explicitPath: common.config, store: storeOption.store)
        let session = try await environment.session(configuration, network: network)
        environment.announce(configuration)
        let target: DetailTarget = id.map { .id($0, kind: kind) } ?? .result(result ?? 1)
        let console = environment.console
        let launcher = Launcher(variables: environment.variables)
        let name: String
        let link: String?
        // What plays: a preview, or a station's live stream (#60 item 6).
        var plays = "preview"
        if preview {
            let playlist: Playlist
            if let list {
                let listName = try ListName.checked(list)
                (name, playlist) = (listName, Playlist(try await session.listResults(listName)))
            } else {
                let (item, tracks, live) = try await session.playlist(of: target)
                (name, playlist) = (TextSanitizer.line(item.title ?? item.id), tracks)
                if live { plays = "stream" }
            }
            if playlist.entries.count > 1, try play(playlist, name: name, launcher: launcher, console: console) {
                return ExitStatus.success
            }
            link = playlist.entries.first?.url
        } else {
            let item = try await session.item(of: target)
            (name, link) = (TextSanitizer.line(item.title ?? item.id), item.url.flatMap(SafeURL.http))
        }
        guard let link else {
            throw MediaSearchError.cannotOpen("\(name) has no \(preview ? plays : "store page") to open")
        }
        if preview {
            if let player = launcher.player(for: link) {
                console.notice("playing the \(plays) of \(name)")
                try launcher.run(player)
                return ExitStatus.success
            }
            console.notice(
                "no player for the \(plays) (tried \(Launcher.players.map(\.name).joined(separator: ", ")) on PATH);"
                    + " opening its link")
        }
        // When no browser can be had, the link itself is the answer: on stdout, to copy or pipe.
        let advice = "set $BROWSER (e.g. BROWSER=firefox) or install xdg-utils; the link is on stdout"
        guard let opener = launcher.opener(for: link) else {
            console.out(link + "\n")
            throw MediaSearchError.cannotOpen("no browser to open \(name) with: \(advice)")
        }
        console.notice("opening \(preview ? "the \(plays) of " : "")\(name)")
        do {
            try launcher.run(opener, quiet: true)
        } catch {
            console.out(link + "\n")
            throw MediaSearchError.cannotOpen("\(error.description): \(advice)")
        }
        return ExitStatus.success
    }

    /// Hands a player that reads playlists the whole playlist, in a private file removed once it
    /// has played; `false` when no such player is on PATH (the first entry is played instead).
    private func play(
        _ playlist: Playlist, name: String, launcher: Launcher, console: Console
    ) throws -> Bool {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mediasearch-\(UUID().uuidString).m3u")
        guard let player = launcher.player(forPlaylist: file.path) else {
            console.notice("no player for a playlist on PATH (mpv, vlc): playing the first of \(name)")
            return false
        }
        try AtomicFile.write(Data(playlist.m3u.utf8), to: file.path, durable: false)
        defer { try? FileManager.default.removeItem(at: file) }
        console.notice("playing \(name): \(playlist.entries.count) tracks")
        try launcher.run(player)
        return true
    }
}
