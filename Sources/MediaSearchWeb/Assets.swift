/// The stylesheet and the script, served by the binary itself (no CDN, no inline code: the
/// Content-Security-Policy allows scripts and styles from this origin only).
enum Assets {
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
