#!/usr/bin/env python3
"""Every screen, for every person: axe-core on each screen of `mediasearch serve`, in English and
Russian, light and dark, at 1280 px and on a phone (390x844); the phone's layout; Back from a
detail in Chromium's own back/forward cache; Russian pages that show no word of the English catalog
(the engine's and the providers' labels are keys of it) but what a source sent.

    python3 Tests/Browser/test_screens.py --bin "$(swift build --show-bin-path)" [--languages en,ru]

`--languages` checks the screens in those languages alone; the checks that do not depend on the
language (the phone's layout, Back, a broken preview) run with English. The 192 axe runs of both
languages take a few minutes, so Scripts/program-suites runs one process a language, side by side.
Needs what test_web.py needs, and axe-core, which .ci/run installs from PyPI
(axe-playwright-python bundles axe.min.js; only the script file is used, not Playwright).
"""
import argparse, importlib.util, json, os, re, sys, urllib.parse, urllib.request

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_web  # noqa: E402  (the servers and helpers the browser test uses)
from test_web import check, tiles, wait, ROOT  # noqa: E402

ALL_KINDS = ["song", "album", "movie", "audiobook", "podcast", "podcast-episode", "music-video", "deezer", "radio", "tv",
             "librivox", "musicbrainz", "musicbrainz-album", "openlibrary"]


def axe_script():
    """axe-core's script, from the PyPI package that bundles it (never imported: it needs Playwright)."""
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("axe-core is missing: pip install --no-deps axe-playwright-python")
    with open(os.path.join(spec.submodule_search_locations[0], "axe.min.js"), encoding="utf-8") as f:
        return f.read()


AXE = None


def audit(driver, name):
    """Runs axe-core on the page as it is now; every violation fails the test, with its nodes."""
    driver.execute_script(AXE)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map(v => ({id: v.id,"
        " impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' ' + n.failureSummary)}))))"
        ".catch(e => done([{id: 'axe-error', impact: 'critical', nodes: [String(e)]}]));")
    for violation in result:
        print(f"    {violation['id']} ({violation['impact']}): {violation['nodes']}")
    check(not result, f"axe: no violation on {name} ({', '.join(v['id'] for v in result) or 'none'})")


def audit_words(driver, name, language, words):
    """axe-core on the page as it is now and, on a Russian page, no English word of the catalogs."""
    audit(driver, f"{name} ({language})")
    if language == "ru":
        left = english_left(driver, words)
        check(not left, f"{name} in Russian shows no English word: {left}")


def screen(driver, width, height):
    """A desktop window, or a phone (390x844, as a phone's browser lays pages out) by emulation."""
    if width < 600:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    else:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.set_window_size(width, height)


def fits_a_phone(driver, name):
    """On a phone a detail's title is in the upper half of the first screen, and with every fold
    open (the options, the filters, a show's seasons) the page is never wider than the screen."""
    title = driver.execute_script("const h = document.querySelector('main.detail h1');"
                                  "return h ? h.getBoundingClientRect().top : null")
    height = driver.execute_script("return window.innerHeight")
    if title is not None:
        check(title < height / 2, f"{name}: the title is in the upper half of a phone's screen ({title:.0f} of {height} px)")
    folds = driver.execute_script("const all = document.querySelectorAll('details');"
                                  "all.forEach(d => { d.open = true; }); return all.length")
    width, wide = driver.execute_script(
        "return [document.documentElement.scrollWidth, Array.from(document.querySelectorAll('main *, header *'))"
        ".filter(e => e.getBoundingClientRect().right > screen.width + 1 && !e.closest('.tabs'))"
        ".slice(0, 3).map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : ''))]")
    # The screen's width, not the window's: a phone's browser widens its layout to the widest thing.
    inner = driver.execute_script("return screen.width")
    check(width <= inner and not wide, f"{name}: with its {folds} folds open the page is {width} px wide on a "
                                       f"{inner} px phone, nothing past its edge {wide}")


def until(driver, condition, seconds=15):
    """Whether the condition came true within the time (a check then says what did not)."""
    try:
        wait(driver, condition, seconds)
        return True
    except Exception:
        return False


def english_words():
    """The English catalog's words (not names: a word the Russian catalog uses too is a name)."""
    with open(os.path.join(ROOT, "Localization", "web", "en.json"), encoding="utf-8") as f:
        english = json.load(f)
    with open(os.path.join(ROOT, "Localization", "web", "ru.json"), encoding="utf-8") as f:
        russian = json.load(f)
    names = set(re.findall(r"[A-Za-z]+", re.sub(r"\{[^}]*\}", "", " ".join(russian.values()))))
    words = set()
    for key, text in english.items():
        for word in re.findall(r"[A-Za-z][a-z]{2,}", re.sub(r"\{[^}]*\}", "", text)):
            if word not in names:
                words.add(word)
    return words


# The sources' names (`sourceName` of /api/providers), read once the server runs: a name is no
# word of the catalog wherever a page says it ("Ждём ответа: Open Library…" shows "Open").
SOURCE_NAMES = []


def english_left(driver, words):
    """The English catalog's words the page shows, leaving out what a source sent: titles, names,
    descriptions, a detail's values, a tile's facts that are no label (a genre, marked translate=no),
    the names of sources, earlier searches offered as chips. The engine's failures and a request's
    problems are checked like every other word: they are in the catalogs (failure.*, request.*)."""
    text = driver.execute_script(
        "const copy = document.body.cloneNode(true);"
        "copy.querySelectorAll('.title, .creator, .name, h1, .about, dd, .reveal span, .section.header h2,"
        " select[name=source], datalist, script, .languages, [translate=no], .chips:not(.active-filters)"
        "').forEach(e => e.remove());"
        # A star's and a Play's label names its item (a list's Play all, its list): the source's
        # title (the user's name) inside the page's words.
        "return copy.textContent + ' ' + Array.from(document.querySelectorAll("
        "'[aria-label]:not(button.star):not(a.play):not(button.play-list), [title]:not(button.star), [placeholder]'))"
        ".map(e => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || '') + ' '"
        " + (e.getAttribute('placeholder') || '')).join(' ');")
    for name in sorted(SOURCE_NAMES, key=len, reverse=True):
        text = text.replace(name, " ")
    return sorted({w for w in re.findall(r"[A-Za-z]+", text) if w in words})


def main():
    global AXE
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, help="the folder with mediasearch and mediasearch-fixtures")
    parser.add_argument("--artifacts", default=os.path.join(ROOT, ".build", "browser-artifacts"))
    parser.add_argument("--update-docs", action="store_true", help="also write docs/screenshots/*.png")
    parser.add_argument("--languages", default="en,ru",
                        help="the languages to check the screens in (the rest runs with en)")
    args = parser.parse_args()
    languages = [language for language in args.languages.split(",") if language]
    if not languages or any(language not in ("en", "ru") for language in languages):
        parser.error(f"--languages takes en, ru or both, not {args.languages!r}")
    os.makedirs(args.artifacts, exist_ok=True)
    AXE = axe_script()

    # With the demo's notice atop every page: axe checks it on every screen, in both languages.
    every, every_home = test_web.serve(args.bin, "--local-artwork", "--fill", kinds=ALL_KINDS,
                                       notice="Demo data: recorded answers, not live sources")
    faulty, faulty_home = test_web.serve(args.bin, "--local-artwork", "--fail", "podcast=503")

    driver = test_web.browser()
    words = english_words()
    with urllib.request.urlopen(every + "/api/providers", timeout=30) as response:
        SOURCE_NAMES.extend({p["sourceName"] for p in json.load(response)["providers"] if p.get("sourceName")})
    check("Open Library" in SOURCE_NAMES, f"the sources' names are known: {sorted(SOURCE_NAMES)}")
    try:
        # The screens a person meets, by URL (a detail of each kind of source).
        screens = [
            ("home", every + "/"),
            ("results, all kinds", every + "/?q=daft+punk"),
            ("results, a kind's tab", every + "/?q=jack+johnson&kind=song"),
            ("results, movies with filters", every + "/?q=star+wars&kind=movie&director=lucas"),
            ("empty results", every + "/?q=zzqxj+qqzzx"),  # no English word: a detail's link back repeats it
            ("failure", faulty + "/?q=news&kind=podcast"),
            ("song detail", every + "/item/song/1038991437"),
            ("a merged work's detail, with its stores", every + "/item/song/9000000001"),
            ("a merged work's detail, with what the other stores add", every + "/item/song/9000000004"),
            ("album detail", every + "/item/album/1038991417"),
            ("podcast detail", every + "/item/podcast/1535809341"),
            ("Deezer album detail", every + "/item/deezer-album/deezer:album:302127"),
            ("error page", every + "/item/song/0"),
            ("lists", every + "/lists"),
            ("a list", every + "/lists/starred"),
            ("a list of your own, to rename or delete", every + "/lists/road%20trip"),
            ("deleting a list", every + "/lists/road%20trip/delete"),
        ]
        # Something to list: a song and an album, kept through the API as a page's star keeps them.
        for item in ("song/1038991437", "album/1038991417"):
            urllib.request.urlopen(urllib.request.Request(every + "/api/lists/starred/items/" + item, method="PUT"),
                                   timeout=30)
        urllib.request.urlopen(urllib.request.Request(every + "/api/lists/road%20trip/items/song/1038991437",
                                                      method="PUT"), timeout=30)
        # A detail of each other kind, opened from its first result.
        for kind, term in (("movie", "star wars"), ("audiobook", "moby dick"), ("deezer-song", "daft punk"),
                           ("radio", "klara"), ("tv", "silicon valley"), ("librivox", "all"),
                           ("musicbrainz", "harder better"), ("musicbrainz-album", "ed sheeran"),
                           ("openlibrary", "sabriel")):
            driver.get(every + "/?" + urllib.parse.urlencode({"q": term, "kind": kind}))
            links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "#tiles .tile a.open")
                     if f"/item/{kind}/" in (a.get_attribute("href") or "")]
            check(bool(links), f"a {kind} result to open")
            if links:
                screens.append((f"{kind} detail", links[0]))
        for language in languages:
            driver.get(every + "/?ui=" + language)
            for scheme in ("light", "dark"):
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                       {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                for width, height in ((1280, 900), (390, 844)):
                    screen(driver, width, height)
                    print(f"{language}, {scheme}, {width} px")
                    for name, url in screens:
                        driver.get(url)
                        if "results" in name and "empty" not in name:
                            until(driver, lambda d: len(tiles(d)) > 0)
                        audit(driver, f"{name} ({language}, {scheme}, {width} px)")
                        if scheme == "light" and driver.find_elements(By.CSS_SELECTOR, "main.detail .hero .actions"):
                            test_web.first_screen(driver, f"{name} ({language}, {width} px)")
                        if width < 600 and scheme == "light":
                            fits_a_phone(driver, f"{name} ({language})")
                        if language == "ru" and scheme == "light" and width == 1280:
                            left = english_left(driver, words)
                            check(not left, f"{name} in Russian shows no English word: {left}")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

        print("a detail linked from another site asks first, then opens here")
        # localhost and 127.0.0.1 are two sites: a link followed from one to the other is a
        # cross-site navigation, as from any other site.
        screen(driver, 1280, 900)
        base = every.rstrip("/")
        elsewhere = base.replace("127.0.0.1", "localhost")
        for language in languages:
            driver.get(every + "/?ui=" + language)
            driver.get(elsewhere + "/")
            driver.execute_script(
                "const a = document.createElement('a'); a.id = 'away'; a.href = arguments[0];"
                " a.textContent = 'away'; document.body.prepend(a);", base + "/item/album/1038991417")
            driver.find_element(By.ID, "away").click()
            until(driver, lambda d: d.current_url.startswith(base) and d.find_elements(By.CSS_SELECTOR, "a.open-detail"))
            check(not driver.find_elements(By.CSS_SELECTOR, "main.detail"),
                  f"a detail linked from another site is not looked up before it is asked for ({language})")
            audit_words(driver, "a detail linked from another site", language, words)
            driver.find_element(By.CSS_SELECTOR, "a.open-detail").click()
            until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "main.detail h1"))
            check(bool(driver.find_elements(By.CSS_SELECTOR, "main.detail h1")),
                  f"the detail opens here with one press ({language})")

        print(f"play all and the keys' dialog, in {' and '.join(languages)}")
        for language in languages:
            driver.get(every + "/?ui=" + language)
            driver.get(base + "/item/deezer-album/deezer:album:302127")
            driver.execute_script("MediaSearchPlayer.slow({0: 0.1})")
            driver.find_element(By.CSS_SELECTOR, "p.play-all button").click()
            check(until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "li.track.current[aria-current=true]")
                        and d.find_element(By.CSS_SELECTOR, "section.now-playing").is_displayed()),
                  f"the album plays all, in the now-playing bar ({language})")
            for scheme in ("light", "dark"):
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                       {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                for width, height in ((1280, 900), (390, 844)):
                    screen(driver, width, height)
                    audit_words(driver, f"an album playing all ({scheme}, {width} px)", language, words)
                    # The bar covers no part of the page for good: the page's end can scroll above it.
                    covered = driver.execute_script(
                        "const bar = document.querySelector('section.now-playing').getBoundingClientRect();"
                        " window.scrollTo(0, document.documentElement.scrollHeight);"
                        " return document.querySelector('footer.foot').getBoundingClientRect().bottom > bar.top + 1")
                    check(not covered, f"the page's end scrolls above the bar ({language}, {scheme}, {width} px)")
                    if language == "en" and scheme == "light":
                        driver.save_screenshot(os.path.join(args.artifacts, f"playing-{width}.png"))
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
            screen(driver, 1280, 900)
            driver.execute_script("window.scrollTo(0, 0)")
            driver.find_element(By.CSS_SELECTOR, "p.play-all button").click()
            ActionChains(driver).send_keys("?").perform()
            check(until(driver, lambda d: d.execute_script("return document.getElementById('keys').open")),
                  f"? opens the keys' dialog ({language})")
            audit_words(driver, "the keys' dialog", language, words)
            ActionChains(driver).send_keys(Keys.ESCAPE).perform()
        driver.get(every + "/?ui=en")

        # What does not depend on the language, once, in English.
        if "en" in languages:
            print("a phone is a first-class screen")
            screen(driver, 390, 844)
            for name, url in (("results", every + "/?q=jack+johnson"),
                              ("a kind's tab with a filter", every + "/?q=star+wars&kind=movie&director=lucas")):
                driver.get(url)
                wait(driver, lambda d: len(tiles(d)) > 0)
                top = driver.execute_script("return document.querySelector('#tiles .tile').getBoundingClientRect().top")
                height = driver.execute_script("return window.innerHeight")
                check(top < height / 4, f"{name}: the first result starts in the top quarter ({top:.0f} of {height} px)")
            # A tab far along the strip (TV shows) is brought into its view, and its sources' filters
            # are offered (the tab of a kind of media, kind=tv-show, had none).
            driver.get(every + "/?q=silicon+valley&kind=tv-show")
            wait(driver, lambda d: len(tiles(d)) > 0)
            shown = driver.execute_script(
                "const s = document.querySelector('nav.tabs').getBoundingClientRect();"
                " const t = document.querySelector('nav.tabs a[aria-current=page]').getBoundingClientRect();"
                " return [t.left >= s.left - 1 && t.right <= s.right + 1, Math.round(t.left), Math.round(t.right)]")
            check(shown[0], f"on a phone the TV shows' tab is in the strip's view ({shown[1]}-{shown[2]} px of 390)")
            check(bool(driver.find_elements(By.CSS_SELECTOR, "details.filters input[name=language]")),
                  "the TV shows' tab offers its source's filters")
            driver.get(every + "/?q=star+wars&kind=movie&director=lucas")
            wait(driver, lambda d: len(tiles(d)) > 0)
            driver.save_screenshot(os.path.join(args.artifacts, "phone.png"))
            options = driver.find_element(By.CSS_SELECTOR, "details.options > summary")
            options.click()
            field = driver.find_element(By.CSS_SELECTOR, "input[name=director]")
            check(field.is_displayed() and field.get_attribute("value") == "lucas",
                  "the options open under one line, the kind's filters with them")
            screen(driver, 1280, 900)
            driver.get(every + "/?q=star+wars&kind=movie")
            box = driver.find_element(By.ID, "q").rect
            button = driver.find_element(By.CSS_SELECTOR, "#search button[type=submit]").rect
            check(abs(button["y"] - box["y"]) < 8 and button["x"] > box["x"],
                  f"at 1280 px the Search button sits beside the box ({button['y']} vs {box['y']})")
            # A quiet page (#75 item 4): the options behind one control on a desktop as on a phone.
            sort = driver.find_element(By.CSS_SELECTOR, "select[name=sort]")
            check(not sort.is_displayed(), "at 1280 px the options sit behind one control, as on a phone")
            driver.find_element(By.CSS_SELECTOR, "details.options > summary").click()
            check(sort.is_displayed() and sort.rect["y"] < 200,
                  f"at 1280 px opening the options shows them in the bar: {sort.rect}")
            rating = driver.find_elements(By.CSS_SELECTOR, "select[name=rating] option")
            check([o.get_attribute("value") for o in rating][:3] == ["", "G", "PG"],
                  f"a filter with a fixed set of values is a choice: {[o.text for o in rating][:3]}")
            # Titles are cut at three lines: none is taller than three times a one-line title.
            driver.get(every + "/?q=daft+punk")
            wait(driver, lambda d: len(tiles(d)) > 0)
            heights = driver.execute_script(
                "return Array.from(document.querySelectorAll('#tiles .tile .title'))"
                ".map(t => [t.getBoundingClientRect().height, t.scrollHeight > t.clientHeight + 1])")
            one = min(h for h, _ in heights)
            check(all(h <= one * 3 + 2 for h, _ in heights) and any(cut for _, cut in heights),
                  f"titles are cut at three lines ({max(h for h, _ in heights):.0f} <= 3 x {one:.0f} px,"
                  f" {sum(cut for _, cut in heights)} cut)")

            print("the keyboard alone")
            driver.get(every + "/")
            body = driver.find_element(By.TAG_NAME, "body")
            body.send_keys(Keys.TAB)
            for _ in range(5):
                if driver.switch_to.active_element.get_attribute("id") == "q":
                    break
                driver.switch_to.active_element.send_keys(Keys.TAB)
            check(driver.switch_to.active_element.get_attribute("id") == "q", "Tab reaches the search box first")
            driver.switch_to.active_element.send_keys("jack johnson", Keys.ENTER)
            until(driver, lambda d: len(tiles(d)) > 0)
            reached = None
            for _ in range(60):
                driver.switch_to.active_element.send_keys(Keys.TAB)
                element = driver.switch_to.active_element
                if element.tag_name == "a" and "open" in (element.get_attribute("class") or "").split():
                    reached = element
                    break
            check(reached is not None, "Tab reaches the first result")
            if reached is not None:
                outline = driver.execute_script(
                    "const s = getComputedStyle(arguments[0]); return [s.outlineStyle, s.outlineWidth]", reached)
                check(outline[0] != "none" and outline[1] not in ("0px", ""), f"with a visible focus: {outline}")
                reached.send_keys(Keys.ENTER)
                check(until(driver, lambda d: "/item/" in d.current_url), "Enter opens its detail")

            print("a tile without artwork lines up with one that has it")
            driver.get(every + "/?q=all")
            wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#tiles .tile img.art")
                 and d.find_elements(By.CSS_SELECTOR, "#tiles .tile .art.none"))
            heights = driver.execute_script(
                "return ['img.art', '.art.none'].map(s => document.querySelector('#tiles .tile ' + s)"
                ".getBoundingClientRect().height)")
            check(abs(heights[0] - heights[1]) < 1, f"artwork and a placeholder are as tall ({heights})")

            print("players and artwork that fail")
            driver.get(every + "/item/song/1038991437")
            play = driver.find_element(By.CSS_SELECTOR, ".hero .actions a.play.primary")
            check("/preview/" in play.get_attribute("href"), "the demo's preview is served by the demo server")
            driver.execute_script("MediaSearchPlayer.slow({0: 0.1})")
            play.click()
            check(until(driver, lambda d: d.execute_script("const a = MediaSearchPlayer.audio;"
                                                           " return a.readyState >= 1 && a.duration > 1")),
                  "the demo's preview is a file the browser can play")
            driver.find_element(By.CSS_SELECTOR, "section.now-playing button.close").click()
            driver.execute_script("arguments[0].href = 'http://127.0.0.1:9/expired.m4a'", play)
            play.click()
            check(until(driver, lambda d: d.find_element(By.CSS_SELECTOR, "section.now-playing .unplayable").is_displayed()),
                  "a preview that cannot play says so in the player")
            check(play.get_attribute("data-failed") == "1", "and its Play is marked as failed")
            title = driver.find_element(By.TAG_NAME, "h1").text
            driver.execute_script("document.querySelector('.hero img.artwork').src = 'http://127.0.0.1:9/none.jpg'")
            check(until(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".hero .artwork.none .name")) == 1),
                  "a detail's artwork that fails becomes the placeholder")
            placeholder = driver.find_elements(By.CSS_SELECTOR, ".hero .artwork.none")
            check(placeholder and placeholder[0].find_element(By.CSS_SELECTOR, ".icon").text != ""
                  and placeholder[0].find_element(By.CSS_SELECTOR, ".name").text == title,
                  "with the kind's icon and the title")
            audit(driver, "a detail whose preview and artwork failed")

            print("Back from a detail (the browser's back/forward cache)")
            driver.get(every + "/?q=jack+johnson")
            wait(driver, lambda d: len(tiles(d)) > 0)
            count = len(tiles(driver))
            driver.execute_script("window.addEventListener('pageshow', e => { window.__restored = e.persisted; });")
            target = tiles(driver)[4]
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
            position = driver.execute_script("return window.scrollY")
            driver.execute_script("arguments[0].querySelector('a.open').click()", target)
            wait(driver, lambda d: "/item/" in d.current_url and len(d.find_elements(By.CSS_SELECTOR, "section.section")) > 0)
            driver.back()
            wait(driver, lambda d: "/item/" not in d.current_url)
            restored = driver.execute_script("return window.__restored === true")
            check(restored, "the page came back from the back/forward cache (the case this checks)")
            until(driver, lambda d: len(tiles(d)) == count and not d.find_elements(By.CSS_SELECTOR, "main .pending"))
            check(len(tiles(driver)) == count and not driver.find_elements(By.CSS_SELECTOR, "main .pending"),
                  f"Back shows the results, not 'Loading the details…': {len(tiles(driver))} of {count} tiles")
            until(driver, lambda d: abs(d.execute_script("return window.scrollY") - position) < 80)
            check(abs(driver.execute_script("return window.scrollY") - position) < 80, "at the same place")
            check("loading" not in driver.find_element(By.TAG_NAME, "body").get_attribute("class"),
                  "and not in the loading state")
            if tiles(driver):
                title = tiles(driver)[0].find_element(By.CSS_SELECTOR, ".title").text
                tiles(driver)[0].find_element(By.CSS_SELECTOR, "a.open").click()
                check(until(driver, lambda d: "/item/" in d.current_url
                            and len(d.find_elements(By.CSS_SELECTOR, "section.section")) > 0
                            and d.find_element(By.TAG_NAME, "h1").text == title),
                      f"after coming Back a tile opens its detail: {title}")
    finally:
        test_web.stop(driver, every_home, faulty_home)
    test_web.finish(args, ("phone.png", "playing-1280.png", "playing-390.png") if "en" in languages else (), "screen")


if __name__ == "__main__":
    main()
