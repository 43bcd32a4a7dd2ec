extension Assets {
    /// Play all: the tracks of a section (an album's, a book's sections, a podcast's episodes) play
    /// one after another from its Play all button, the one playing marked (`aria-current`) and
    /// named in the button's status line, which screen readers read politely. The button pauses
    /// and goes on; a track started by hand while the section plays becomes the current one, and
    /// one that cannot play is skipped. `MediaSearchPlayer` lets the keyboard do the same.
    static let player = """
        (function () {
          "use strict";
          const words = document.body.dataset;
          let queue = null;
          function players(section) {
            return Array.from(section.querySelectorAll("ol.tracks > li.track audio"));
          }
          function show() {
            document.querySelectorAll("p.play-all").forEach(function (bar) {
              const section = bar.closest("section");
              const button = bar.querySelector("button");
              const now = bar.querySelector(".now");
              const mine = queue && queue.section === section;
              const current = mine ? queue.players[queue.index] : null;
              const playing = current && !current.paused;
              button.textContent = playing ? words.pause : (mine ? words.resume : words.playAll);
              button.setAttribute("aria-pressed", playing ? "true" : "false");
              section.querySelectorAll("ol.tracks > li.track").forEach(function (track) {
                const on = current !== null && track.contains(current);
                track.classList.toggle("current", on);
                if (on) { track.setAttribute("aria-current", "true"); } else { track.removeAttribute("aria-current"); }
              });
              if (!mine) { now.replaceChildren(); return; }
              const title = current.closest("li.track").querySelector(".title");
              // The title is the source's: not the page's words, and not for translating.
              const name = document.createElement("span");
              name.setAttribute("translate", "no");
              name.textContent = title ? title.textContent : "";
              const parts = (words.playing || "{n}/{count}: {title}")
                .replace("{n}", String(queue.index + 1)).replace("{count}", String(queue.players.length))
                .split("{title}");
              now.replaceChildren(parts[0], name, parts.slice(1).join(""));
            });
          }
          function play(index) {
            if (!queue) { return; }
            index = Math.max(index, 0);
            while (index < queue.players.length && queue.players[index].dataset.failed) { index += 1; }
            if (index < 0 || index >= queue.players.length) {
              queue = null;
              show();
              return;
            }
            queue.players.forEach(function (other, at) { if (at !== index && !other.paused) { other.pause(); } });
            queue.index = index;
            const player = queue.players[index];
            player.currentTime = 0;
            const started = player.play();
            if (started) { started.catch(function () { /* not allowed or unplayable: the error says it */ }); }
            show();
          }
          function toggle(section) {
            if (!section) { return; }
            if (!queue || queue.section !== section) {
              if (queue) { queue.players[queue.index].pause(); }
              queue = { section: section, players: players(section), index: 0 };
              play(0);
              return;
            }
            const current = queue.players[queue.index];
            if (current.paused) {
              const resumed = current.play();
              if (resumed) { resumed.catch(function () {}); }
            } else {
              current.pause();
            }
          }
          function step(by) {
            if (queue) { play(queue.index + by); }
          }
          document.querySelectorAll("p.play-all").forEach(function (bar) {
            bar.hidden = false;
            bar.querySelector("button").addEventListener("click", function () { toggle(bar.closest("section")); });
          });
          document.addEventListener("ended", function (event) {
            if (queue && event.target === queue.players[queue.index]) { play(queue.index + 1); }
          }, true);
          // A track that fails while it plays (an expired link) is skipped too.
          document.addEventListener("error", function (event) {
            if (queue && event.target === queue.players[queue.index]) { play(queue.index + 1); }
          }, true);
          document.addEventListener("play", function (event) {
            if (!queue) { return; }
            const at = queue.players.indexOf(event.target);
            if (at >= 0 && at !== queue.index) {
              queue.players[queue.index].pause();
              queue.index = at;
            }
            show();
          }, true);
          document.addEventListener("pause", function () { if (queue) { show(); } }, true);
          window.MediaSearchPlayer = {
            toggle: function () {
              const first = document.querySelector("p.play-all");
              toggle(queue ? queue.section : (first ? first.closest("section") : null));
            },
            next: function () { step(1); },
            previous: function () { step(-1); }
          };
        })();
        """
}
