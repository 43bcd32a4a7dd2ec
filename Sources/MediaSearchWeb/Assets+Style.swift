/// The stylesheet of every page: one file, served by the binary itself.
extension Assets {
    static let css = """
        /* The design's tokens (docs/web.md, "Design tokens"): the colours, sizes of text, gaps, corners,
           controls and shadows of the pages; a rule names a token rather than a number of its own. */
        :root { color-scheme: light dark; --bg: #fafafa; --fg: #1d1d1f; --muted: #6e6e73; --card: #fff; --line: #e3e3e8; --accent: #0a66d6;
          --bad: #b3261e; --badbg: #fdecea; --fill: #0a66d6; --on-fill: #fff;
          --font-sans: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
          --font-mono: ui-monospace, "SF Mono", Menlo, "DejaVu Sans Mono", monospace;
          --text-xs: .75rem; --text-s: .875rem; --text-m: 1rem; --text-l: 1.125rem; --text-xl: 1.375rem; --text-2xl: 2rem;
          --space-1: .25rem; --space-2: .5rem; --space-3: .75rem; --space-4: 1rem; --space-5: 1.5rem; --space-6: 2rem;
          --space-7: 3rem;
          --radius-s: .375rem; --radius-m: .5rem; --radius-l: .75rem; --radius-xl: 1rem; --radius-round: 999px;
          --control: 2.25rem; --shadow-1: 0 1px 4px rgb(0 0 0 / .3); --shadow-2: 0 4px 18px rgb(0 0 0 / .12);
          --shadow-bar: 0 -2px 12px rgb(0 0 0 / .08);
          font-family: var(--font-sans); }
        @media (prefers-color-scheme: dark) { :root { --bg: #151517; --fg: #f2f2f7; --muted: #a1a1a8; --card: #1f1f22;
          --line: #333338; --accent: #5aa2ff; --bad: #ff8a80; --badbg: #3a1d1b; } }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--fg); }
        a { color: var(--accent); }
        .bar { display: flex; flex-wrap: wrap; gap: var(--space-3); align-items: center; padding: var(--space-3) var(--space-4);
          border-bottom: 1px solid var(--line); background: var(--card); position: sticky; top: 0; z-index: 2; }
        .brand { font-weight: 700; text-decoration: none; color: var(--fg); font-size: var(--text-l); }
        .search { display: flex; flex-wrap: wrap; gap: var(--space-2); align-items: center; flex: 1; min-width: 0; }
        .search .query { display: flex; gap: var(--space-2); flex: 1 1 22rem; min-width: 0; }
        .search input[type=search] { flex: 1 1 auto; min-width: 0; padding: var(--space-2) var(--space-3); font-size: var(--text-m);
          border: 1px solid var(--line); border-radius: var(--radius-m); background: var(--bg); color: var(--fg); }
        .search select, .search button, .search input:not([type]), .search input[type=text] { padding: var(--space-2);
          border-radius: var(--radius-m); border: 1px solid var(--line); background: var(--bg); color: var(--fg); font-size: var(--text-m);
          font-family: inherit; }
        .search input.country { width: 3.2rem; padding: var(--space-2); text-transform: uppercase; text-align: center; }
        .search button { background: var(--fill); color: var(--on-fill); border-color: var(--fill); cursor: pointer; }
        .options { display: flex; flex-wrap: wrap; gap: var(--space-2); align-items: center; }
        .options > summary { cursor: pointer; color: var(--muted); padding: var(--space-1) 0; }
        .options .fields { display: flex; flex-wrap: wrap; gap: var(--space-2); align-items: center; padding-top: var(--space-2); }
        /* The options sit behind one control on every screen (#75 item 4): a quiet page. */
        @media (min-width: 721px) { .options[open] .fields { padding-top: 0; } }
        @media (max-width: 720px) {
          .bar { padding: var(--space-2) var(--space-3); gap: var(--space-2); }
          .options { flex-basis: 100%; }
          .options:not([open]) ~ .filters { display: none; }
          /* Folded, the form sits beside the name; once a fold is open it takes a row of its own, so
             the options and filters have the screen's full width and never go past it: a text
             filter's box shrinks to fit (#60 item 7). */
          .bar:has(.options[open]) .search { flex-basis: 100%; }
          .options, .filters, .fields { min-width: 0; max-width: 100%; }
          .filters label { display: flex; flex: 1 1 14rem; max-width: 100%; }
          .filters label input, .filters label select { flex: 1 1 auto; min-width: 0; width: 100%; }
          .tabs { padding: var(--space-1) var(--space-3); }
          main { padding: var(--space-3); }
        }
        .toggle { font-size: var(--text-m); color: var(--muted); }
        .sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
          clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        .site-notice p { margin: 0; }
        .site-notice { margin: 0; padding: var(--space-2) var(--space-4); text-align: center; background: var(--card); color: var(--fg); border-bottom: 1px solid var(--line); font-size: var(--text-s); }
        footer.foot { display: flex; justify-content: center; padding: var(--space-5) var(--space-4) var(--space-6); color: var(--muted); }
        .tabs { display: flex; gap: var(--space-1); padding: var(--space-2) var(--space-4); overflow-x: auto; border-bottom: 1px solid var(--line); }
        .tabs a { padding: var(--space-1) var(--space-3); border-radius: var(--radius-round); text-decoration: none; color: var(--muted); white-space: nowrap; }
        .tabs a[aria-current=page] { background: var(--fill); color: var(--on-fill); }
        .tabs a[aria-current=page] .count { color: inherit; }
        /* A kind that found nothing is quiet and goes last (#75 item 4): smaller, its 0 said to
           screen readers only; a pending or failed one keeps its place and its word. */
        .tabs a.none { order: 1; font-size: .85em; align-self: center; position: relative; }
        .tabs a.none .count { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
          clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
        main { padding: var(--space-4); max-width: 1400px; margin: 0 auto; }
        .messages { list-style: none; padding: 0; margin: 0 0 var(--space-4); display: grid; gap: var(--space-2); }
        .messages .error { background: var(--badbg); color: var(--bad); padding: var(--space-2) var(--space-3); border-radius: var(--radius-m); }
        .messages .notice { color: var(--muted); padding: var(--space-1) var(--space-3); }
        .tiles { list-style: none; padding: 0; margin: 0; display: grid; gap: var(--space-4);
          grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); }
        .tiles > li.pending, .tiles > li.failed-source { display: flex; flex-direction: column; align-items: center;
          justify-content: center; gap: var(--space-2); min-height: 12rem; padding: var(--space-4); text-align: center; color: var(--muted);
          border: 1px dashed var(--line); border-radius: var(--radius-l); }
        .tiles > li.failed-source { border-style: solid; background: var(--badbg); color: var(--bad); }
        .tiles > li.failed-source p { margin: 0; }
        .tiles:has(> li.stream-end) > li.pending { display: none; }
        .pending-bar { width: 1.2rem; height: 1.2rem; border-radius: 50%; border: 2px solid currentColor;
          border-right-color: transparent; animation: turn 1s linear infinite; }
        @keyframes turn { to { transform: rotate(360deg); } }
        @media (prefers-reduced-motion: reduce) { .pending-bar { animation: none; } }
        .tiles.small { grid-template-columns: repeat(auto-fill, minmax(140px, 1fr)); }
        .tile { background: var(--card); border: 1px solid var(--line); border-radius: var(--radius-l); overflow: hidden;
          position: relative; display: flex; flex-direction: column; }
        .tile .open { color: inherit; text-decoration: none; display: flex; flex-direction: column; gap: var(--space-1);
          padding-bottom: var(--space-2); }
        .tile .art { width: 100%; height: auto; aspect-ratio: 1; object-fit: cover; background: var(--line); display: block; }
        .tile .art.none { display: flex; flex-direction: column; align-items: center; justify-content: center;
          gap: var(--space-2); padding: var(--space-3); text-align: center; color: var(--fg); font-size: var(--text-xs); overflow: hidden; }
        .tile .art.none .icon { font-size: 2.6rem; line-height: 1; }
        .tile .art.none .name { display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical;
          overflow: hidden; }
        .tile .number { position: absolute; top: var(--space-2); left: var(--space-2); background: rgba(0,0,0,.6); color: #fff;
          border-radius: var(--radius-s); padding: 0 var(--space-2); font-size: var(--text-xs); }
        .badge { align-self: flex-start; font-size: var(--text-xs); text-transform: uppercase; letter-spacing: .04em;
          color: var(--accent); margin: var(--space-2) var(--space-2) 0; }
        .tile .title { font-weight: 600; margin: 0 var(--space-2); overflow-wrap: anywhere; display: -webkit-box;
          -webkit-box-orient: vertical; -webkit-line-clamp: 3; line-clamp: 3; overflow: hidden; }
        .tile .creator { color: var(--muted); margin: 0 var(--space-2); font-size: var(--text-s); }
        .facts { list-style: none; padding: 0; margin: var(--space-1) var(--space-2) 0; display: flex; flex-wrap: wrap; gap: var(--space-1) var(--space-2);
          font-size: var(--text-xs); color: var(--muted); }
        .reveal { margin: 0 var(--space-2) var(--space-2); font-size: var(--text-s); color: var(--muted); }
        .pager { display: flex; justify-content: space-between; margin: var(--space-5) 0; }
        .pager .next { margin-left: auto; }
        .downloads { color: var(--muted); font-size: var(--text-s); margin: 0 0 var(--space-2); text-align: right; }
        .downloads.end { display: none; text-align: left; margin: var(--space-4) 0; }
        @media (max-width: 640px) { .downloads.top { display: none; } .downloads.end { display: block; } }
        p.play-all { display: flex; align-items: center; gap: var(--space-3); flex-wrap: wrap; margin: var(--space-2) 0 0; }
        p.play-all[hidden], button.play-list[hidden] { display: none; }
        p.play-all button, button.play-list { min-height: var(--control); padding: 0 var(--space-4); border-radius: var(--radius-round); border: 0;
          background: var(--fill); color: var(--on-fill); font: inherit; font-weight: 600; cursor: pointer; }
        .track.current, .offer.current { box-shadow: inset 4px 0 0 var(--accent); }
        .track.current .title a, .track.current .title > span { color: var(--accent); }
        /* The Plays that feed the page's one player (#75 item 3): a round button of the icon set;
           the detail's main one says its word. */
        a.play { display: inline-flex; align-items: center; justify-content: center; gap: var(--space-2); width: var(--control);
          height: var(--control); flex: none; border-radius: var(--radius-round); background: var(--fill); color: var(--on-fill);
          text-decoration: none; }
        a.play .i { width: 1.15rem; height: 1.15rem; }
        a.play.primary { width: auto; padding: 0 var(--space-4) 0 var(--space-3); font-weight: 600; }
        a.play[data-failed] { background: var(--line); color: var(--fg); }
        span.play.none { width: var(--control); height: var(--control); }
        .tile { container-type: inline-size; }
        .tile a.play { position: absolute; right: var(--space-2); top: calc(100cqw - var(--control) - var(--space-2)); box-shadow: var(--shadow-1); }
        /* The now-playing bar: on screen while anything plays, on every page (#75 item 3). */
        section.now-playing { position: fixed; left: 0; right: 0; bottom: 0; z-index: 4; display: grid;
          grid-template-columns: auto minmax(0, 1fr) auto minmax(8rem, 24rem) auto;
          grid-template-areas: "cover what controls place close"; align-items: center; gap: var(--space-2) var(--space-4);
          padding: var(--space-2) var(--space-4) calc(var(--space-2) + env(safe-area-inset-bottom)); background: var(--card);
          border-top: 1px solid var(--line); box-shadow: var(--shadow-bar); }
        section.now-playing[hidden] { display: none; }
        .now-playing img.cover { grid-area: cover; width: 48px; height: 48px; border-radius: var(--radius-s); object-fit: cover; }
        .now-playing img.cover[hidden] { display: none; }
        .now-playing .what { grid-area: what; display: flex; flex-direction: column; min-width: 0; }
        .now-playing .title { font-weight: 600; color: var(--fg); white-space: nowrap; overflow: hidden;
          text-overflow: ellipsis; text-decoration: none; }
        .now-playing a.title[href]:hover { text-decoration: underline; }
        .now-playing .creator { color: var(--muted); font-size: var(--text-s); white-space: nowrap; overflow: hidden;
          text-overflow: ellipsis; }
        .now-playing .controls { grid-area: controls; display: flex; gap: var(--space-1); align-items: center; }
        .now-playing button { border: 0; background: none; color: var(--fg); width: 2.5rem; height: 2.5rem; padding: 0;
          border-radius: var(--radius-round); display: inline-flex; align-items: center; justify-content: center; cursor: pointer;
          font-size: var(--text-xl); }
        .now-playing button.toggle { background: var(--fill); color: var(--on-fill); }
        .now-playing button:disabled { opacity: .35; cursor: default; }
        .now-playing .toggle .i:last-child, .now-playing.playing .toggle .i:first-child { display: none; }
        .now-playing.playing .toggle .i:last-child { display: inline; }
        .now-playing .place { grid-area: place; display: flex; align-items: center; gap: var(--space-2); min-width: 0; }
        .now-playing input.position { flex: 1; min-width: 0; accent-color: var(--accent); }
        .now-playing input.position[hidden] { display: none; }
        .now-playing .time { font-size: var(--text-xs); color: var(--muted); font-variant-numeric: tabular-nums; white-space: nowrap; }
        .now-playing button.close { grid-area: close; font-size: var(--text-m); color: var(--muted); }
        .now-playing .unplayable { grid-column: 1 / -1; margin: 0; }
        .now-playing .unplayable[hidden] { display: none; }
        body.with-player { padding-bottom: 5.5rem; }
        @media (max-width: 640px) {
          section.now-playing { grid-template-columns: auto minmax(0, 1fr) auto auto;
            grid-template-areas: "cover what controls close" "place place place place"; padding: var(--space-2) var(--space-3); gap: var(--space-1) var(--space-2); }
          .now-playing .controls button:not(.toggle) { width: var(--control); }
          body.with-player { padding-bottom: 8rem; }
        }
        kbd { font: .85em var(--font-mono); border: 1px solid var(--line); border-bottom-width: 2px;
          border-radius: var(--radius-s); padding: 0 .35em; background: var(--card); color: var(--fg); }
        button.star { border: 0; background: none; color: var(--accent); font-size: var(--text-xl); line-height: 1;
          min-width: var(--control); min-height: var(--control); cursor: pointer; border-radius: var(--radius-m); padding: 0; }
        button.star[hidden] { display: none; }
        button.star[aria-busy=true] { opacity: .5; }
        .tile button.star { position: absolute; top: var(--space-2); right: var(--space-2); background: var(--card);
          box-shadow: 0 0 0 1px var(--line); }
        button.star.labelled { display: inline-flex; align-items: center; gap: var(--space-2); font-size: var(--text-m); font-weight: 600;
          min-height: var(--control); padding: 0 var(--space-4) 0 var(--space-3); border: 1px solid var(--line); border-radius: var(--radius-round); }
        button.star.labelled > span:first-child { font-size: var(--text-xl); }
        button.star.labelled[hidden] { display: none; }
        .lists-link { margin-right: var(--space-4); font-size: var(--text-s); }
        ul.lists { list-style: none; padding: 0; display: grid; gap: var(--space-3); }
        ul.lists > li { display: flex; align-items: center; gap: var(--space-3); }
        ul.lists .cover { width: 64px; height: 64px; flex: none; display: grid; grid-template-columns: 1fr 1fr;
          grid-template-rows: 1fr 1fr; border-radius: var(--radius-s); overflow: hidden; background: var(--line); }
        ul.lists .cover img { width: 100%; height: 100%; object-fit: cover; display: block; }
        ul.lists .cover.one img { grid-column: 1 / span 2; grid-row: 1 / span 2; }
        ul.lists > li > a { font-weight: 600; }
        ul.lists .count, main.list .count { color: var(--muted); }
        main.lists p.hint { color: var(--muted); }
        /* Making, renaming and deleting lists (#75 item 5): the forms as the search's controls. */
        .list-form { display: flex; flex-wrap: wrap; gap: var(--space-2); align-items: center; margin: var(--space-4) 0; }
        .list-form input { padding: var(--space-2); border-radius: var(--radius-m); border: 1px solid var(--line); background: var(--bg);
          color: var(--fg); font: inherit; min-width: 0; max-width: 100%; }
        .list-form button, a.button.quiet { padding: var(--space-2) var(--space-3); border-radius: var(--radius-m); border: 1px solid var(--fill);
          background: var(--fill); color: var(--on-fill); font: inherit; cursor: pointer; text-decoration: none; }
        a.button.quiet { background: transparent; color: var(--accent); border-color: var(--line); }
        .list-form button.danger { background: var(--bad); border-color: var(--bad); color: var(--badbg); }
        .list-actions { display: flex; flex-wrap: wrap; gap: var(--space-3); align-items: flex-start; }
        .list-actions details > summary { cursor: pointer; color: var(--accent); padding: var(--space-2) 0; }
        .list-actions .list-form { margin: var(--space-1) 0; }
        .keys-open { margin-left: var(--space-4); font: inherit; font-size: var(--text-s); background: none; border: 0; color: var(--accent);
          cursor: pointer; padding: 0; }
        .keys-open[hidden] { display: none; }
        dialog#keys { border: 1px solid var(--line); border-radius: var(--radius-l); background: var(--card); color: var(--fg);
          max-width: min(32rem, calc(100vw - 2rem)); padding: var(--space-4); }
        dialog#keys::backdrop { background: rgb(0 0 0 / .4); }
        dialog#keys h2 { margin: 0 0 var(--space-3); font-size: var(--text-l); }
        dialog#keys dl { display: grid; grid-template-columns: max-content 1fr; gap: var(--space-2) var(--space-4); margin: 0 0 var(--space-4); }
        dialog#keys dt { white-space: nowrap; }
        dialog#keys dd { margin: 0; }
        .empty, .welcome, .failure { text-align: center; color: var(--muted); padding: var(--space-7) var(--space-4); }
        .empty ul:not(.chips) { display: inline-block; text-align: left; margin: 0 auto; padding-left: var(--space-4); }
        .messages .retry { padding: var(--space-1) 0; }
        .tabs .count { margin-left: var(--space-2); font-size: .8em; color: var(--muted); }
        .tabs .count.pending { position: relative; }
        .filters { flex-basis: 100%; }
        .filters > summary { cursor: pointer; color: var(--muted); }
        .filters .fields { display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-4); padding-top: var(--space-2); }
        .filters label { display: inline-flex; gap: var(--space-2); align-items: center; }
        .chips.active-filters { margin: 0 0 var(--space-3); justify-content: flex-start; }
        .button { display: inline-block; padding: var(--space-2) var(--space-3); border-radius: var(--radius-m); background: var(--fill); color: var(--on-fill);
          text-decoration: none; }
        .chips { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: var(--space-2); justify-content: center; }
        .chips a { display: inline-block; padding: var(--space-1) var(--space-3); border: 1px solid var(--line); border-radius: var(--radius-round);
          text-decoration: none; }
        .loading-bar { display: none; }
        body.loading .loading-bar { display: block; position: fixed; top: 0; left: 0; right: 0; height: 3px;
          background: var(--accent); animation: pulse 1s ease-in-out infinite alternate; z-index: 3; }
        body.loading main { opacity: .5; }
        @keyframes pulse { from { opacity: .3; } to { opacity: 1; } }
        /* A detail as media apps show one (#75 item 2): the artwork at a modest size beside the
           title, the creator once, the main actions together under them. */
        .hero { display: grid; grid-template-columns: minmax(0, 18rem) minmax(0, 1fr); gap: var(--space-5) var(--space-6);
          align-items: start; margin-bottom: var(--space-5); }
        .hero .artwork { width: 100%; height: auto; aspect-ratio: 1; border-radius: var(--radius-xl);
          background: var(--line); object-fit: cover; box-shadow: var(--shadow-2); }
        .hero > .artwork { grid-row: 1 / span 3; }
        .hero > .heading, .hero > .preview, .hero > .section.header { grid-column: 2; min-width: 0; }
        .hero .heading > .badge { margin: 0; }
        .hero h1 { margin: var(--space-1) 0 var(--space-1); font-size: var(--text-2xl); line-height: 1.2; overflow-wrap: anywhere; }
        .hero .creator { color: var(--muted); font-size: var(--text-l); margin: 0; }
        .hero .actions { display: flex; flex-wrap: wrap; gap: var(--space-2); align-items: center; margin: var(--space-4) 0 var(--space-2); }
        .hero .actions p.play-all { margin: 0; }
        .hero .actions a.button.quiet { display: inline-flex; align-items: center; min-height: var(--control); padding: 0 var(--space-4);
          border-radius: var(--radius-round); font-weight: 600; }
        .preview { width: 100%; max-width: 640px; margin-top: var(--space-2); }
        .section { background: var(--card); border: 1px solid var(--line); border-radius: var(--radius-l); padding: var(--space-4);
          margin-bottom: var(--space-4); }
        .section h2 { margin: 0 0 var(--space-3); font-size: var(--text-l); }
        .section.part summary { cursor: pointer; }
        .section.part summary h2 { display: inline; margin: 0; }
        .section.part details[open] summary { margin-bottom: var(--space-3); }
        .hero > .section.header { background: none; border: 0; padding: 0; margin: 0; }
        .hero > .section.header h2 { display: none; }
        dl { display: grid; grid-template-columns: max-content 1fr; gap: var(--space-2) var(--space-4); margin: 0; }
        dt { color: var(--muted); }
        dd { margin: 0; overflow-wrap: anywhere; }
        .tags { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: var(--space-1); }
        .tags li { padding: 0 var(--space-2); border: 1px solid var(--line); border-radius: var(--radius-round); font-size: .9em; }
        dd.long { white-space: pre-line; }
        .links { list-style: none; padding: 0; margin: var(--space-3) 0 0; display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-4); }
        .section .tiles { margin-top: var(--space-3); }
        /* Rows that play, one line each (#75 item 2): Play, title and creator, the facts (the
           length) at the end, the star; on a phone the facts go under the title. */
        .tracks, .offers { list-style: none; padding: 0; margin: var(--space-3) 0 0; display: grid; }
        .track { display: grid; grid-template-columns: var(--control) minmax(0, 1fr) auto auto;
          grid-template-areas: "play what facts star"; gap: var(--space-1) var(--space-3); align-items: center; padding: var(--space-2) var(--space-1);
          border-top: 1px solid var(--line); }
        .track:first-child, .offer:first-child { border-top: 0; }
        .track > .play { grid-area: play; }
        .track > .what { grid-area: what; display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 var(--space-2); min-width: 0; }
        .track > .facts { grid-area: facts; }
        .track > button.star { grid-area: star; }
        .track .title { font-weight: 600; min-width: 0; overflow-wrap: anywhere; display: -webkit-box;
          -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; overflow: hidden; }
        .track .title a { color: inherit; text-decoration: none; }
        .track .title a:hover { text-decoration: underline; }
        .track .creator { color: var(--muted); font-size: var(--text-s); }
        .track .facts { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; justify-content: flex-end;
          gap: 0 var(--space-2); color: var(--muted); font-size: var(--text-s); font-variant-numeric: tabular-nums; }
        .track .about { flex-basis: 100%; margin: var(--space-1) 0 0; font-size: var(--text-s); color: var(--muted); display: -webkit-box;
          -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; overflow: hidden; }
        .offer { display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-4); align-items: center; justify-content: space-between;
          padding: var(--space-2) var(--space-1); border-top: 1px solid var(--line); }
        .offer .what { display: flex; flex-wrap: wrap; gap: 0 var(--space-3); align-items: baseline; }
        .offer .title { font-weight: 600; }
        .offer .price, .offer .facts { color: var(--muted); font-size: var(--text-s); }
        @media (max-width: 640px) {
          .track { grid-template-columns: var(--control) minmax(0, 1fr) auto; grid-template-areas: "play what star" "play facts star"; }
          .track > .facts { justify-content: flex-start; }
        }
        .hero .creator a { color: inherit; }
        .languages { display: flex; gap: var(--space-2); font-size: var(--text-s); }
        a.back { display: inline-block; margin-bottom: var(--space-4); text-decoration: none; }
        body.opening main { opacity: 1; }
        .pending { color: var(--muted); }
        .unplayable { color: var(--muted); font-size: var(--text-s); margin: var(--space-1) var(--space-2) var(--space-2); }
        .hero .artwork.none { display: flex; flex-direction: column; align-items: center; justify-content: center;
          gap: var(--space-4); padding: var(--space-6); text-align: center; color: var(--fg); }
        .hero .artwork.none .icon { font-size: 6rem; line-height: 1; }
        .hero .artwork.none .name { font-size: var(--text-xl); overflow-wrap: anywhere; }
        /* On a phone the artwork is smaller and centred, so the title, the creator and the player
           are in the first screen (#60 item 7); the phone's width, as for the options. */
        @media (max-width: 720px) {
          .hero { gap: var(--space-4); }
          /* The config's notice stays one small line: the first result stays in the first quarter
             (after the notice's own rule, which it overrides). */
          .site-notice { font-size: var(--text-xs); padding: 0 var(--space-3); line-height: 1.2; border-bottom: 0; }
          .hero { grid-template-columns: 7.5rem minmax(0, 1fr); gap: var(--space-3) var(--space-4); }
          .hero > .artwork { grid-row: auto; }
          .hero > .preview, .hero > .section.header { grid-column: 1 / -1; }
          .hero .artwork.none { padding: var(--space-4); gap: var(--space-2); }
          .hero .artwork.none .icon { font-size: 4rem; }
          .hero h1 { font-size: var(--text-xl); }
          .hero .creator { font-size: var(--text-m); }
        }
        """
}
