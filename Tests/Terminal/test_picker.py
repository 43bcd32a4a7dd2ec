#!/usr/bin/env python3
"""`mediasearch pick` (#73 item 2) as a person meets it: in tmux, typed at, resized, and left.

Against the release binary and a fixture server that holds Radio Browser's answers until it is
sent SIGUSR1 (a slow source whose release the test decides: no timing), with songs and the radio
enabled:
- at 80x24 and at 200x50: the songs are listed while the header says the radio is still asked,
  the first one's cover (half-blocks) and tile beside the list; once the radio is let go, its
  stations join and the header stops asking; no line is wider than the window;
- keys: j and k move (the pane follows), typing filters (and Esc clears, the selection kept),
  Enter on a new term searches it, Enter opens the detail and q goes back, ? shows the keys,
  s stars (as `mediasearch lists` then says);
- a resize to 60x20 and to 120x40: the screen is drawn again to the new width;
- every way out gives the terminal back as it was: q (status 0), Ctrl-C (130), SIGTERM (143): the
  normal screen with what was on it before, the cursor shown, the line discipline cooked and
  echoing (`stty -a`);
- under kitty's TERM, and with MEDIASEARCH_ARTWORK=sixel, the cover in that protocol at the pane's
  corner (the bytes read on a pseudo-terminal), not sent again by a key that moves nothing, sent
  again when the selection moves; Kitty's taken off on the way out;
- `search -i` is the same picker; `pick` without a terminal is a one-line error (64).

    python3 Tests/Terminal/test_picker.py --bin "$(swift build -c release --show-bin-path)"
"""
import argparse, json, os, re, signal, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Support"))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Terminal"))
import harness  # noqa: E402
import test_web  # noqa: E402  (start, check and the fixture server's banner)
from test_preview import Tmux, blocks, until  # noqa: E402
from test_web import check  # noqa: E402

HELD = "/json/stations/search"
TERM = "klara"


def width_of(line):
    """Columns a captured line takes (the box-drawing and block characters are one column each)."""
    return len(line)


def part(bindir, homes):
    """A fixture server holding the radio, and a private home over it: (the server, the home's env)."""
    test_web.start([harness.fixtures(bindir), "--port", "0", "--hold", HELD], os.environ,
                   r"on (http://127\.0\.0\.1:\d+)")
    fixtures = test_web.PROCESSES[-1]
    home, env = harness.private_home(bindir, "mediasearch-picker-")
    homes.append(home)
    config = os.path.join(home, "config.yaml")
    with open(config, "w") as f:
        f.write("providers:\n  itunes: {rate_limit: 1000/min}\nkinds: [song, radio]\n")
    env.update(MEDIASEARCH_CONFIG=config, LANG="C.UTF-8", TERM="xterm-256color",
               **test_web.announced_variables(fixtures))
    env.pop("NO_COLOR", None)
    return fixtures, env


def restored(tmux, status, where):
    """After the picker: the shell's screen back (the marker before it), the cursor shown, the
    terminal cooked and echoing."""
    screen = tmux.wait_for(r"EXIT-\d+")
    check(f"EXIT-{status}" in screen, f"{where}: the picker ends with {status} ({re.findall(r'EXIT-[0-9]+', screen)})")
    check("before-pick" in screen, f"{where}: the screen before it is back (the alternate screen left)")
    flags = tmux.run("display-message", "-p", "-t", "t", "#{cursor_flag} #{alternate_on}").stdout.split()
    check(flags == ["1", "0"], f"{where}: the cursor is shown, the normal screen on ({flags})")
    # The marker is typed as ST""TY: the command line's echo on the screen is not its output.
    tmux.type("clear; stty -a | tr ' ;' '\\n\\n' | grep -x -e '-\\?icanon' -e '-\\?echo' | tr '\\n' ' '; echo ST\"\"TY",
              "Enter")
    screen = tmux.wait_for(r"-?icanon\s+-?echo\s+STTY")
    check(re.search(r"(^|\s)icanon\s+echo(\s|$)", screen) is not None,
          f"{where}: the line discipline is cooked and echoes ({screen.strip()[-60:]!r})")


def start_picker(tmux, mediasearch, words="pick " + TERM):
    tmux.type(f"clear; echo before-pick; {mediasearch} {words}; echo EXIT-$?", "Enter")


def streaming(bindir, homes, mediasearch, columns, rows):
    fixtures, env = part(bindir, homes)
    tmux = Tmux(env, columns, rows)
    try:
        start_picker(tmux, mediasearch)
        screen = tmux.wait_for(r"asking radio")
        where = f"{columns}x{rows}"
        check("song" in screen and "radio" not in "".join(line[:columns // 2] for line in screen.splitlines()[2:]),
              f"{where}: the songs are listed while the radio is still asked")
        screen = tmux.wait_for(r"▀")
        check(sum(1 for line in screen.splitlines() if blocks(line) >= 6) >= 4, f"{where}: the first song's cover beside it")
        fixtures.send_signal(signal.SIGUSR1)
        screen = until(tmux, lambda screen: "asking radio" not in screen and re.search(r"\bradio\b", screen))
        check("asking radio" not in screen and re.search(r"\bradio\b", screen),
              f"{where}: the stations join once the radio answers, and the header stops asking")
        widths = [width_of(line) for line in screen.splitlines()]
        check(max(widths) <= columns and len(screen.splitlines()) <= rows,
              f"{where}: every line fits the window ({max(widths)} of {columns}, {len(screen.splitlines())} lines)")
        tmux.type("q")
        restored(tmux, 0, where)
    finally:
        tmux.close()
        fixtures.terminate()


def keys(bindir, homes, mediasearch):
    fixtures, env = part(bindir, homes)
    fixtures.send_signal(signal.SIGUSR1)
    tmux = Tmux(env, 120, 32)
    try:
        start_picker(tmux, mediasearch)
        screen = tmux.wait_for(r"results")
        tmux.wait_for(r"[1-9]\d* results(?! · (asking|searching))")
        selected = lambda screen: next((line for line in screen.splitlines() if line.startswith("› ")), "")  # noqa: E731
        pane = lambda screen: "\n".join(line.split("│", 1)[1] for line in screen.splitlines() if "│" in line)  # noqa: E731
        first = selected(tmux.screen())
        tmux.type("j")
        # Until the pane shows the new selection too (tmux may show a frame half drawn).
        name = lambda screen: selected(screen)[2:].split(" · ")[0].strip()  # noqa: E731
        screen = until(tmux, lambda screen: selected(screen) not in ("", first) and name(screen) in pane(screen))
        second = selected(screen)
        title = second[2:].split(" · ")[0].strip()
        check(second != first and title and title in pane(screen), f"keys: j moves, and the pane shows that result ({title!r})")
        tmux.type("k")
        screen = until(tmux, lambda screen: selected(screen) == first)
        check(selected(screen) == first, "keys: k moves back")

        # Typing filters; Esc clears it and the selection stays on the result it was on.
        word = title.split()[0]
        tmux.type("/", word)
        shown = lambda screen: [line for line in screen.splitlines()[2:] if line[:2] in ("› ", "  ")  # noqa: E731
                                and "│" in line and line.split("│")[0].strip()]
        filtered = lambda screen: ("/ " + word) in screen and shown(screen) and all(  # noqa: E731
            word.lower() in line.split("│")[0].lower() for line in shown(screen))
        screen = until(tmux, filtered)
        listed = shown(screen)
        check(filtered(screen),
              f"keys: typing filters the list ({len(listed)} shown for {word!r})")
        tmux.type("Escape")
        screen = tmux.wait_for(r"type to filter")

        # Enter on a new term searches it.
        tmux.type("/", "jack johnson", "Enter")
        screen = tmux.wait_for(r"mediasearch jack johnson · [1-9]\d* results")
        check("Jack Johnson" in screen, "keys: Enter on a new term searches it")

        # Enter opens the detail, q goes back; ? shows the keys.
        tmux.type("Enter")
        screen = tmux.wait_for(r"Kind\s+Song|Artist")
        check("──" in screen, "keys: Enter opens the detail")
        # Its links are whole lines, shortened as links (OSC 8) are: a line cut inside a link's
        # escape left the terminal swallowing the rest of the screen.
        check(re.search(r"Store\s+(https://)?music\.apple\.com/us/album/\S+", screen)
              and re.search(r"Artwork\s+\S+", screen) and "Track price" in screen,
              f"keys: the detail's store link and the rows after it are shown: {screen!r}")
        tmux.type("q")
        screen = tmux.wait_for(r"type to filter")
        tmux.type("?")
        screen = tmux.wait_for(r"Keys")
        check("star it" in screen and "Ctrl-C quits" in screen, "keys: ? shows the keys")
        tmux.type("x")
        tmux.wait_for(r"type to filter")

        # s stars the selected result.
        tmux.type("s")
        screen = tmux.wait_for(r"Starred ")
        tmux.type("q")
        restored(tmux, 0, "keys")
        lists = subprocess.run([mediasearch, "lists", "--format", "json"], env=env, capture_output=True, text=True,
                               timeout=60)
        counts = {entry["name"]: entry["count"] for entry in json.loads(lists.stdout)["lists"]}
        check(counts.get("starred") == 1, f"keys: s starred it ({counts})")
    finally:
        tmux.close()
        fixtures.terminate()


def ways_out(bindir, homes, mediasearch):
    fixtures, env = part(bindir, homes)
    fixtures.send_signal(signal.SIGUSR1)
    tmux = Tmux(env, 100, 30)
    try:
        # A resize: drawn again at the new width.
        start_picker(tmux, mediasearch)
        tmux.wait_for(r"[1-9]\d* results(?! · (asking|searching))")
        for columns, rows in [(60, 20), (120, 40)]:
            tmux.run("resize-window", "-t", "t", "-x", str(columns), "-y", str(rows))
            fits = lambda screen, columns=columns, rows=rows: (  # noqa: E731
                len(screen.rstrip("\n").splitlines()) == rows and "quit" in screen.rstrip("\n").splitlines()[-1]
                and max(width_of(line) for line in screen.splitlines()) <= columns
                and (columns < 70) == ("│" not in screen))
            screen = until(tmux, fits)
            lines = screen.splitlines()
            check(max(width_of(line) for line in lines) <= columns and (columns < 70) == ("│" not in screen),
                  f"resize to {columns}x{rows}: drawn again to the width (the pane only from 70 columns)")
        tmux.run("resize-window", "-t", "t", "-x", "12", "-y", "4")
        screen = until(tmux, lambda screen: "Too small" in screen)
        check("Too small" in screen and max(width_of(line) for line in screen.splitlines()) <= 12,
              "resize to 12x4: the screen says it is too small, within the width")
        tmux.run("resize-window", "-t", "t", "-x", "100", "-y", "30")
        until(tmux, lambda screen: "│" in screen)
        tmux.type("C-c")
        restored(tmux, 130, "Ctrl-C")

        start_picker(tmux, mediasearch, "search -i " + TERM)
        tmux.wait_for(r"[1-9]\d* results(?! · (asking|searching))")
        pid = subprocess.run(["pgrep", "-n", "-f", f"{mediasearch} search -i"], capture_output=True, text=True).stdout
        check(pid.strip().isdigit(), "search -i is the same picker")
        os.kill(int(pid.strip()), signal.SIGTERM)
        restored(tmux, 143, "SIGTERM")

        helped = subprocess.run([mediasearch, "pick", "--help"], env=env, capture_output=True, text=True, timeout=60)
        check(helped.returncode == 0 and "full-screen list" in helped.stdout and "pick daft punk" in helped.stdout,
              "pick --help is pick's own help")
        piped = subprocess.run([mediasearch, "pick", TERM], env=env, stdin=subprocess.DEVNULL, capture_output=True,
                               text=True, timeout=60, start_new_session=True)
        check(piped.returncode == 64 and len(piped.stderr.strip().splitlines()) == 1 and "terminal" in piped.stderr,
              f"without a terminal: one line, status 64 ({piped.returncode}, {piped.stderr.strip()!r})")
    finally:
        tmux.close()
        fixtures.terminate()


def graphics(bindir, homes, mediasearch, drawing):
    """Under kitty's TERM, or with MEDIASEARCH_ARTWORK=sixel (on a pseudo-terminal of 100x30, the
    bytes read as written): the cover drawn in that protocol at the pane's corner (row 3, column
    49), not again when a key leaves the selection where it was (the frame leaves its cells alone),
    again when the selection moves; Kitty's taken off on the way out; no half-block anywhere."""
    import fcntl, pty, select, struct, termios
    fixtures, env = part(bindir, homes)
    fixtures.send_signal(signal.SIGUSR1)
    variables = dict(env, TERM="xterm-kitty") if drawing == "kitty" else dict(env, MEDIASEARCH_ARTWORK="sixel")
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        os.execve(mediasearch, [mediasearch, "pick", TERM], variables)
    output = b""

    def read_until(pattern, seconds=30):
        nonlocal output
        deadline = time.monotonic() + seconds
        while not re.search(pattern, output) and time.monotonic() < deadline:
            if select.select([fd], [], [], 0.2)[0]:
                try:
                    output += os.read(fd, 65536)
                except OSError:
                    break
        return re.search(pattern, output) is not None

    placed = (rb"\x1b\[3;49H\x1b_Ga=d,d=A,q=2\x1b\\\x1b_Ga=T,f=24,s=\d+,v=\d+,c=\d+,r=\d+,C=1,q=2,m="
              if drawing == "kitty" else rb"\x1b\[3;49H\x1bP0;1;0q\"1;1;\d+;\d+#")
    check(read_until(rb"[1-9]\d* results(?! \xc2\xb7 (asking|searching))") and read_until(placed),
          f"{drawing}: the cover is drawn at the pane's corner (row 3, column 49)")
    # k at the top moves nothing: the screen is drawn again, the cover is not.
    frames = output.count(b"\x1b[H")
    os.write(fd, b"k")
    deadline = time.monotonic() + 30
    while output.count(b"\x1b[H") <= frames and time.monotonic() < deadline:
        read_until(rb"$^", seconds=0.2)
    check(len(re.findall(placed, output)) == 1, f"{drawing}: a key that moves nothing draws the screen, not the cover again")
    if drawing == "sixel":
        # The down arrow in two reads, 50 ms apart (a slow link): one key, not Esc and letters.
        os.write(fd, b"\x1b")
        time.sleep(0.05)
        os.write(fd, b"[B")
    else:
        os.write(fd, b"j")
    check(read_until(placed + rb"[\s\S]*" + placed), f"{drawing}: moving the selection draws the next one's cover")
    os.write(fd, b"q")
    read_until(rb"\x1b\[\?1049l")
    status = os.waitpid(pid, 0)[1]
    os.close(fd)
    check(os.waitstatus_to_exitcode(status) == 0, f"{drawing}: the picker ends with 0")
    if drawing == "kitty":
        last = output.rfind(b"\x1b_Ga=T")
        check(output.find(b"\x1b_Ga=d,d=A,q=2\x1b\\", last) > last, "kitty: the cover is taken off on the way out")
    check("▀".encode() not in output, f"{drawing}: no half-block is drawn")
    fixtures.terminate()


def hostile(bindir, homes, mediasearch):
    """A source's `javascript:` link: `o` says there is no page to open, and no browser is started."""
    test_web.start([harness.fixtures(bindir), "--port", "0", "--hostile", "audiobook"], os.environ,
                   r"on (http://127\.0\.0\.1:\d+)")
    fixtures = test_web.PROCESSES[-1]
    home, env = harness.private_home(bindir, "mediasearch-picker-")
    homes.append(home)
    browser, opened = os.path.join(home, "browser"), os.path.join(home, "opened")
    with open(browser, "w") as f:
        f.write(f"#!/bin/sh\necho \"$@\" >> {opened}\n")
    os.chmod(browser, 0o755)
    env.update(LANG="C.UTF-8", TERM="xterm-256color", BROWSER=browser, **test_web.announced_variables(fixtures))
    tmux = Tmux(env, 100, 30)
    try:
        start_picker(tmux, mediasearch, "pick hostile --kind audiobook")
        screen = tmux.wait_for(r"[1-9]\d* results")
        check("<script>" in screen, "hostile: the attack's book is listed, its markup as plain text")
        tmux.type("o")
        screen = tmux.wait_for(r"No store page to open|Opened")
        check("No store page to open" in screen and not os.path.exists(opened),
              "hostile: o hands no javascript: link to a browser")
        tmux.type("q")
        restored(tmux, 0, "hostile")
    finally:
        tmux.close()
        fixtures.terminate()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    bindir = os.path.abspath(args.bin)
    mediasearch = os.path.join(bindir, "mediasearch")
    homes = []
    try:
        for columns, rows in [(80, 24), (200, 50)]:
            print(f"streaming at {columns}x{rows}")
            streaming(bindir, homes, mediasearch, columns, rows)
        print("keys")
        keys(bindir, homes, mediasearch)
        for drawing in ["kitty", "sixel"]:
            print(drawing)
            graphics(bindir, homes, mediasearch, drawing)
        print("a hostile source")
        hostile(bindir, homes, mediasearch)
        print("resizes and ways out")
        ways_out(bindir, homes, mediasearch)
    finally:
        test_web.stop(None, *homes)
    test_web.report("picker")


if __name__ == "__main__":
    main()
