import Foundation
import MediaSearchCore
import MediaSearchKit
import Synchronization

/// The loading state (S14): on a terminal, a spinner on stderr naming the providers still pending;
/// with `--verbose` off a terminal, one line per finished provider.
final class Spinner: Sendable {
    private let console: Console
    private let enabled: Bool
    private let animated: Bool
    private let state: Mutex<State>
    private let waits: BudgetWaits?
    /// What it says it is doing, e.g. `searching`.
    private let verb: String

    private struct State {
        var pending: [String]
        var frame = 0
        var task: Task<Void, Never>?
    }

    init(
        console: Console, kinds: [String], enabled: Bool, animated: Bool, waits: BudgetWaits? = nil,
        verb: String = "searching"
    ) {
        self.console = console
        self.verb = verb
        self.waits = waits
        self.enabled = enabled
        self.animated = animated
        self.state = Mutex(State(pending: kinds))
    }

    /// Starts, naming the kinds it waits for.
    func start(kinds: [String]) {
        state.withLock { $0.pending = kinds }
        guard enabled, animated else { return }
        let task = Task { [weak self] in
            while !Task.isCancelled {
                self?.draw()
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        state.withLock { $0.task = task }
    }

    /// Starts again after ``stop()``, naming the kinds still pending.
    func resume() {
        let pending = state.withLock { $0.pending }
        start(kinds: pending)
    }

    func finished(_ status: ProviderStatus) {
        state.withLock { $0.pending.removeAll { $0 == status.kind } }
        if enabled && !animated {
            let outcome = status.error.map { "failed: \($0.description)" } ?? "\(status.count) results"
            console.err("mediasearch: \(status.kind) \(outcome) in \(Int(status.elapsed * 1000)) ms\n")
        }
    }

    func stop() {
        let task = state.withLock { state -> Task<Void, Never>? in
            defer { state.task = nil }
            return state.task
        }
        task?.cancel()
        if enabled && animated { console.err("\r\u{1B}[2K") }
    }

    private func draw() {
        let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
        let waiting = waits?.remaining().map { " (waiting \(Int($0.rounded(.up))) s for the request budget)" } ?? ""
        let line = state.withLock { state -> String? in
            // Between the last provider's answer and stop() there is nothing left to name.
            guard !state.pending.isEmpty else { return nil }
            state.frame += 1
            return "\(frames[state.frame % frames.count]) \(verb) \(state.pending.joined(separator: ", "))…"
        }
        guard let line else { return }
        // Fit to standard error's terminal as it is now (stdout's when that is unknown), less its
        // last column (where a terminal may wrap): a line that wrapped would leave a row behind at
        // every frame, since a frame clears one row. The list of kinds is cut first; the budget's
        // count-down is what a person waits on.
        guard let width = (console.errorWidth() ?? console.terminalWidth).map({ max($0 - 1, 8) }) else {
            console.err("\r\u{1B}[2K" + line + waiting)
            return
        }
        let room = width - DisplayWidth.of(waiting)
        let fitted =
            room >= 12
            ? DisplayWidth.truncate(line, to: room) + waiting : DisplayWidth.truncate(line + waiting, to: width)
        console.err("\r\u{1B}[2K" + fitted)
    }
}
