extension Assets {
    /// Fills in a search page as its sources answer (``StreamedSearch``): loaded inside the open
    /// list of results, so it runs while the page is still arriving. Each marker a late source
    /// brings names how many items came before it: those move to where the placeholders are
    /// (so the numbers stay in the order shown), the source's placeholder goes, a result it
    /// joined shows its new "also on", the tabs are replaced by their new state, and a polite
    /// status line says who answered. Nothing takes the focus.
    static let stream = """
        (function () {
          "use strict";
          const list = document.getElementById("tiles");
          if (!list || list.dataset.filling) return;
          list.dataset.filling = "1";
          const status = document.createElement("p");
          status.className = "sr-only";
          status.setAttribute("role", "status");
          list.before(status);
          function join(template) {
            const tile = list.querySelectorAll(":scope > li.tile")[Number(template.dataset.number) - 1];
            const facts = tile && tile.querySelector("ul.facts");
            const fact = template.content.firstElementChild;
            if (facts && fact) {
              const old = facts.querySelector(":scope > li[data-also]");
              if (old) old.replaceWith(fact); else facts.prepend(fact);
            }
            template.remove();
          }
          function arrived(marker) {
            let node = marker.previousElementSibling;
            if (node && node.matches("template.tabs-now")) {
              // Each tab's number (and whether it found nothing) is replaced in place: a tab that has
              // the focus keeps it.
              const tabs = document.querySelectorAll("nav.tabs a");
              const now = node.content.querySelectorAll("nav.tabs a");
              now.forEach(function (link, index) {
                const tab = tabs[index];
                if (!tab) return;
                const old = tab.querySelector(".count");
                if (old) old.remove();
                const count = link.querySelector(".count");
                if (count) tab.appendChild(count);
                tab.classList.toggle("none", link.classList.contains("none"));
              });
              const used = node;
              node = node.previousElementSibling;
              used.remove();
            }
            while (node && node.matches("template.joined")) {
              const used = node;
              node = node.previousElementSibling;
              join(used);
            }
            const items = [];
            for (let count = Number(marker.dataset.items) || 0; count > 0 && node; count--) {
              items.unshift(node);
              node = node.previousElementSibling;
            }
            const first = list.querySelector(":scope > li.pending");
            if (first) items.forEach(function (item) { list.insertBefore(item, first); });
            (marker.dataset.kinds || "").split(" ").forEach(function (kind) {
              list.querySelectorAll(":scope > li.pending").forEach(function (pending) {
                if (pending.dataset.kind === kind) pending.remove();
              });
            });
            if (marker.dataset.say) status.textContent = marker.dataset.say;
            marker.remove();
          }
          function fill() {
            list.querySelectorAll(":scope > li.arrived").forEach(arrived);
            if (list.querySelector(":scope > li.stream-end")) observer.disconnect();
          }
          const observer = new MutationObserver(fill);
          observer.observe(list, { childList: true });
          fill();
        })();

        """
}
