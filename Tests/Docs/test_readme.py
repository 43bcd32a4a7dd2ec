#!/usr/bin/env python3
"""The README's "Try it in two minutes", followed word by word in a new shell (#75 item 6).

    python3 Tests/Docs/test_readme.py --bin .build/release

Every line of the section's shell blocks runs as written, in bash, in a fresh folder with a private
home, one after another with what the earlier lines exported; nothing is retyped here. The build
line is the one thing not run: the binaries under test stand in for it (the folder's
`.build/release` is a link to --bin), so the next line's `export PATH="$PWD/.build/release:$PATH"`
finds them. The demo server's line gets `--port 0` (another suite may hold 8765); its banner must
print the very line the README exports next. A search or show must end with 0, print results and
say that they are demo data; `pick` runs in a real pseudo-terminal and quits on `q`; `serve --open`
must open, through $BROWSER, a page that answers.
"""

import argparse
import fcntl
import os
import pty
import re
import select
import shlex
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Support"))
import harness  # noqa: E402

NOTICE = "Demo data: recorded answers, not live sources"
FAILURES = []


def check(condition, message):
    print(f"  {'ok' if condition else 'FAILED'}: {message}")
    if not condition:
        FAILURES.append(message)


def section_lines(readme):
    """The lines of the shell blocks of "## Try it in two minutes", comments and all."""
    section = readme.split("## Try it in two minutes", 1)[1].split("\n## ", 1)[0]
    return [line for block in re.findall(r"```sh\n(.*?)```", section, re.S) for line in block.splitlines()]


def command_of(line):
    """A line without its trailing comment (the README's comments follow two or more spaces)."""
    return re.split(r"\s{2,}#", line, maxsplit=1)[0].strip()


def bash(script, env, cwd, timeout=60, **kwargs):
    return subprocess.run(["bash", "--norc", "--noprofile", "-c", script], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=timeout, **kwargs)


def plain(text):
    """Terminal output without its escape sequences (CSI, and OSC such as a link's)."""
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)", "", text)


def in_terminal(script, env, cwd, keys, ready, timeout=60):
    """Runs `script` in bash on a new 80x24 pseudo-terminal; types `keys` once the screen matches
    `ready`. Returns (exit status, everything written)."""
    pid, fd = pty.fork()
    if pid == 0:
        try:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
            os.chdir(cwd)
            os.execvpe("bash", ["bash", "--norc", "--noprofile", "-c", script], env)
        finally:
            os._exit(127)
    output, sent, deadline = b"", False, time.monotonic() + timeout
    while time.monotonic() < deadline:
        if select.select([fd], [], [], 0.05)[0]:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:  # the terminal closed: the program has ended, or is ending
                _, status = os.waitpid(pid, 0)
                return os.waitstatus_to_exitcode(status), output.decode("utf-8", "replace")
            output += chunk
        if not sent and re.search(ready, plain(output.decode("utf-8", "replace"))):
            os.write(fd, keys)
            sent = True
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status), output.decode("utf-8", "replace")
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    return None, output.decode("utf-8", "replace")


def photograph(url, path):
    """The README's picture: the page at `url` in headless Chromium at 1280x800, its covers loaded."""
    sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
    import test_web
    driver = test_web.browser()
    try:
        driver.set_window_size(1280, 800)
        driver.get(url)
        test_web.wait(driver, lambda d: test_web.images_loaded(d) >= 8)
        driver.save_screenshot(path)
        print(f"  wrote {os.path.relpath(path, ROOT)}")
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--update-docs", action="store_true",
                        help="also photograph the demo's search in a browser: docs/screenshots/demo-search.png")
    args = parser.parse_args()
    bindir = os.path.abspath(args.bin)
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    lines = [command_of(line) for line in section_lines(readme)]
    lines = [line for line in lines if line]
    print("the README's first minutes")
    first = readme.splitlines().index(next(l for l in readme.splitlines() if l.startswith("swift build")))
    check(first < 30, f"the first command is on line {first + 1}, within the first 30")

    folder = tempfile.mkdtemp(prefix="mediasearch-readme-")
    home, env = harness.private_home(bindir, parent=folder)
    work = os.path.join(folder, "MediaSearch")
    os.makedirs(os.path.join(work, ".build"))
    os.symlink(bindir, os.path.join(work, ".build", "release"))
    env = {key: value for key, value in env.items() if not key.startswith("MEDIASEARCH_")}
    env["PATH"] = "/usr/bin:/bin"  # the README's own export puts the binaries first
    env["TERM"] = "xterm-256color"
    exports = []  # the lines run so far that set the shell's state
    server, server_config = None, None
    ran = {"search": 0, "show": 0, "pick": 0, "serve": 0}
    try:
        for line in lines:
            words = shlex.split(line.rstrip("&").strip())
            if words[:2] == ["swift", "build"]:
                check("-c" in words and "release" in words, f"the build line is a release build: {line}")
                continue
            if words[0] == "export":
                exports.append(line)
                done = bash("; ".join(exports) + '; printf "%s" "$MEDIASEARCH_CONFIG"', env, work)
                check(done.returncode == 0, f"runs: {line}")
                if "MEDIASEARCH_CONFIG" in line and server is not None:
                    check(done.stdout == server_config,
                          f"the demo server printed the line the README exports: {done.stdout!r} == {server_config!r}")
                continue
            prelude = "; ".join(exports)
            if words[0] == "mediasearch-fixtures":
                check(line.endswith("&"), f"the demo server runs in the background: {line}")
                script = f"{prelude}; exec {line.rstrip('&').strip()} --port 0"
                server = subprocess.Popen(["bash", "--norc", "--noprofile", "-c", script], env=env, cwd=work,
                                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
                banner = [server.stdout.readline() for _ in range(3)]
                printed = [l for l in banner if l.startswith("export ")]
                check(len(printed) == 1 and printed[0].startswith("export MEDIASEARCH_CONFIG="),
                      f"its banner prints one export line: {banner}")
                server_config = bash(f"{printed[0].strip() if printed else 'true'}; "
                                     'printf "%s" "$MEDIASEARCH_CONFIG"', env, work).stdout
                check(os.path.isfile(server_config), f"the config it names is there: {server_config}")
                continue
            check(words[0] == "mediasearch", f"a line of the section is a mediasearch command: {line}")
            command = words[1] if len(words) > 1 else ""
            if command == "pick":
                # q once the song the demo has for the term is listed: the results streamed in.
                status, output = in_terminal(f"{prelude}; {line}", env, work, b"q", r"Upside Down")
                shown = plain(output)
                check(status == 0 and "Upside Down" in shown,
                      f"{line}: the picker shows results and q quits ({status}"
                      + ("" if status == 0 and "Upside Down" in shown else f", {shown[-600:]!r}") + ")")
                ran["pick"] += 1
            elif command == "serve":
                opened = os.path.join(folder, "opened")
                browser = os.path.join(folder, "browser")
                with open(browser, "w") as f:
                    f.write(f'#!/bin/sh\nprintf "%s" "$1" > {shlex.quote(opened)}\n')
                os.chmod(browser, 0o755)
                served = subprocess.Popen(["bash", "--norc", "--noprofile", "-c", f"{prelude}; exec {line} --port 0"],
                                          env={**env, "BROWSER": browser}, cwd=work,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                try:
                    deadline = time.monotonic() + 30
                    while not os.path.exists(opened) and time.monotonic() < deadline and served.poll() is None:
                        time.sleep(0.1)
                    url = open(opened).read() if os.path.exists(opened) else ""
                    check(url.startswith("http://127.0.0.1:"), f"{line}: opens the browser at {url!r}")
                    if url:
                        page = urllib.request.urlopen(url + "?q=daft+punk", timeout=30).read().decode()
                        check("Daft Punk" in page and "Demo data" in page,
                              f"{line}: the page searches the demo and says it is demo data")
                        if args.update_docs:
                            photograph(url + "?q=daft+punk", os.path.join(ROOT, "docs", "screenshots", "demo-search.png"))
                finally:
                    served.terminate()
                    served.wait(timeout=30)
                ran["serve"] += 1
            else:
                done = bash(f"{prelude}; {line}", env, work)
                # What answers from the demo's records says so; star only keeps what was shown.
                said = NOTICE in done.stderr or command == "star"
                check(done.returncode == 0 and done.stdout.strip() != "" and said,
                      f"{line}: exit {done.returncode}, {len(done.stdout.splitlines())} lines, demo data said"
                      + ("" if done.returncode == 0 else f" ({done.stderr.strip()[:200]})"))
                ran[command] = ran.get(command, 0) + 1
        check(ran["search"] >= 3 and ran["show"] >= 1 and ran.get("star") == 1 and ran.get("list") == 1
              and ran["pick"] == 1 and ran["serve"] == 1,
              f"the section searches, shows, stars, lists, picks and serves: {ran}")
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)
    if FAILURES:
        print(f"{len(FAILURES)} README check(s) failed", file=sys.stderr)
        sys.exit(1)
    print("README checks passed")


if __name__ == "__main__":
    main()
