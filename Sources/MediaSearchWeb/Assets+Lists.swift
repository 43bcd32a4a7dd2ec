extension Assets {
    /// The stars: each result's and detail's button keeps the item in a list or takes it off
    /// (`PUT` and `DELETE` on the JSON API), its state read once a page is shown (`GET` of the
    /// starred list: the pages themselves are cached for everyone), results appended by scrolling
    /// or put back by Back included. `MediaSearchStar` lets the keyboard press one.
    static let lists = """
        (function () {
          "use strict";
          function key(kind, id) { return kind + "/" + id; }
          // The name stays ("Keep … in Starred"); the state is aria-pressed's. The tooltip says
          // what a press does now.
          function set(button, pressed) {
            button.setAttribute("aria-pressed", pressed ? "true" : "false");
            button.title = pressed ? button.dataset.remove : button.dataset.add;
            button.firstElementChild.textContent = pressed ? "★" : "☆";
            const label = button.querySelector(".label");
            if (label) { label.textContent = pressed ? label.dataset.on : label.dataset.off; }
          }
          // Where a failure is said, politely, for screen readers too.
          const status = document.createElement("p");
          status.className = "sr-only";
          status.setAttribute("role", "status");
          document.body.appendChild(status);
          function path(button) {
            return "/api/lists/" + encodeURIComponent(button.dataset.list) + "/items/"
              + encodeURIComponent(button.dataset.kind) + "/" + encodeURIComponent(button.dataset.id);
          }
          async function toggle(button) {
            if (!button || button.getAttribute("aria-busy") === "true") { return; }
            const pressed = button.getAttribute("aria-pressed") === "true";
            button.setAttribute("aria-busy", "true");
            try {
              const response = await fetch(path(button), { method: pressed ? "DELETE" : "PUT" });
              const answer = await response.json();
              if (!response.ok) { throw new Error(answer.error || String(response.status)); }
              // Every button of the same item and list follows (a work shown twice on a page).
              document.querySelectorAll("button.star").forEach(function (other) {
                if (other.dataset.list === button.dataset.list && other.dataset.kind === button.dataset.kind
                  && other.dataset.id === button.dataset.id) { set(other, answer.listed); }
              });
            } catch (error) {
              const message = (document.body.dataset.starFailed || "{error}").replace("{error}", error.message);
              button.title = message;
              status.textContent = message;
            } finally {
              button.removeAttribute("aria-busy");
            }
          }
          let marking = null;
          function mark() {
            document.querySelectorAll("button.star[hidden]").forEach(function (button) { button.hidden = false; });
            clearTimeout(marking);
            marking = setTimeout(async function () {
              const starred = Array.from(document.querySelectorAll("button.star[data-list=starred]"));
              if (starred.length === 0) { return; }
              try {
                const response = await fetch("/api/lists/starred");
                if (!response.ok) { return; }
                const list = await response.json();
                const kept = new Set(list.results.map(function (result) { return key(result.kind, result.id); }));
                starred.forEach(function (button) { set(button, kept.has(key(button.dataset.kind, button.dataset.id))); });
              } catch (error) { /* the buttons still work */ }
            }, 0);
          }
          document.addEventListener("click", function (event) {
            const button = event.target instanceof Element ? event.target.closest("button.star") : null;
            if (button) {
              event.preventDefault();
              toggle(button);
            }
          });
          const tiles = document.getElementById("tiles");
          if (tiles && "MutationObserver" in window) { new MutationObserver(mark).observe(tiles, { childList: true }); }
          window.addEventListener("pageshow", function (event) { if (event.persisted) { mark(); } });
          mark();
          window.MediaSearchStar = { toggle: toggle };
        })();
        """
}
