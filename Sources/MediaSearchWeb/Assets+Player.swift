extension Assets {
    /// The page's one player (#75 item 3): the now-playing bar (``Screens/pageEnd``, `Templates/web/page-end.mustache`) plays
    /// every Play of the page, one `Audio` for all, no native player anywhere. A Play plays its
    /// row and queues the rows after it in its list (an album's tracks, the results); a Play all
    /// plays its list from the top; a list's Play all on the Lists page fetches the list's page
    /// and plays its rows. The bar shows the title (a link to its detail), the artwork,
    /// previous, play/pause, next and the position; the row playing is marked (`aria-current`),
    /// and a polite status line says what plays. A Play that cannot play is skipped, or, alone,
    /// says so in the bar. The queue and the place in it are kept for the tab (sessionStorage), so
    /// the bar survives going to another page and goes on there (where the browser lets a page
    /// play by itself; else it waits, paused, at its place). The Media Session API gives the
    /// system's media keys and lock screen the same. `MediaSearchPlayer` lets the keyboard do it.
    static let player = """
        (function () {
          "use strict";
          const bar = document.querySelector("section.now-playing");
          if (!bar) { return; }
          // The bar's words (the page's language), then the page's (what cannot play).
          const words = Object.assign({}, document.body.dataset, bar.dataset);
          const KEPT = "mediasearch.player";
          const audio = new Audio();
          audio.preload = "none";
          // The queue: what each Play said of itself; `list` names the list it came from on its
          // page (for that list's Play all), `index` the one playing.
          let state = { queue: [], index: -1, page: "", list: "" };
          // A speed per place in the queue, which a test sets (its previews are two-second tones).
          let rates = {};
          const title = bar.querySelector(".what .title");
          const creator = bar.querySelector(".what .creator");
          const cover = bar.querySelector("img.cover");
          const toggleButton = bar.querySelector("button.toggle");
          const position = bar.querySelector("input.position");
          const time = bar.querySelector(".time");
          const status = bar.querySelector(".now");
          const problem = bar.querySelector(".unplayable");
          function entry(link) {
            return {
              src: link.href, title: link.dataset.title || "", creator: link.dataset.creator || "",
              artwork: link.dataset.artwork || "", href: link.dataset.href || "", live: link.hasAttribute("data-live"),
              unplayable: link.dataset.unplayable || ""
            };
          }
          function plays(scope) {
            return Array.from(scope.querySelectorAll("a.play[href]")).filter(function (link) { return !link.closest(".now-playing"); });
          }
          function current() { return state.queue[state.index] || null; }
          function clock(seconds) {
            if (!isFinite(seconds) || seconds < 0) { seconds = 0; }
            const whole = Math.floor(seconds);
            const m = Math.floor(whole / 60);
            const s = whole % 60;
            return (m >= 60 ? Math.floor(m / 60) + ":" + String(m % 60).padStart(2, "0") : String(m)) + ":" + String(s).padStart(2, "0");
          }
          function keep() {
            try {
              const now = current();
              sessionStorage.setItem(KEPT, JSON.stringify({
                queue: state.queue, index: state.index, page: state.page, list: state.list,
                time: now && !now.live ? audio.currentTime : 0, playing: !audio.paused
              }));
            } catch (error) { /* private mode: the bar lasts the page */ }
          }
          function mine(list) { return state.page === location.pathname && state.list === list; }
          // Everything the page shows of the player, from its state.
          function show() {
            const now = current();
            const playing = now !== null && !audio.paused;
            bar.classList.toggle("playing", playing);
            document.body.classList.toggle("with-player", now !== null);
            toggleButton.setAttribute("aria-label", playing ? words.pause : words.play);
            toggleButton.setAttribute("aria-pressed", playing ? "true" : "false");
            bar.querySelector("button.previous").disabled = !now || state.index <= 0;
            bar.querySelector("button.next").disabled = !now || state.index >= state.queue.length - 1;
            document.querySelectorAll("p.play-all button").forEach(function (button) {
              const ours = now !== null && mine(button.dataset.queue);
              button.textContent = ours && playing ? words.pause : (ours ? words.resume : words.playAll);
              button.setAttribute("aria-pressed", ours && playing ? "true" : "false");
            });
            // The rows that play what plays are marked, wherever they are on the page.
            document.querySelectorAll("li.current").forEach(function (row) {
              row.classList.remove("current");
              row.removeAttribute("aria-current");
            });
            if (now) {
              plays(document).forEach(function (link) {
                const row = link.closest("li");
                if (row && link.href === now.src) {
                  row.classList.add("current");
                  row.setAttribute("aria-current", "true");
                }
              });
            }
            if (!now) { return; }
            bar.hidden = false;
            title.textContent = now.title;
            if (now.href) { title.setAttribute("href", now.href); } else { title.removeAttribute("href"); }
            creator.textContent = now.creator;
            if (now.artwork) { cover.src = now.artwork; cover.hidden = false; } else { cover.hidden = true; cover.removeAttribute("src"); }
            position.hidden = now.live;
            const says = (words.playing || "{n}/{count}: {title}")
              .replace("{n}", String(state.index + 1)).replace("{count}", String(state.queue.length));
            // The title is the source's: not the page's words, and not for translating.
            const parts = state.queue.length > 1 ? says.split("{title}") : ["", ""];
            if (status.textContent !== parts.join(now.title)) {
              const name = document.createElement("span");
              name.setAttribute("translate", "no");
              name.textContent = now.title;
              status.replaceChildren(parts[0], name, parts.slice(1).join(""));
            }
            if ("mediaSession" in navigator) {
              navigator.mediaSession.playbackState = playing ? "playing" : "paused";
            }
          }
          function tick() {
            const now = current();
            if (!now) { return; }
            if (now.live) { time.textContent = words.live || "Live"; return; }
            const length = isFinite(audio.duration) ? audio.duration : 0;
            position.max = String(length);
            position.value = String(audio.currentTime);
            position.setAttribute("aria-valuetext", clock(audio.currentTime) + " / " + clock(length));
            time.textContent = clock(audio.currentTime) + " / " + clock(length);
            if ("mediaSession" in navigator && length > 0 && navigator.mediaSession.setPositionState) {
              try {
                navigator.mediaSession.setPositionState({ duration: length, position: Math.min(audio.currentTime, length), playbackRate: audio.playbackRate || 1 });
              } catch (error) { /* a position the system does not take */ }
            }
          }
          function describe(now) {
            if (!("mediaSession" in navigator) || !window.MediaMetadata) { return; }
            navigator.mediaSession.metadata = new MediaMetadata({
              title: now.title, artist: now.creator,
              artwork: now.artwork ? [{ src: now.artwork, sizes: "200x200" }] : []
            });
          }
          // Loads the queue's entry `index` (skipping those that failed), from `from` seconds;
          // plays it when `go`. Past the end, the bar stays on the last, paused.
          function load(index, go, from) {
            while (index < state.queue.length && state.queue[index].failed) { index += 1; }
            if (index < 0 || index >= state.queue.length) { audio.pause(); show(); keep(); return; }
            state.index = index;
            const now = current();
            problem.hidden = true;
            problem.textContent = "";
            if (audio.src !== now.src) { audio.src = now.src; }
            audio.defaultPlaybackRate = rates[index] || 1;
            audio.playbackRate = audio.defaultPlaybackRate;
            if (from > 0 && !now.live) {
              const seek = function () { try { audio.currentTime = from; } catch (error) { /* not seekable */ } };
              if (audio.readyState >= 1) { seek(); } else { audio.addEventListener("loadedmetadata", seek, { once: true }); }
            } else if (audio.readyState >= 1 && !now.live) {
              try { audio.currentTime = 0; } catch (error) { /* not seekable */ }
            }
            describe(now);
            if (go) {
              const started = audio.play();
              if (started) { started.catch(function () { show(); keep(); }); }
            } else {
              audio.load();
            }
            show();
            tick();
            keep();
          }
          // Plays `link` and the rows after it in its list (or the list `listID` from its top).
          function start(links, at, list) {
            state = { queue: links.map(entry), index: -1, page: location.pathname, list: list || "" };
            load(at, true, 0);
          }
          function toggle() {
            if (!current()) { return false; }
            if (audio.paused) {
              const resumed = audio.play();
              if (resumed) { resumed.catch(function () {}); }
            } else {
              audio.pause();
            }
            return true;
          }
          function step(by) {
            if (!current()) { return; }
            const target = Math.min(Math.max(state.index + by, 0), state.queue.length - 1);
            // Back a step skips back over what failed too.
            let index = target;
            while (by < 0 && index > 0 && state.queue[index].failed) { index -= 1; }
            load(index, true, 0);
          }
          function playAll(button) {
            const list = document.getElementById(button.dataset.queue);
            if (!list) { return; }
            if (current() && mine(button.dataset.queue)) { toggle(); return; }
            start(plays(list), 0, button.dataset.queue);
          }
          async function playList(button) {
            button.setAttribute("aria-busy", "true");
            try {
              const response = await fetch(button.dataset.page);
              if (!response.ok) { throw new Error(String(response.status)); }
              const page = new DOMParser().parseFromString(await response.text(), "text/html");
              const rows = page.querySelector("ol.tracks");
              const links = rows ? plays(rows) : [];
              // Parsed in another document, each link's address is made whole against this page.
              links.forEach(function (link) { link.href = new URL(link.getAttribute("href"), location.href).href; });
              if (links.length > 0) { start(links, 0, ""); } else { problem.hidden = false; problem.textContent = words.nothingPlays || ""; bar.hidden = false; }
            } catch (error) {
              status.textContent = (words.starFailed || "{error}").replace("{error}", error.message);
            } finally {
              button.removeAttribute("aria-busy");
            }
          }
          document.querySelectorAll("p.play-all, button.play-list").forEach(function (shown) { shown.hidden = false; });
          document.addEventListener("click", function (event) {
            if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) { return; }
            const target = event.target instanceof Element ? event.target : null;
            if (!target) { return; }
            const all = target.closest("p.play-all button");
            if (all) { event.preventDefault(); playAll(all); return; }
            const listed = target.closest("button.play-list");
            if (listed) { event.preventDefault(); playList(listed); return; }
            const link = target.closest("a.play[href]");
            if (!link || link.closest(".now-playing")) { return; }
            event.preventDefault();
            const now = current();
            if (now && now.src === link.href) { toggle(); return; }
            const scope = link.closest("ol");
            const links = scope ? plays(scope) : [link];
            const list = scope && scope.id ? scope.id : "";
            start(links, Math.max(links.indexOf(link), 0), list);
          });
          toggleButton.addEventListener("click", toggle);
          bar.querySelector("button.previous").addEventListener("click", function () { step(-1); });
          bar.querySelector("button.next").addEventListener("click", function () { step(1); });
          bar.querySelector("button.close").addEventListener("click", function () {
            audio.pause();
            audio.removeAttribute("src");
            state = { queue: [], index: -1, page: "", list: "" };
            bar.hidden = true;
            try { sessionStorage.removeItem(KEPT); } catch (error) { /* nothing kept */ }
            show();
          });
          position.addEventListener("input", function () {
            try { audio.currentTime = Number(position.value); } catch (error) { /* not seekable */ }
          });
          let saved = 0;
          audio.addEventListener("timeupdate", function () {
            tick();
            if (Date.now() - saved > 1000) { saved = Date.now(); keep(); }
          });
          audio.addEventListener("loadedmetadata", tick);
          audio.addEventListener("play", function () { show(); keep(); });
          audio.addEventListener("pause", function () { show(); keep(); });
          audio.addEventListener("ended", function () {
            if (state.index < state.queue.length - 1) { load(state.index + 1, true, 0); } else { show(); keep(); }
          });
          // What cannot play (an expired link, a station off the air) is skipped in a queue, and
          // said when it was the last or the only one.
          audio.addEventListener("error", function () {
            const now = current();
            if (!now || !audio.getAttribute("src")) { return; }
            now.failed = true;
            plays(document).forEach(function (link) { if (link.href === now.src) { link.dataset.failed = "1"; } });
            const rest = state.queue.slice(state.index + 1).some(function (other) { return !other.failed; });
            if (rest) { load(state.index + 1, true, 0); return; }
            problem.textContent = now.unplayable || words.unplayable || "This preview cannot be played.";
            problem.hidden = false;
            show();
            keep();
          });
          window.addEventListener("pagehide", keep);
          if ("mediaSession" in navigator) {
            const actions = {
              play: function () { if (audio.paused) { toggle(); } },
              pause: function () { if (!audio.paused) { toggle(); } },
              previoustrack: function () { step(-1); },
              nexttrack: function () { step(1); },
              seekto: function (details) { try { audio.currentTime = details.seekTime; } catch (error) { /* not seekable */ } },
              stop: function () { audio.pause(); }
            };
            Object.keys(actions).forEach(function (action) {
              try { navigator.mediaSession.setActionHandler(action, actions[action]); } catch (error) { /* not offered here */ }
            });
          }
          // What played on the page before (or, back on a page the browser kept, since): its
          // place, going on if it was playing. What could not play is not taken up again.
          function restore() {
            try {
              const kept = JSON.parse(sessionStorage.getItem(KEPT) || "null");
              if (kept && Array.isArray(kept.queue) && kept.index >= 0 && kept.index < kept.queue.length
                && !kept.queue[kept.index].failed) {
                state = { queue: kept.queue, index: kept.index, page: kept.page || "", list: kept.list || "" };
                load(kept.index, Boolean(kept.playing), Number(kept.time) || 0);
              }
            } catch (error) { /* nothing kept, or not readable: a fresh bar */ }
          }
          restore();
          window.addEventListener("pageshow", function (event) { if (event.persisted) { restore(); show(); } });
          window.MediaSearchPlayer = {
            // Whether a key has something to play: a queue, a Play all or a Play.
            can: function () { return current() !== null || document.querySelector("p.play-all button, main a.play[href]") !== null; },
            toggle: function () {
              if (toggle()) { return; }
              const first = document.querySelector("p.play-all button");
              if (first) { playAll(first); return; }
              const link = document.querySelector("main a.play[href]");
              if (link) { link.click(); }
            },
            next: function () { step(1); },
            previous: function () { step(-1); },
            // For tests: the audio element, and a speed per place in the queue.
            audio: audio,
            state: function () { return { index: state.index, length: state.queue.length, paused: audio.paused, src: audio.src, time: audio.currentTime, title: current() ? current().title : null }; },
            slow: function (table) { rates = table || {}; }
          };
          show();
        })();
        """
}
