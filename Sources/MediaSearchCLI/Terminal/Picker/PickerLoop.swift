import Dispatch
import Foundation
import MediaSearchCore
import MediaSearchKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `mediasearch pick` and `search -i` (#73 item 2, docs/usage.md "The picker"): the terminal taken
/// whole, the results streaming into a list as each source answers, the selected one's cover and
/// tile beside it. One loop takes every event (a key, a search's step, a picture, a resize) and
/// draws the screen again; searches, pictures, opening and starring are the session's.
struct PickerLoop {
    /// A result's cover as the pane draws it: half-block lines inside the frame, or Kitty's
    /// protocol drawn over blank cells after it (`rows` of them).
    enum Cover: Sendable {
        case lines([String])
        case kitty([UInt8], rows: Int)

        var lines: [String] {
            switch self {
            case .lines(let lines): lines
            case .kitty(_, let rows): Array(repeating: "", count: rows)
            }
        }
    }

    enum Event: Sendable {
        case keys([Key])
        case arrived(SearchArrival, generation: Int)
        case finished(SearchPage, generation: Int)
        case failed(String, generation: Int)
        case picture(ResultEntry.ID, Cover)
        case resize
    }

    let session: SearchSession
    let request: SearchRequest
    let order: ResultOrder
    let environment: CommandEnvironment
    let offline: Bool

    /// Runs until the picker is left; the exit status.
    func run() async throws -> Int32 {
        let tty = Glibc.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0, FullScreen.take(tty) else {
            if tty >= 0 { close(tty) }
            throw MediaSearchError.usage("pick needs a terminal (search prints lines for a pipe)")
        }
        defer {
            FullScreen.give()
            close(tty)
        }
        let (events, post) = AsyncStream<Event>.makeStream()
        let stop = Atomic<Bool>(false)
        // 0: reading; 1: asked to pause (a player has the terminal); 2: paused.
        let pause = Atomic<Int>(0)
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 256)
            while !stop.load(ordering: .relaxed) {
                if pause.load(ordering: .sequentiallyConsistent) != 0 {
                    pause.store(2, ordering: .sequentiallyConsistent)
                    usleep(20_000)
                    continue
                }
                // Raw mode: a read returns within 0.1 s, keys or none.
                let count = buffer.withUnsafeMutableBytes { read(tty, $0.baseAddress, $0.count) }
                if count > 0 {
                    post.yield(.keys(Key.parse(Array(buffer[0..<count]))))
                } else if count < 0 && errno != EINTR && errno != EAGAIN {
                    post.yield(.keys([.control("c")]))
                    return
                }
            }
        }
        reader.start()
        signal(SIGWINCH, SIG_IGN)
        let resizes = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
        resizes.setEventHandler { post.yield(.resize) }
        resizes.resume()
        defer {
            stop.store(true, ordering: .relaxed)
            resizes.cancel()
            signal(SIGWINCH, SIG_DFL)
        }

        var state = Picker(term: request.term ?? request.historyText)
        var generation = 0
        var searching: Task<Void, Never>? = nil
        var pictures: [ResultEntry.ID: Cover] = [:]
        // The cover of Kitty's protocol on the screen now (it stays until taken off).
        var shownCover: ResultEntry.ID? = nil
        var asked: Set<ResultEntry.ID> = []
        var size = Self.size(of: tty)
        // Kitty's protocol where the terminal has it; half-blocks elsewhere (a screen drawn again
        // at each key would have to send a Sixel or iTerm2 picture again each time).
        let kitty = PictureProtocol.detect(environment: environment.variables, isTerminal: true) == .kitty
        let cell = PreviewBox.terminalPixels() ?? TerminalPicture.defaultCell
        let painter = TerminalPicture(
            drawing: kitty ? .kitty : .blocks, trueColor: PreviewCommand.trueColor(environment.variables), cell: cell)
        let draws =
            environment.variables["NO_COLOR"] == nil && Picture.canDecode
            && (environment.variables["TERM"] ?? "dumb") != "dumb"

        func search(_ term: String?) {
            searching?.cancel()
            generation += 1
            let mine = generation
            var next = request
            if let term { next.term = term }
            let session = self.session
            let (order, offline) = (self.order, self.offline)
            searching = Task {
                do {
                    let stream = try session.stream(next, order: order, offline: offline, patience: .zero)
                    for try await event in stream.events {
                        switch event {
                        case .arrived(let arrival): post.yield(.arrived(arrival, generation: mine))
                        case .finished(let page): post.yield(.finished(page, generation: mine))
                        }
                    }
                } catch {
                    if !Task.isCancelled {
                        post.yield(.failed(MediaSearchError.wrap(error).description, generation: mine))
                    }
                }
            }
        }

        /// The selected result's cover, asked once per result and pane size.
        func askPicture(rows: Int, columns: Int) {
            guard draws, let entry = state.current, !asked.contains(entry.id), columns > 4, rows > 2 else { return }
            asked.insert(entry.id)
            let session = self.session
            Task {
                guard let data = try? await session.artwork(of: entry.item), let picture = Picture(decoding: data)
                else {
                    post.yield(.picture(entry.id, .lines([])))
                    return
                }
                let size = painter.fit(width: picture.width, height: picture.height, columns: columns, rows: rows)
                if kitty {
                    let pixels = (
                        min(size.columns * painter.cell.width, picture.width),
                        min(size.rows * painter.cell.height, picture.height)
                    )
                    let bytes = picture.scaled(width: pixels.0, height: pixels.1).map {
                        painter.kitty($0, columns: size.columns, rows: size.rows, advance: false)
                    }
                    post.yield(.picture(entry.id, bytes.map { .kitty($0, rows: size.rows) } ?? .lines([])))
                    return
                }
                let lines = picture.scaled(width: size.columns, height: size.rows * 2).map {
                    String(decoding: painter.halfBlocks($0), as: UTF8.self).components(separatedBy: "\r\n")
                        .filter { !$0.isEmpty }
                }
                post.yield(.picture(entry.id, .lines(lines ?? [])))
            }
        }

        if request.term == nil && request.filters.isEmpty {
            // Nothing to search yet: what is typed is the term, Enter searches it.
            state.searching = false
            state.filtering = true
        } else {
            search(nil)
        }
        var status = ExitStatus.success
        loop: for await event in events {
            let view = PickerView(width: size.columns, height: size.rows, style: environment.textStyle(.auto))
            switch event {
            case .keys(let keys):
                for key in keys {
                    switch state.press(key, rows: view.listRows) {
                    case .none: break
                    case .quit:
                        if key == .control("c") { status = ExitStatus.interrupted }
                        break loop
                    case .search(let term):
                        state.searched(term)
                        search(term)
                    case .detail(let id): await showDetail(id, in: &state, width: size.columns)
                    case .open(let id): state.message = await open(id, preview: false)
                    case .play(let id):
                        // The player has the terminal, and its keys, until it ends.
                        pause.store(1, ordering: .sequentiallyConsistent)
                        while pause.load(ordering: .sequentiallyConsistent) != 2 {
                            try? await Task.sleep(for: .milliseconds(10))
                        }
                        FullScreen.give()
                        let said = await open(id, preview: true)
                        _ = FullScreen.take(tty)
                        pause.store(0, ordering: .sequentiallyConsistent)
                        state.message = said
                    case .star(let id): state.message = await star(id)
                    }
                }
            case .arrived(let arrival, let step) where step == generation: state.arrived(arrival)
            case .finished(let page, let step) where step == generation: state.finished(page)
            case .failed(let message, let step) where step == generation:
                state.searching = false
                state.message = message
            case .picture(let id, let lines): pictures[id] = lines
            case .resize:
                size = Self.size(of: tty)
                pictures = [:]
                asked = []
                shownCover = nil
            default: break
            }
            let fresh = PickerView(width: size.columns, height: size.rows, style: environment.textStyle(.auto))
            state.clamp(rows: fresh.listRows)
            askPicture(rows: fresh.pictureRows, columns: fresh.paneWidth)
            let cover = state.current.flatMap { pictures[$0.id] }
            var frame = fresh.frame(state, picture: cover?.lines ?? [])
            if kitty {
                // The cover goes over the blank cells the frame left for it, only when it changes.
                let wanted = state.screen == .list && fresh.paneWidth > 0 ? state.current?.id : nil
                if case .kitty(let bytes, _) = cover, let wanted, wanted != shownCover {
                    frame += Array("\u{1B}[3;\(fresh.listWidth + 4)H".utf8) + bytes
                    shownCover = wanted
                } else if wanted == nil || cover == nil, shownCover != nil {
                    frame += TerminalPicture.kittyClear
                    shownCover = nil
                }
            }
            FullScreen.write(frame)
        }
        searching?.cancel()
        if shownCover != nil { FullScreen.write(TerminalPicture.kittyClear) }
        return status
    }

    /// The terminal's size in cells (80 x 24 when it does not say).
    static func size(of tty: Int32) -> (columns: Int, rows: Int) {
        guard let size = Console.windowSize(tty) else { return (80, 24) }
        return (max(20, Int(size.ws_col)), max(6, Int(size.ws_row)))
    }

    private func entry(_ id: ResultEntry.ID) -> DetailTarget { .id(id.id, kind: id.kind) }

    private func showDetail(_ id: ResultEntry.ID, in state: inout Picker, width: Int) async {
        do {
            let page = try await session.detail(of: entry(id))
            let text = DetailLayout(width: min(width, 120), style: environment.textStyle(.auto)).render(page.detail)
            state.screen = .detail(
                title: TextSanitizer.line(page.item.title ?? page.item.id),
                lines: text.components(separatedBy: "\n"), top: 0)
        } catch {
            state.message = MediaSearchError.wrap(error).description
        }
    }

    /// Opens a result's store page, or plays what it plays (the player has the terminal meanwhile);
    /// what happened, in a line.
    private func open(_ id: ResultEntry.ID, preview: Bool) async -> String {
        let launcher = Launcher(variables: environment.variables)
        do {
            if preview {
                let (item, playlist, _) = try await session.playlist(of: entry(id))
                guard let url = playlist.entries.first?.url, let player = launcher.player(for: url) else {
                    return
                        "\(TextSanitizer.line(item.title ?? item.id)) has no preview, or no player (mpv, ffplay, vlc)"
                }
                try launcher.run(player)
                return "Played \(TextSanitizer.line(item.title ?? item.id))"
            }
            let found = try await session.entry(of: entry(id))
            guard let url = found.item.url, let opener = launcher.opener(for: url) else {
                return "No store page to open"
            }
            try launcher.run(opener, quiet: true)
            return "Opened \(TextSanitizer.line(url))"
        } catch {
            return MediaSearchError.wrap(error).description
        }
    }

    private func star(_ id: ResultEntry.ID) async -> String {
        do {
            let done = try await session.star(entry(id))
            let title = TextSanitizer.line(done.item.title ?? done.item.id)
            return done.added ? "Starred \(title)" : "\(title) was starred already"
        } catch {
            return MediaSearchError.wrap(error).description
        }
    }
}

/// The picker's screen: a header, the filter line, the list beside the selected result's
/// cover and tile (on 70 columns and more), and a footer of keys; every line cut to the width.
struct PickerView {
    var width: Int
    var height: Int
    var style: TextStyle

    var listRows: Int { max(1, height - 3) }
    var listWidth: Int { width >= 70 ? max(30, width * 45 / 100) : width }
    var paneWidth: Int { width >= 70 ? width - listWidth - 3 : 0 }
    var pictureRows: Int { min(listRows / 2, paneWidth / 2) }

    /// The whole screen, drawn from its top-left corner.
    func frame(_ state: Picker, picture: [String]) -> [UInt8] {
        var lines: [String] = [header(state), input(state)]
        switch state.screen {
        case .help:
            lines += Picker.help.map { DisplayWidth.truncate($0, to: width) }
        case .detail(_, let text, let top):
            lines += text.dropFirst(top).prefix(listRows).map { $0 }
        case .list:
            lines += body(state, picture: picture)
        }
        while lines.count < height - 1 { lines.append("") }
        lines = Array(lines.prefix(height - 1))
        lines.append(footer(state))
        var out = "\u{1B}[H"
        for (index, line) in lines.enumerated() {
            out += line + "\u{1B}[0m\u{1B}[K"
            if index < lines.count - 1 { out += "\r\n" }
        }
        return Array(out.utf8)
    }

    func header(_ state: Picker) -> String {
        let count =
            state.visible.count == state.results.count
            ? "\(state.results.count) results" : "\(state.visible.count) of \(state.results.count)"
        var status = count
        if !state.pending.isEmpty {
            status += " · asking \(state.pending.joined(separator: ", "))…"
        } else if state.searching {
            status += " · searching…"
        }
        if !state.failures.isEmpty { status += " · \(state.failures.count) failed" }
        if case .detail(let title, _, _) = state.screen {
            return DisplayWidth.truncate(style.bold(title), to: width)
        }
        let term = TextSanitizer.line(state.term)
        return style.bold("mediasearch") + " " + DisplayWidth.truncate("\(term) · \(status)", to: max(0, width - 12))
    }

    func input(_ state: Picker) -> String {
        if state.screen != .list { return "" }
        if state.filtering { return DisplayWidth.truncate("/ " + state.filter + "▏", to: width) }
        if !state.filter.isEmpty {
            return DisplayWidth.truncate("filter: \(state.filter)  (Esc clears, / edits)", to: width)
        }
        return style.dim(DisplayWidth.truncate("type to filter · Enter opens · ? keys", to: width))
    }

    func footer(_ state: Picker) -> String {
        if let message = state.message { return DisplayWidth.truncate(TextSanitizer.line(message), to: width) }
        let keys =
            if case .detail = state.screen { "j k scroll · o open · p play · s star · q back" } else {
                "↑↓ move · Enter detail · / filter · o open · p play · s star · ? help · q quit"
            }
        return style.dim(DisplayWidth.truncate(keys, to: width))
    }

    func body(_ state: Picker, picture: [String]) -> [String] {
        let shown = state.visible
        var pane: [String] = []
        if paneWidth > 0, let current = state.current {
            pane = picture
            var layout = TileLayout(
                width: paneWidth, style: style,
                media: [current.kind: current.media.isEmpty ? current.kind : current.media])
            layout.forcedColumns = 1
            let tile = layout.render([current.tile]).split(separator: "\n", omittingEmptySubsequences: false)
                .map { String($0) }
            // The tile without its number: "1." is the search's numbering, not the picker's.
            var lines = tile
            if let first = lines.first, let number = first.range(of: "1. ") {
                lines[0].replaceSubrange(number, with: "")
            }
            pane += [""] + lines
        }
        var rows: [String] = []
        for row in 0..<listRows {
            let index = state.top + row
            var line = ""
            if index < shown.count {
                let entry = shown[index]
                let item = entry.item
                let words = TextStyle.badgeWord(entry.media.isEmpty ? entry.kind : entry.media)
                let text =
                    "\(TextSanitizer.line(item.title ?? item.id))"
                    + (item.creator.map { " · " + TextSanitizer.line($0) } ?? "") + "  " + words.lowercased()
                let cut = DisplayWidth.pad(DisplayWidth.truncate(text, to: listWidth - 2), to: listWidth - 2)
                line = index == state.selected ? "\u{1B}[7m› \(cut)\u{1B}[0m" : "  \(cut)"
            } else if index == 0 && shown.isEmpty {
                line = style.dim(state.searching ? "  searching…" : "  nothing found")
            } else {
                line = String(repeating: " ", count: listWidth)
            }
            if paneWidth > 0 {
                line += " │ " + (row < pane.count ? pane[row] : "")
            }
            rows.append(line)
        }
        return rows
    }
}
