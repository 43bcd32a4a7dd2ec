extension Assets {
    /// The keyboard: `/` goes to the search box, `j`/`k` (and the arrows, once a result has the
    /// focus) move between results, Enter opens one (it is a link), Esc goes back from a detail,
    /// `s` stars the result in focus (or the detail), `p`, `n`, `b` play all, skip and go back a
    /// track, `?` shows them all. A key typed in a text
    /// field or a menu is never taken, nor one with Ctrl, Alt or Meta; a player or a button keeps
    /// its own keys (Space, Enter, the arrows), since only letters are taken there.
    static let keys = """
        (function () {
          "use strict";
          const dialog = document.getElementById("keys");
          const opener = document.querySelector("button.keys-open");
          function help() {
            if (dialog && !dialog.open && dialog.showModal) { dialog.showModal(); }
          }
          // Single-key shortcuts can be turned off (WCAG 2.1.4: speech input types letters), and
          // stay off for this browser; Esc and the arrows are no character keys and stay.
          const toggle = document.getElementById("keys-on");
          let lettersOn = true;
          try { lettersOn = localStorage.getItem("mediasearch-keys") !== "off"; } catch (error) { lettersOn = true; }
          if (toggle) {
            toggle.checked = lettersOn;
            toggle.addEventListener("change", function () {
              lettersOn = toggle.checked;
              try { localStorage.setItem("mediasearch-keys", lettersOn ? "on" : "off"); } catch (error) { /* this page only */ }
            });
          }
          if (dialog && opener) {
            opener.hidden = false;
            opener.addEventListener("click", help);
            dialog.querySelector("button.keys-close").addEventListener("click", function () { dialog.close(); });
            dialog.addEventListener("close", function () { opener.focus(); });
          }
          // A field that takes text (or a choice by typing): its keys are the user's.
          function typing(element) {
            if (!(element instanceof HTMLElement)) { return false; }
            if (element.isContentEditable || element.tagName === "TEXTAREA" || element.tagName === "SELECT") {
              return true;
            }
            return element.tagName === "INPUT"
              && !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(element.type);
          }
          function results() {
            return Array.from(document.querySelectorAll("ol.tiles > li.tile"));
          }
          function focused() {
            const active = document.activeElement;
            return active instanceof HTMLElement ? active.closest("ol.tiles > li.tile") : null;
          }
          function go(tile) {
            const link = tile.querySelector("a.open") || tile.querySelector("a");
            if (link) { link.focus(); }
            tile.scrollIntoView({ block: "nearest" });
          }
          // How many results stand side by side in the row of `tile`.
          function columns(tile) {
            const list = Array.from(tile.parentElement.children);
            const top = list[0].offsetTop;
            return Math.max(1, list.filter(function (other) { return other.offsetTop === top; }).length);
          }
          function move(by) {
            const all = results();
            if (all.length === 0) { return false; }
            const here = focused();
            const at = here ? all.indexOf(here) : -1;
            const next = at < 0 ? (by > 0 ? 0 : all.length - 1) : Math.min(Math.max(at + by, 0), all.length - 1);
            go(all[next]);
            return true;
          }
          document.addEventListener("keydown", function (event) {
            if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) { return; }
            if (dialog && dialog.open) { return; }
            const target = event.target;
            if (typing(target) && event.key !== "Escape") { return; }
            const tile = focused();
            if (!lettersOn && event.key.length === 1) { return; }
            // The arrows move between results from a result's link or star, never from its player
            // (whose arrows seek).
            const onResult = tile !== null && (target instanceof HTMLAnchorElement || target instanceof HTMLButtonElement);
            let handled = true;
            switch (event.key) {
              case "/": {
                const box = document.getElementById("q");
                if (box) { box.focus(); box.select(); } else { handled = false; }
                break;
              }
              case "?": help(); break;
              case "j": move(1); break;
              case "k": move(-1); break;
              case "ArrowRight": handled = onResult && move(1); break;
              case "ArrowLeft": handled = onResult && move(-1); break;
              case "ArrowDown": handled = onResult && move(columns(tile)); break;
              case "ArrowUp": handled = onResult && move(-columns(tile)); break;
              case "Escape":
                if (typing(target)) {
                  handled = false;
                } else if (document.body.classList.contains("screen-detail")) {
                  const back = document.querySelector("main a.back");
                  if (back) { back.click(); } else { history.back(); }
                } else {
                  handled = false;
                }
                break;
              case "s": {
                const star = tile ? tile.querySelector("button.star")
                  : document.querySelector("main.detail .heading button.star");
                if (!star || star.hidden || !window.MediaSearchStar) { handled = false; break; }
                window.MediaSearchStar.toggle(star);
                break;
              }
              case "p":
              case "n":
              case "b": {
                const player = window.MediaSearchPlayer;
                if (!player || !player.can()) { handled = false; break; }
                if (event.key === "p") { player.toggle(); } else if (event.key === "n") { player.next(); } else { player.previous(); }
                break;
              }
              default: handled = false;
            }
            if (handled) { event.preventDefault(); }
          });
        })();
        """
}
