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
    /// Whether a program the picker started (a player) has the terminal: Ctrl-C is then its.
    static let childHasTheKeys = Atomic<Bool>(false)

    /// A result's cover as the pane draws it: half-block lines inside the frame, or a graphics
    /// protocol's picture (Kitty's, Sixel, iTerm2's) drawn at the pane's corner after the frame,
    /// over `rows` rows the frame then leaves alone until the selection moves.
    enum Cover: Sendable {
        case lines([String])
        case overlay([UInt8], rows: Int)

        var lines: [String] {
            switch self {
            case .lines(let lines): lines
            case .overlay(_, let rows): Array(repeating: "", count: rows)
            }
        }
    }

    enum Event: Sendable {
        case keys([Key])
        case arrived(SearchArrival, generation: Int)
        case finished(SearchPage, generation: Int)
        case failed(String, generation: Int)
        /// A cover, for the window size of its `layout` (a resize makes the ones before stale).
        case picture(ResultEntry.ID, Cover, layout: Int)
        case resize
    }

    let session: SearchSession
    let request: SearchRequest
    let order: ResultOrder
    let environment: CommandEnvironment
    let offline: Bool

    /// Runs until the picker is left; the exit status.
    func run() async throws -> Int32 {
        #if canImport(Glibc)
            let tty = Glibc.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        #else
            let tty = Darwin.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        #endif
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
            // What a read ended in the middle of (an escape sequence, a character), for the next;
            // a lone Esc is one when the next read, a tenth of a second on, brings nothing.
            var pending: [UInt8] = []
            defer { stop.store(true, ordering: .relaxed) }
            while !stop.load(ordering: .relaxed) {
                if pause.load(ordering: .sequentiallyConsistent) != 0 {
                    pause.store(2, ordering: .sequentiallyConsistent)
                    usleep(20_000)
                    continue
                }
                // Raw mode: a read returns within 0.1 s, keys or none.
                let count = buffer.withUnsafeMutableBytes { read(tty, $0.baseAddress, $0.count) }
                if count > 0 {
                    let (keys, rest) = Key.parse(pending + buffer[0..<count])
                    pending = rest
                    if !keys.isEmpty { post.yield(.keys(keys)) }
                } else if count == 0, !pending.isEmpty {
                    post.yield(.keys(pending == [0x1B] ? [.escape] : []))
                    pending = []
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
        // The graphics protocol's cover on the screen now (it stays until drawn over or taken off).
        var shownCover: ResultEntry.ID? = nil
        var clearScreen = false
        var layout = 0
        // The detail shown, laid out again when the window's width changes.
        var detailShown: DetailPage? = nil
        var asked: Set<ResultEntry.ID> = []
        var size = Self.size(of: tty)
        // The terminal's protocol (as preview draws it), or half-blocks.
        let drawing = PictureProtocol.detect(environment: environment.variables, isTerminal: true)
        let overlay = [.kitty, .sixel, .iterm].contains(drawing)
        let kitty = drawing == .kitty
        let cell = PreviewBox.terminalPixels() ?? TerminalPicture.defaultCell
        let painter = TerminalPicture(
            drawing: drawing, trueColor: PreviewCommand.trueColor(environment.variables), cell: cell)
        let draws = drawing != .none && Picture.canDecode

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
            let layout = layout
            Task {
                guard let data = try? await session.artwork(of: entry.item), let picture = Picture(decoding: data)
                else {
                    post.yield(.picture(entry.id, .lines([]), layout: layout))
                    return
                }
                let size = painter.fit(width: picture.width, height: picture.height, columns: columns, rows: rows)
                if overlay {
                    let bytes = painter.overlay(picture, original: data, columns: size.columns, rows: size.rows)
                    post.yield(
                        .picture(
                            entry.id, bytes.isEmpty ? .lines([]) : .overlay(bytes, rows: size.rows), layout: layout))
                    return
                }
                let lines = picture.scaled(width: size.columns, height: size.rows * 2).map {
                    String(decoding: painter.halfBlocks($0), as: UTF8.self).components(separatedBy: "\r\n")
                        .filter { !$0.isEmpty }
                }
                post.yield(.picture(entry.id, .lines(lines ?? []), layout: layout))
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
                        pictures = [:]
                        asked = []
                        search(term)
                    case .detail(let id):
                        // Said at once: the detail may ask its source.
                        state.message = "Loading the detail…"
                        FullScreen.write(view.frame(state, picture: []))
                        state.message = nil
                        do {
                            let page = try await session.detail(of: entry(id))
                            detailShown = page
                            state.screen = detail(page, width: size.columns)
                        } catch {
                            state.message = MediaSearchError.wrap(error).description
                        }
                    case .open(let id): state.message = await open(id, preview: false)
                    case .play(let id):
                        // The player has the terminal, and its keys, until it ends.
                        pause.store(1, ordering: .sequentiallyConsistent)
                        while pause.load(ordering: .sequentiallyConsistent) != 2 && !stop.load(ordering: .relaxed) {
                            try? await Task.sleep(for: .milliseconds(10))
                        }
                        FullScreen.give()
                        // Ctrl-C stops the player, not the picker.
                        PickerLoop.childHasTheKeys.store(true, ordering: .sequentiallyConsistent)
                        let said = await open(id, preview: true)
                        PickerLoop.childHasTheKeys.store(false, ordering: .sequentiallyConsistent)
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
            case .picture(let id, let cover, let made) where made == layout: pictures[id] = cover
            case .resize:
                size = Self.size(of: tty)
                pictures = [:]
                asked = []
                layout += 1
                if kitty && shownCover != nil { FullScreen.write(TerminalPicture.kittyClear) }
                shownCover = nil
                clearScreen = true
                if let page = detailShown, case .detail(_, _, let top) = state.screen {
                    state.screen = detail(page, width: size.columns, top: top)
                }
            default: break
            }
            let fresh = PickerView(width: size.columns, height: size.rows, style: environment.textStyle(.auto))
            state.clamp(rows: fresh.listRows)
            askPicture(rows: fresh.pictureRows, columns: fresh.paneWidth)
            let wanted = state.screen == .list && fresh.paneWidth > 0 ? state.current?.id : nil
            let cover = wanted.flatMap { pictures[$0] }
            var frame: [UInt8] = clearScreen ? Array("\u{1B}[2J".utf8) : []
            clearScreen = false
            if case .overlay(let bytes, let rows) = cover, let wanted {
                if wanted == shownCover {
                    // On the screen already: the frame leaves its cells alone.
                    frame += fresh.frame(state, picture: cover?.lines ?? [], untouched: rows)
                } else {
                    // The frame blanks its cells (a Sixel or iTerm2 picture is text's cells), then
                    // it is drawn at the pane's corner (Kitty's takes the one before off itself).
                    frame += fresh.frame(state, picture: cover?.lines ?? [])
                    frame += Array("\u{1B}[3;\(fresh.listWidth + 4)H".utf8) + bytes
                    shownCover = wanted
                }
            } else {
                frame += fresh.frame(state, picture: cover?.lines ?? [])
                if kitty && shownCover != nil { frame += TerminalPicture.kittyClear }
                shownCover = nil
            }
            FullScreen.write(frame)
        }
        searching?.cancel()
        if shownCover != nil { FullScreen.write(TerminalPicture.kittyClear) }
        return status
    }

    /// The terminal's size in cells (80 x 24 when it does not say; under 20 x 6 the screen says it
    /// is too small).
    static func size(of tty: Int32) -> (columns: Int, rows: Int) {
        guard let size = Console.windowSize(tty) else { return (80, 24) }
        return (max(1, Int(size.ws_col)), max(1, Int(size.ws_row)))
    }

    private func entry(_ id: ResultEntry.ID) -> DetailTarget { .id(id.id, kind: id.kind) }

    /// The detail screen of `page`, laid out at `width`.
    private func detail(_ page: DetailPage, width: Int, top: Int = 0) -> Picker.Screen {
        let text = DetailLayout(width: max(30, min(width, 120)), style: environment.textStyle(.auto))
            .render(page.detail)
        return .detail(
            title: TextSanitizer.line(page.item.title ?? page.item.id), lines: text.components(separatedBy: "\n"),
            top: top)
    }

    /// Opens a result's store page, or plays what it plays (the player has the terminal meanwhile);
    /// what happened, in a line.
    private func open(_ id: ResultEntry.ID, preview: Bool) async -> String {
        let launcher = Launcher(variables: environment.variables)
        do {
            if preview {
                let (item, playlist, _) = try await session.playlist(of: entry(id))
                guard let url = playlist.entries.first.flatMap({ SafeURL.http($0.url) }),
                    let player = launcher.player(for: url)
                else {
                    return
                        "\(TextSanitizer.line(item.title ?? item.id)) has no preview, or no player (mpv, ffplay, vlc)"
                }
                try launcher.run(player)
                return "Played \(TextSanitizer.line(item.title ?? item.id))"
            }
            let found = try await session.entry(of: entry(id))
            // Only a web page: a source's `javascript:` or `file:` link is never handed to a browser.
            guard let url = found.item.url.flatMap(SafeURL.http), let opener = launcher.opener(for: url) else {
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

    /// `line` cut to `width` columns when its text (its escape codes aside) is wider.
    static func cut(_ line: String, to width: Int) -> String {
        DisplayWidth.of(TextStyle.stripEscapes(line)) <= width
            ? line : DisplayWidth.truncate(TextStyle.stripEscapes(line), to: width)
    }

    /// The whole screen, drawn from its top-left corner.
    /// `untouched`: how many rows of the pane, from its top, are left as they are on the screen
    /// (a graphics protocol's cover drawn there before).
    func frame(_ state: Picker, picture: [String], untouched: Int = 0) -> [UInt8] {
        guard width >= 20, height >= 6 else {
            return Array(
                "\u{1B}[H\u{1B}[2J\(DisplayWidth.truncate("Too small: 20x6 at least", to: max(1, width)))".utf8)
        }
        var lines: [String] = [header(state), input(state)]
        switch state.screen {
        case .help:
            lines += Picker.help.map { DisplayWidth.truncate($0, to: width) }
        case .detail(_, let text, let top):
            // Measured without their escapes: a link (OSC 8) is wider in bytes than on screen, and
            // a line cut inside its escape left the terminal swallowing what followed.
            lines += text.dropFirst(top).prefix(listRows).map { Self.cut($0, to: width) }
        case .list:
            lines += body(state, picture: picture)
        }
        while lines.count < height - 1 { lines.append("") }
        lines = Array(lines.prefix(height - 1))
        lines.append(footer(state))
        var out = "\u{1B}[H"
        for (index, line) in lines.enumerated() {
            if (2..<2 + untouched).contains(index), paneWidth > 0, let bar = line.range(of: " │ ") {
                // The list's part and the bar only: the rest of the row is the cover's.
                out += line[..<bar.upperBound] + "\u{1B}[0m"
            } else {
                out += line + "\u{1B}[0m\u{1B}[K"
            }
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
        let filter = TextSanitizer.line(state.filter)
        if state.filtering { return DisplayWidth.truncate("/ " + filter + "▏", to: width) }
        if !state.filter.isEmpty {
            return DisplayWidth.truncate("filter: \(filter)  (Esc clears, / edits)", to: width)
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
                line = style.dim(DisplayWidth.pad(state.searching ? "  searching…" : "  nothing found", to: listWidth))
            } else {
                line = String(repeating: " ", count: listWidth)
            }
            if paneWidth > 0 {
                line += " │ " + (row < pane.count ? Self.cut(pane[row], to: paneWidth) : "")
            }
            rows.append(line)
        }
        return rows
    }
}
