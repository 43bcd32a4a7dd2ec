/// The stylesheet and the script, served by the binary itself (no CDN, no inline code: the
/// Content-Security-Policy allows scripts and styles from this origin only).
enum Assets {
    static let css = """
        :root { color-scheme: light dark; --bg: #fafafa; --fg: #1d1d1f; --muted: #6e6e73; --card: #fff; --line: #e3e3e8; --accent: #0a66d6;
          --bad: #b3261e; --badbg: #fdecea; --fill: #0a66d6; --on-fill: #fff; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
        @media (prefers-color-scheme: dark) { :root { --bg: #151517; --fg: #f2f2f7; --muted: #a1a1a8; --card: #1f1f22;
          --line: #333338; --accent: #5aa2ff; --bad: #ff8a80; --badbg: #3a1d1b; } }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--fg); }
        a { color: var(--accent); }
        .bar { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; padding: .75rem 1rem;
          border-bottom: 1px solid var(--line); background: var(--card); position: sticky; top: 0; z-index: 2; }
        .brand { font-weight: 700; text-decoration: none; color: var(--fg); font-size: 1.1rem; }
        .search { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; flex: 1; min-width: 0; }
        .search .query { display: flex; gap: .5rem; flex: 1 1 22rem; min-width: 0; }
        .search input[type=search] { flex: 1 1 auto; min-width: 0; padding: .55rem .7rem; font-size: 1rem;
          border: 1px solid var(--line); border-radius: .5rem; background: var(--bg); color: var(--fg); }
        .search select, .search button, .search input:not([type]), .search input[type=text] { padding: .5rem .6rem;
          border-radius: .5rem; border: 1px solid var(--line); background: var(--bg); color: var(--fg); font-size: .95rem;
          font-family: inherit; }
        .search input.country { width: 3.2rem; padding: .5rem .4rem; text-transform: uppercase; text-align: center; }
        .search button { background: var(--fill); color: var(--on-fill); border-color: var(--fill); cursor: pointer; }
        .options { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
        .options > summary { cursor: pointer; color: var(--muted); padding: .25rem 0; }
        .options .fields { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; padding-top: .5rem; }
        /* Wide screens show the options inline; a phone folds them under one line. */
        @media (min-width: 721px) {
          @supports selector(::details-content) {
            .options > summary { display: none; }
            .options::details-content { content-visibility: visible; display: contents; }
            .options .fields { padding-top: 0; }
          }
        }
        @media (max-width: 720px) {
          .bar { padding: .5rem .75rem; gap: .4rem .6rem; }
          .options { flex-basis: 100%; }
          .options:not([open]) ~ .filters { display: none; }
          /* Folded, the form sits beside the name; once a fold is open it takes a row of its own, so
             the options and filters have the screen's full width and never go past it: a text
             filter's box shrinks to fit (#60 item 7). */
          .bar:has(.options[open]) .search { flex-basis: 100%; }
          .options, .filters, .fields { min-width: 0; max-width: 100%; }
          .filters label { display: flex; flex: 1 1 14rem; max-width: 100%; }
          .filters label input, .filters label select { flex: 1 1 auto; min-width: 0; width: 100%; }
          .tabs { padding: .35rem .75rem; }
          main { padding: .75rem; }
        }
        .toggle { font-size: .95rem; color: var(--muted); }
        .sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
          clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        .site-notice p { margin: 0; }
        .site-notice { margin: 0; padding: .4rem 1rem; text-align: center; background: var(--card); color: var(--fg); border-bottom: 1px solid var(--line); font-size: .9rem; }
        footer.foot { display: flex; justify-content: center; padding: 1.5rem 1rem 2rem; color: var(--muted); }
        .tabs { display: flex; gap: .25rem; padding: .5rem 1rem; overflow-x: auto; border-bottom: 1px solid var(--line); }
        .tabs a { padding: .35rem .8rem; border-radius: 999px; text-decoration: none; color: var(--muted); white-space: nowrap; }
        .tabs a[aria-current=page] { background: var(--fill); color: var(--on-fill); }
        .tabs a[aria-current=page] .count { color: inherit; }
        main { padding: 1rem; max-width: 1400px; margin: 0 auto; }
        .messages { list-style: none; padding: 0; margin: 0 0 1rem; display: grid; gap: .4rem; }
        .messages .error { background: var(--badbg); color: var(--bad); padding: .5rem .75rem; border-radius: .5rem; }
        .messages .notice { color: var(--muted); padding: .25rem .75rem; }
        .tiles { list-style: none; padding: 0; margin: 0; display: grid; gap: 1rem;
          grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); }
        .tiles > li.pending, .tiles > li.failed-source { display: flex; flex-direction: column; align-items: center;
          justify-content: center; gap: .6rem; min-height: 12rem; padding: 1rem; text-align: center; color: var(--muted);
          border: 1px dashed var(--line); border-radius: .75rem; }
        .tiles > li.failed-source { border-style: solid; background: var(--badbg); color: var(--bad); }
        .tiles > li.failed-source p { margin: 0; }
        .tiles:has(> li.stream-end) > li.pending { display: none; }
        .pending-bar { width: 1.2rem; height: 1.2rem; border-radius: 50%; border: 2px solid currentColor;
          border-right-color: transparent; animation: turn 1s linear infinite; }
        @keyframes turn { to { transform: rotate(360deg); } }
        @media (prefers-reduced-motion: reduce) { .pending-bar { animation: none; } }
        .tiles.small { grid-template-columns: repeat(auto-fill, minmax(140px, 1fr)); }
        .tile { background: var(--card); border: 1px solid var(--line); border-radius: .75rem; overflow: hidden;
          position: relative; display: flex; flex-direction: column; }
        .tile .open { color: inherit; text-decoration: none; display: flex; flex-direction: column; gap: .2rem;
          padding-bottom: .6rem; }
        .tile .art { width: 100%; height: auto; aspect-ratio: 1; object-fit: cover; background: var(--line); display: block; }
        .tile .art.none { display: flex; flex-direction: column; align-items: center; justify-content: center;
          gap: .35rem; padding: .75rem; text-align: center; color: var(--fg); font-size: .8rem; overflow: hidden; }
        .tile .art.none .icon { font-size: 2.6rem; line-height: 1; }
        .tile .art.none .name { display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical;
          overflow: hidden; }
        .tile .number { position: absolute; top: .4rem; left: .4rem; background: rgba(0,0,0,.6); color: #fff;
          border-radius: .4rem; padding: 0 .4rem; font-size: .8rem; }
        .badge { align-self: flex-start; font-size: .7rem; text-transform: uppercase; letter-spacing: .04em;
          color: var(--accent); margin: .4rem .6rem 0; }
        .tile .title { font-weight: 600; margin: 0 .6rem; overflow-wrap: anywhere; }
        .tile .creator { color: var(--muted); margin: 0 .6rem; font-size: .9rem; }
        .facts { list-style: none; padding: 0; margin: .2rem .6rem 0; display: flex; flex-wrap: wrap; gap: .2rem .5rem;
          font-size: .8rem; color: var(--muted); }
        .reveal { margin: 0 .6rem .6rem; font-size: .85rem; color: var(--muted); }
        .episode { width: calc(100% - 1.2rem); margin: 0 .6rem .6rem; }
        .pager { display: flex; justify-content: space-between; margin: 1.5rem 0; }
        .pager .next { margin-left: auto; }
        .downloads { color: var(--muted); font-size: .85rem; margin: 0 0 .5rem; text-align: right; }
        .downloads.end { display: none; text-align: left; margin: 1rem 0; }
        @media (max-width: 640px) { .downloads.top { display: none; } .downloads.end { display: block; } }
        p.play-all { display: flex; align-items: center; gap: .75rem; flex-wrap: wrap; margin: .5rem 0 0; }
        p.play-all[hidden] { display: none; }
        p.play-all button { padding: .4rem .9rem; border-radius: .5rem; border: 0; background: var(--fill);
          color: var(--on-fill); font: inherit; cursor: pointer; }
        p.play-all .now { color: var(--muted); font-size: .9rem; }
        .track.current { box-shadow: inset 4px 0 0 var(--accent); }
        .track.current .title::before { content: "▶ "; color: var(--accent); }
        kbd { font: .85em ui-monospace, monospace; border: 1px solid var(--line); border-bottom-width: 2px;
          border-radius: .3rem; padding: 0 .35em; background: var(--card); color: var(--fg); }
        button.star { border: 0; background: none; color: var(--accent); font-size: 1.35rem; line-height: 1;
          min-width: 2.25rem; min-height: 2.25rem; cursor: pointer; border-radius: .5rem; padding: 0; }
        button.star[hidden] { display: none; }
        button.star[aria-busy=true] { opacity: .5; }
        .tile button.star { position: absolute; top: .35rem; right: .35rem; background: var(--card);
          box-shadow: 0 0 0 1px var(--line); }
        .heading button.star { margin: -.25rem 0 .25rem -.4rem; }
        .track button.star { justify-self: start; }
        .lists-link { margin-right: 1rem; font-size: .9rem; }
        ul.lists { list-style: none; padding: 0; display: grid; gap: .5rem; }
        ul.lists .count, main.list .count { color: var(--muted); }
        .keys-open { margin-left: 1rem; font: inherit; font-size: .9rem; background: none; border: 0; color: var(--accent);
          cursor: pointer; padding: 0; }
        .keys-open[hidden] { display: none; }
        dialog#keys { border: 1px solid var(--line); border-radius: .75rem; background: var(--card); color: var(--fg);
          max-width: min(32rem, calc(100vw - 2rem)); padding: 1rem 1.25rem; }
        dialog#keys::backdrop { background: rgb(0 0 0 / .4); }
        dialog#keys h2 { margin: 0 0 .75rem; font-size: 1.1rem; }
        dialog#keys dl { display: grid; grid-template-columns: max-content 1fr; gap: .4rem 1rem; margin: 0 0 1rem; }
        dialog#keys dt { white-space: nowrap; }
        dialog#keys dd { margin: 0; }
        .empty, .welcome, .failure { text-align: center; color: var(--muted); padding: 3rem 1rem; }
        .empty ul:not(.chips) { display: inline-block; text-align: left; margin: 0 auto; padding-left: 1.2rem; }
        .messages .retry { padding: .25rem 0; }
        .tabs .count { margin-left: .35rem; font-size: .8em; color: var(--muted); }
        .tabs .count.pending { position: relative; }
        .filters { flex-basis: 100%; }
        .filters > summary { cursor: pointer; color: var(--muted); }
        .filters .fields { display: flex; flex-wrap: wrap; gap: .5rem 1rem; padding-top: .5rem; }
        .filters label { display: inline-flex; gap: .4rem; align-items: center; }
        .chips.active-filters { margin: 0 0 .75rem; justify-content: flex-start; }
        .button { display: inline-block; padding: .4rem .9rem; border-radius: .5rem; background: var(--fill); color: var(--on-fill);
          text-decoration: none; }
        .chips { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .5rem; justify-content: center; }
        .chips a { display: inline-block; padding: .3rem .8rem; border: 1px solid var(--line); border-radius: 999px;
          text-decoration: none; }
        .loading-bar { display: none; }
        body.loading .loading-bar { display: block; position: fixed; top: 0; left: 0; right: 0; height: 3px;
          background: var(--accent); animation: pulse 1s ease-in-out infinite alternate; z-index: 3; }
        body.loading main { opacity: .5; }
        @keyframes pulse { from { opacity: .3; } to { opacity: 1; } }
        .hero { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; margin-bottom: 1.5rem; }
        .hero .artwork { width: min(600px, 100%); height: auto; aspect-ratio: 1; border-radius: 1rem;
          background: var(--line); object-fit: cover; }
        .hero .heading { flex: 1 1 18rem; }
        .hero h1 { margin: .3rem 0; font-size: 2rem; }
        .hero .creator { color: var(--muted); font-size: 1.1rem; margin: 0 0 1rem; }
        .preview { width: 100%; max-width: 640px; }
        .section { background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: 1rem;
          margin-bottom: 1rem; }
        .section h2 { margin: 0 0 .75rem; font-size: 1.15rem; }
        .section.part summary { cursor: pointer; }
        .section.part summary h2 { display: inline; margin: 0; }
        .section.part details[open] summary { margin-bottom: .75rem; }
        .heading .section.header { background: none; border: 0; padding: 1rem 0 0; }
        .heading .section.header h2 { display: none; }
        dl { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1rem; margin: 0; }
        dt { color: var(--muted); }
        dd { margin: 0; overflow-wrap: anywhere; }
        .tags { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .3rem; }
        .tags li { padding: 0 .55rem; border: 1px solid var(--line); border-radius: 999px; font-size: .9em; }
        dd.long { white-space: pre-line; }
        .links { list-style: none; padding: 0; margin: .75rem 0 0; display: flex; flex-wrap: wrap; gap: .5rem 1rem; }
        .section .tiles { margin-top: .75rem; }
        .tracks { list-style: none; padding: 0; margin: .75rem 0 0; display: grid; gap: .5rem; }
        .track { display: grid; grid-template-columns: minmax(12rem, 1fr) minmax(16rem, 2fr); gap: .4rem 1rem;
          align-items: center; padding: .5rem 0; border-top: 1px solid var(--line); }
        .track:first-child { border-top: 0; }
        .track .what { display: flex; flex-direction: column; gap: .15rem; min-width: 0; }
        .track .title { font-weight: 600; }
        .track .title a { color: inherit; }
        .track .creator, .track .facts { color: var(--muted); font-size: .9rem; }
        .track .facts { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 0 .6rem; }
        .track audio { width: 100%; }
        .track .about { margin: .2rem 0 0; font-size: .9rem; color: var(--muted); }
        @media (max-width: 640px) { .track { grid-template-columns: 1fr; } }
        .hero .creator a { color: inherit; }
        .languages { display: flex; gap: .6rem; font-size: .9rem; }
        a.back { display: inline-block; margin-bottom: 1rem; text-decoration: none; }
        body.opening main { opacity: 1; }
        .pending { color: var(--muted); }
        .unplayable { color: var(--muted); font-size: .9rem; margin: .25rem .6rem .6rem; }
        .hero .artwork.none { display: flex; flex-direction: column; align-items: center; justify-content: center;
          gap: 1rem; padding: 2rem; text-align: center; color: var(--fg); }
        .hero .artwork.none .icon { font-size: 6rem; line-height: 1; }
        .hero .artwork.none .name { font-size: 1.2rem; overflow-wrap: anywhere; }
        /* On a phone the artwork is smaller and centred, so the title, the creator and the player
           are in the first screen (#60 item 7); the phone's width, as for the options. */
        @media (max-width: 720px) {
          .hero { gap: 1rem; }
          /* The config's notice stays one small line: the first result stays in the first quarter
             (after the notice's own rule, which it overrides). */
          .site-notice { font-size: .7rem; padding: 0 .75rem; line-height: 1.2; border-bottom: 0; }
          .hero .artwork { width: min(11rem, 100%); margin: 0 auto; }
          .hero .artwork.none { padding: 1rem; gap: .5rem; }
          .hero .artwork.none .icon { font-size: 4rem; }
          .hero h1 { font-size: 1.6rem; }
        }
        """

    /// The whole script of every page: the page's own behaviour, play all, the stars, the keyboard.
    static let script = js + player + lists + keys

    static let js = """
        "use strict";
        // Suggestions as you type, a loading state while providers answer, and the next page
        // appended as the user scrolls. The page works without any of it.
        (function () {
          const form = document.getElementById("search");
          const input = document.getElementById("q");
          const list = document.getElementById("suggestions");
          const bar = document.createElement("div");
          bar.className = "loading-bar";
          document.body.appendChild(bar);
          if (form) {
            form.addEventListener("submit", function () { document.body.classList.add("loading"); });
          }
          window.addEventListener("pageshow", function () { document.body.classList.remove("loading", "opening"); });
          // On a narrow screen the tabs scroll sideways: the tab on screen is brought into the
          // strip's view (the strip alone scrolls, never the page).
          const strip = document.querySelector("nav.tabs");
          const current = strip && strip.querySelector("a[aria-current=page]");
          if (current) {
            const box = strip.getBoundingClientRect();
            const tab = current.getBoundingClientRect();
            if (tab.right > box.right || tab.left < box.left) {
              strip.scrollLeft += tab.left - box.left - (box.width - tab.width) / 2;
            }
          }
          // Artwork that fails to load (offline, a dead link) becomes the kind's placeholder: the
          // glyph of its kind of media, which the page gives in data-icon (one table, the server's).
          function replaceBroken(image) {
            const tile = image.closest(".tile");
            const placeholder = document.createElement("span");
            placeholder.className = "art none";
            placeholder.setAttribute("aria-hidden", "true");
            const icon = document.createElement("span");
            icon.className = "icon";
            icon.textContent = (tile && tile.dataset.icon) || "■";
            const name = document.createElement("span");
            name.className = "name";
            const title = tile ? tile.querySelector(".title") : null;
            name.textContent = title ? title.textContent : "";
            placeholder.append(icon, name);
            image.replaceWith(placeholder);
          }
          document.addEventListener("error", function (event) {
            const image = event.target;
            if (image instanceof HTMLImageElement && image.classList.contains("art")) { replaceBroken(image); }
            if (image instanceof HTMLImageElement && image.classList.contains("artwork")) { replaceArtwork(image); }
            if (image instanceof HTMLMediaElement) { unplayable(image); }
          }, true);
          // A detail's large artwork that fails becomes what stands where there is none: the
          // kind's icon and the title.
          function replaceArtwork(image) {
            const main = document.querySelector("main.detail");
            const none = document.createElement("span");
            none.className = "artwork none";
            none.setAttribute("aria-hidden", "true");
            const icon = document.createElement("span");
            icon.className = "icon";
            icon.textContent = (main && main.dataset.icon) || "■";
            const name = document.createElement("span");
            name.className = "name";
            const title = document.querySelector("main h1");
            name.textContent = title ? title.textContent : "";
            none.append(icon, name);
            image.replaceWith(none);
          }
          // A preview that cannot play (an expired link, no network) says so in the player's place.
          function unplayable(player) {
            if (player.dataset.failed) { return; }
            player.dataset.failed = "1";
            const note = document.createElement("p");
            note.className = "unplayable";
            note.setAttribute("role", "status");
            // A player may say what it plays (a station's stream); else it is a preview.
            note.textContent = player.dataset.unplayable || document.body.dataset.unplayable || "This preview cannot be played.";
            player.hidden = true;
            player.after(note);
          }
          document.querySelectorAll("audio, video").forEach(function (player) {
            if (player.error) { unplayable(player); }
          });
          // Images that failed before this script ran.
          document.querySelectorAll("img.art").forEach(function (image) {
            if (image.complete && image.naturalWidth === 0) { replaceBroken(image); }
          });
          document.querySelectorAll("img.artwork").forEach(function (image) {
            if (image.complete && image.naturalWidth === 0 && image.src) { replaceArtwork(image); }
          });
          // Where ::details-content cannot show the options inline, a wide screen opens them.
          const options = document.querySelector("details.options");
          if (options && window.CSS && !CSS.supports("selector(::details-content)")) {
            const wide = window.matchMedia("(min-width: 721px)");
            const unfold = function () { if (wide.matches) { options.open = true; } };
            unfold();
            wide.addEventListener("change", unfold);
          }
          let timer = null;
          let last = "";
          if (input && list) {
            input.addEventListener("input", function () {
              clearTimeout(timer);
              timer = setTimeout(async function () {
                const text = input.value.trim();
                if (text === last) { return; }
                last = text;
                if (!text) { list.replaceChildren(); return; }
                try {
                  const response = await fetch("/api/suggest?q=" + encodeURIComponent(text));
                  if (!response.ok) { return; }
                  const body = await response.json();
                  list.replaceChildren(...body.suggestions.slice(0, 10).map(function (value) {
                    const option = document.createElement("option");
                    option.value = value;
                    return option;
                  }));
                } catch (error) { /* suggestions are a nicety */ }
              }, 120);
            });
          }
          const tiles = document.getElementById("tiles");
          function watch() {
            const next = document.querySelector(".pager .next");
            if (!tiles || !next || !("IntersectionObserver" in window)) { return; }
            const observer = new IntersectionObserver(async function (entries) {
              if (!entries.some(function (entry) { return entry.isIntersecting; })) { return; }
              observer.disconnect();
              try {
                const response = await fetch(next.href);
                if (!response.ok) { return; }
                const doc = new DOMParser().parseFromString(await response.text(), "text/html");
                const more = doc.getElementById("tiles");
                const offset = tiles.children.length;
                if (more) {
                  for (const tile of Array.from(more.children)) { tiles.appendChild(tile); }
                }
                const pager = document.querySelector(".pager");
                const newPager = doc.querySelector(".pager");
                if (pager && newPager) { pager.replaceWith(newPager); } else if (pager) { pager.remove(); }
                if (offset < tiles.children.length) { watch(); }
              } catch (error) { /* the link still works */ }
            }, { rootMargin: "400px" });
            observer.observe(next);
          }
          // Back returns to the same results at the same place: the tiles appended so far, the
          // pager and the scroll position are kept for this tab (sessionStorage) as the page is
          // left, and put back when the user comes back to it (the pages are not cached).
          const key = "results:" + location.pathname + location.search;
          // This script puts the place back itself; the browser's own restoring would undo it.
          if (tiles && "scrollRestoration" in history) { history.scrollRestoration = "manual"; }
          let opened = false;
          // What the results looked like before a tile's detail took their place: a browser that
          // keeps this page in its back/forward cache shows the page as the script left it, so
          // coming Back puts the results where they were.
          let before = null;
          window.addEventListener("pageshow", function (event) {
            if (!event.persisted || !before) { return; }
            const main = document.querySelector("main");
            if (main) {
              main.replaceChildren(...before.nodes);
              main.className = before.className;
            }
            const scroll = before.scroll;
            before = null;
            opened = false;
            requestAnimationFrame(function () { window.scrollTo(0, scroll); });
          });
          function saveResults() {
            if (!tiles || opened) { return; }
            const pager = document.querySelector(".pager");
            try {
              sessionStorage.setItem(key, JSON.stringify({ tiles: tiles.innerHTML, count: tiles.children.length,
                pager: pager ? pager.outerHTML : "", scroll: window.scrollY }));
              sessionStorage.setItem("last-search", JSON.stringify({ url: location.pathname + location.search,
                term: input ? input.value : "" }));
            } catch (error) { /* storage full or off: Back reloads the first page */ }
          }
          window.addEventListener("pagehide", saveResults);
          function restoreResults() {
            const entry = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
            const asked = sessionStorage.getItem("restore") === key;
            sessionStorage.removeItem("restore");
            if (!tiles || !((entry && entry.type === "back_forward") || asked)) { return; }
            let saved = null;
            try { saved = JSON.parse(sessionStorage.getItem(key) || "null"); } catch (error) { return; }
            if (!saved) { return; }
            if (saved.count > tiles.children.length) {
              // The tiles as this page showed them before (its own markup, kept above).
              tiles.innerHTML = saved.tiles;
              const pager = document.querySelector(".pager");
              const kept = new DOMParser().parseFromString(saved.pager || "", "text/html").querySelector(".pager");
              if (pager && kept) { pager.replaceWith(kept); } else if (pager) { pager.remove(); }
            }
            requestAnimationFrame(function () { window.scrollTo(0, saved.scroll || 0); });
          }
          restoreResults();
          watch();
          // A tile opens its detail: its top (artwork, kind, title, creator) shows at once, from the
          // tile, while the rest loads.
          if (tiles) {
            tiles.addEventListener("click", function (event) {
              const link = event.target.closest("a.open");
              if (!link || link.classList.contains("outside") || event.button !== 0 || event.metaKey
                || event.ctrlKey || event.shiftKey || event.altKey) { return; }
              const tile = link.closest(".tile");
              const main = document.querySelector("main");
              if (!tile || !main) { return; }
              saveResults();
              opened = true;  // what is kept is the results as they were, not the detail's top
              before = { nodes: Array.from(main.childNodes), className: main.className, scroll: window.scrollY };
              const hero = document.createElement("div");
              hero.className = "hero";
              const art = tile.querySelector("img.art");
              if (art) {
                const image = document.createElement("img");
                image.className = "artwork";
                image.alt = "";
                image.src = art.src;
                hero.appendChild(image);
              }
              const heading = document.createElement("div");
              heading.className = "heading";
              const parts = [["span", "badge", ".badge"], ["h1", "", ".title"], ["p", "creator", ".creator"]];
              for (const [tag, name, selector] of parts) {
                const element = document.createElement(tag);
                if (name) { element.className = name; }
                const source = tile.querySelector(selector);
                element.textContent = source ? source.textContent : "";
                heading.appendChild(element);
              }
              const wait = document.createElement("p");
              wait.className = "pending";
              wait.textContent = document.body.dataset.loading || "Loading…";
              heading.appendChild(wait);
              hero.appendChild(heading);
              main.className = "detail";
              main.replaceChildren(hero);
              document.body.classList.add("loading", "opening");
              window.scrollTo(0, 0);
            });
          }
          // On a detail, the search it came from stays in the box, and a link leads back to it.
          if (document.body.classList.contains("screen-detail")) {
            let last = null;
            try { last = JSON.parse(sessionStorage.getItem("last-search") || "null"); } catch (error) { last = null; }
            const main = document.querySelector("main");
            if (last && last.url && main) {
              if (input && !input.value) { input.value = last.term || ""; }
              const back = document.createElement("a");
              back.className = "back";
              back.href = last.url;
              const words = document.body.dataset;
              back.textContent = last.term && words.backFor ? words.backFor.replace("{term}", last.term)
                : (words.back || "←");
              back.addEventListener("click", function (event) {
                const from = document.referrer ? new URL(document.referrer) : null;
                if (from && from.origin === location.origin && from.pathname + from.search === last.url) {
                  event.preventDefault();
                  history.back();
                } else {
                  sessionStorage.setItem("restore", "results:" + last.url);
                }
              });
              main.prepend(back);
            }
          }
        })();
        """
}
