#!/usr/bin/env python3
"""`mediasearch preview` (#73 item 3) as a person meets it: in tmux, and in fzf's preview window.

Against the release binary and the fixture server (whose artwork is a 120 px PNG): a search fills
the last results; then
- in tmux at 80x24, `preview ID --kind song` draws the cover in half-blocks (tmux gets no graphics
  protocol), 12 rows of 24 cells of `▀` in colour, and the tile under it;
- `search ... | fzf --preview 'mediasearch preview {1} --kind {2}'` in tmux at 120x30: the preview
  pane shows the first result's cover and title; Up shows the second's; Enter prints the line;
- sized by `$FZF_PREVIEW_COLUMNS`/`$FZF_PREVIEW_LINES` with kitty's `TERM`: Kitty's graphics
  protocol, the picture over 16 x 8 cells of a 30 x 16 box;
- piped, or on a dumb terminal: the tile alone, no escape code;
- offline, the picture again (it was kept in the response cache);
- a real terminal where Debian has one: xterm as a VT340 under Xvfb draws the Sixel cover (a
  screenshot's corner in the cover's colours; not without the picture), and the picker's (its
  pane, with MEDIASEARCH_ARTWORK=sixel);
- an id nobody has: one line on stderr, a failure's exit status, nothing on stdout.

    python3 Tests/Terminal/test_preview.py --bin "$(swift build -c release --show-bin-path)"
"""
import argparse, os, re, shutil, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Support"))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
import harness  # noqa: E402
import test_web  # noqa: E402  (start, check and the fixture server's banner)
from test_web import check  # noqa: E402

ESCAPE = re.compile(r"\x1b")


class Tmux:
    """A tmux server of its own (its own socket), one window of the given size."""

    def __init__(self, env, columns, rows):
        self.socket = f"mediasearch-preview-{os.getpid()}-{columns}"
        self.env = env
        self.run("new-session", "-d", "-x", str(columns), "-y", str(rows), "-s", "t", "sh")
        self.run("set-option", "-g", "status", "off")

    def run(self, *args):
        return subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null", *args], env=self.env,
                              capture_output=True, text=True, timeout=30)

    def type(self, *keys):
        self.run("send-keys", "-t", "t", *keys)

    def screen(self, escapes=False):
        return self.run("capture-pane", "-p", *(["-e"] if escapes else []), "-t", "t").stdout

    def wait_for(self, pattern, seconds=30, escapes=False):
        """The screen once `pattern` shows on it (a regular expression); fails after `seconds`."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            screen = self.screen(escapes)
            if re.search(pattern, screen):
                return screen
            time.sleep(0.1)
        raise SystemExit(f"the screen never showed {pattern!r}:\n{self.screen()}")

    def close(self):
        self.run("kill-server")


def until(tmux, done, seconds=30):
    """The screen once `done(screen)` holds, or as it is after `seconds` (the check then fails)."""
    deadline = time.monotonic() + seconds
    screen = tmux.screen()
    while not done(screen) and time.monotonic() < deadline:
        time.sleep(0.1)
        screen = tmux.screen()
    return screen


def blocks(line):
    return line.count("▀")


def painted_share(ppm):
    """The share of a screenshot (a binary PPM) that is not xterm's white background (the cover's
    ring is white too; text is a few thin strokes)."""
    with open(ppm, "rb") as f:
        pixels = f.read().split(b"\n", 3)[3]
    painted = sum(1 for at in range(0, len(pixels) - 2, 3) if min(pixels[at:at + 3]) < 200)
    return painted / max(1, len(pixels) // 3)


def xterm_checks(mediasearch, env, song, home):
    """xterm as a VT340 (Sixel) on a virtual X display: a screenshot once the preview is written
    shows the cover where it was drawn (colours in its corner), and nothing there without it."""
    display = f":{70 + os.getpid() % 200}"
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "800x600x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(0.5)
        # The picker in xterm, told to draw Sixel: its cover in the pane (column 49 of 100, row 3;
        # xterm's cell is 6 x 13 pixels), polled until drawn.
        picker = subprocess.Popen(["xterm", "-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340", "-xrm",
                                   "XTerm*numColorRegisters: 256", "-geometry", "100x30+0+0", "-e", mediasearch,
                                   "pick", "jack johnson", "--kind", "song"],
                                  env=dict(env, DISPLAY=display, MEDIASEARCH_ARTWORK="sixel"),
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shot = os.path.join(home, "xterm-picker.ppm")
        deadline = time.monotonic() + 30
        share = 0
        while share <= 0.6 and time.monotonic() < deadline:
            time.sleep(0.3)
            subprocess.run(["import", "-display", display, "-window", "root", "-crop", "60x60+294+32", shot],
                           check=True, timeout=60)
            share = painted_share(shot)
        picker.terminate()
        check(share > 0.6, f"xterm: the picker draws the selected result's Sixel cover in its pane ({share:.0%})")
        for artwork in ["sixel", "none"]:
            done = os.path.join(home, f"xterm-{artwork}")
            shot = os.path.join(home, f"xterm-{artwork}.ppm")
            command = (f"{mediasearch} preview {song} --kind song --artwork {artwork} --columns 40 --lines 24; "
                       f"touch {done}; sleep 30")
            xterm = subprocess.Popen(["xterm", "-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340", "-xrm",
                                      "XTerm*numColorRegisters: 256", "-geometry", "80x30+0+0", "-e", "sh", "-c",
                                      command], env=dict(env, DISPLAY=display), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
            deadline = time.monotonic() + 60
            while not os.path.exists(done) and time.monotonic() < deadline:
                time.sleep(0.1)
            # xterm draws what it has read in its own time: the screenshot is taken again until the
            # cover shows, or for `none` until the corner is background (a busy machine may not
            # have repainted yet; a picture drawn there would stay for the whole 10 s).
            deadline = time.monotonic() + (30 if artwork == "sixel" else 10)
            while True:
                subprocess.run(["import", "-display", display, "-window", "root", "-crop", "100x100+4+4", shot],
                               check=True, timeout=60)
                share = painted_share(shot)
                done_drawing = share > 0.6 if artwork == "sixel" else share < 0.3
                if done_drawing or time.monotonic() > deadline:
                    break
                time.sleep(0.2)
            # Gone before the next one starts, so that its screenshot cannot show this one's window.
            xterm.terminate()
            xterm.wait(timeout=10)
            print(f"  ({artwork}: {share:.0%} of the corner painted)")
            if artwork == "sixel":
                check(share > 0.6, f"xterm: the cover is drawn where the preview put it ({share:.0%} of the corner)")
            else:
                check(share < 0.3, f"xterm: without the picture that corner is mostly background ({share:.0%})")
    finally:
        xvfb.terminate()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    bindir = os.path.abspath(args.bin)
    mediasearch = os.path.join(bindir, "mediasearch")
    test_web.start([harness.fixtures(bindir), "--port", "0"], os.environ, r"on (http://127\.0\.0\.1:\d+)")
    variables = test_web.announced_variables(test_web.PROCESSES[-1])
    home, env = harness.private_home(bindir, "mediasearch-preview-")
    config = os.path.join(home, "config.yaml")
    with open(config, "w") as f:
        f.write("providers:\n  itunes: {rate_limit: 1000/min}\nkinds: [song]\n")
    env.update(MEDIASEARCH_CONFIG=config, LANG="C.UTF-8", **variables)
    env.pop("NO_COLOR", None)
    sessions = []
    try:
        found = subprocess.run([mediasearch, "search", "jack johnson", "--limit", "3"], env=env, capture_output=True,
                               text=True, timeout=60)
        rows = [line.split("\t") for line in found.stdout.splitlines()]
        check(found.returncode == 0 and len(rows) == 3, f"a search gives three songs ({found.stderr.strip()})")
        first, second = rows[0], rows[1]

        print("tmux")
        shell = dict(env, TERM="xterm-256color")
        tmux = Tmux(shell, 80, 24)
        sessions.append(tmux)
        tmux.type(f"clear; {mediasearch} preview {first[0]} --kind song; echo done-$?", "Enter")
        screen = tmux.wait_for(r"done-\d")
        lines = screen.splitlines()
        drawn = [line for line in lines if blocks(line)]
        check(len(drawn) == 12 and all(blocks(line) == 24 for line in drawn),
              f"tmux: the cover in half-blocks, 12 rows of 24 cells ({[blocks(line) for line in drawn]})")
        coloured = tmux.screen(escapes=True)
        check(re.search(r"\x1b\[38;5;\d+m", coloured) or re.search(r"\x1b\[38;2;", coloured),
              "tmux: the half-blocks are in colour")
        check(first[3] in screen and "done-0" in screen, f"tmux: the tile under it names the song ({first[3]!r})")
        check("_G" not in coloured and "1337" not in coloured, "tmux: no graphics protocol's codes reach the screen")

        if shutil.which("fzf"):
            print("fzf")
            tmux = Tmux(shell, 120, 30)
            sessions.append(tmux)
            tmux.type(f"clear; {mediasearch} search 'jack johnson' --limit 3 | fzf --delimiter '\\t' --with-nth 3.. "
                      f"--preview '{mediasearch} preview {{1}} --kind {{2}}' --preview-window right:50%; echo picked-$?",
                      "Enter")
            pane = lambda screen: "\n".join(line[61:] for line in screen.splitlines())  # noqa: E731
            # Each until the whole preview is drawn (fzf draws it as it comes).
            shows = lambda screen, row: (row[3][:20] in pane(screen)  # noqa: E731
                                         and sum(1 for line in pane(screen).splitlines() if blocks(line) >= 8) >= 6)
            screen = until(tmux, lambda screen: shows(screen, first))
            check(shows(screen, first), "fzf: the preview window shows the first result's cover and tile")
            tmux.type("Up")  # fzf lists from the bottom up: the second result is above the first
            screen = until(tmux, lambda screen: shows(screen, second))
            check(shows(screen, second), "fzf: Up shows the second result's cover and tile")
            tmux.type("Enter")
            screen = tmux.wait_for(r"picked-\d")
            check("picked-0" in screen and second[0] in screen, "fzf: Enter prints the chosen line")
        else:
            print("  (fzf is not installed: its part is skipped)")

        print("sized for fzf")
        sized = dict(env, TERM="xterm-kitty", FZF_PREVIEW_COLUMNS="30", FZF_PREVIEW_LINES="16")
        done = subprocess.run([mediasearch, "preview", first[0], "--kind", "song"], env=sized, capture_output=True,
                              timeout=60)
        out = done.stdout.decode()
        check(done.returncode == 0 and out.startswith("\x1b_Ga=d,d=A,q=2\x1b\\\x1b_Ga=T,f=24,")
              and ",c=16,r=8,C=1," in out, f"fzf's box and kitty's TERM: Kitty's protocol over 16 x 8 cells ({out[:90]!r})")
        text = out.rsplit("\r\n", 1)[-1]
        check(len(text.splitlines()) <= 16 - 8 and first[3] in text, "fzf's box: the tile fits under the picture")

        print("piped and dumb")
        piped = subprocess.run([mediasearch, "preview", first[0], "--kind", "song"], env=shell, capture_output=True,
                               text=True, timeout=60)
        check(piped.returncode == 0 and first[3] in piped.stdout and not ESCAPE.search(piped.stdout),
              "piped: the tile alone, no escape code")
        dumb = Tmux(dict(env, TERM="dumb"), 80, 24)
        sessions.append(dumb)
        dumb.type(f"clear; TERM=dumb {mediasearch} preview {first[0]} --kind song; echo done-$?", "Enter")
        screen = dumb.wait_for(r"done-\d", escapes=True)
        check("done-0" in screen and not blocks(screen) and first[3] in screen, "a dumb terminal: the tile, no picture")

        print("offline")
        offline = subprocess.run([mediasearch, "preview", first[0], "--kind", "song", "--offline", "--artwork", "blocks",
                                  "--columns", "40", "--lines", "20"], env=shell, capture_output=True, text=True,
                                 timeout=60)
        check(offline.returncode == 0 and sum(1 for line in offline.stdout.splitlines() if blocks(line) == 20) == 10,
              f"offline: the picture again, from the response cache ({offline.stderr.strip()[:120]})")

        if all(shutil.which(tool) for tool in ["Xvfb", "xterm", "convert", "import"]):
            print("a real terminal: xterm drawing Sixel under Xvfb")
            xterm_checks(mediasearch, shell, first[0], home)
        else:
            print("  (Xvfb, xterm or ImageMagick is not installed: the real terminal's part is skipped)")

        print("a bad id")
        bad = subprocess.run([mediasearch, "preview", "999999999999", "--kind", "song", "--offline"], env=shell,
                             capture_output=True, text=True, timeout=60)
        check(bad.returncode not in (0, None) and bad.stdout == "" and len(bad.stderr.strip().splitlines()) == 1
              and "Traceback" not in bad.stderr, f"a bad id: one line, a failure's status ({bad.returncode}, {bad.stderr.strip()!r})")
    finally:
        for session in sessions:
            session.close()
        test_web.stop(None, home)
    test_web.report("preview")


if __name__ == "__main__":
    main()
