#!/usr/bin/env python3
"""Hostile numbers and texts through the real binary (#39).

Every numeric and text field of a real recorded record of each decoder (iTunes, Deezer, Radio
Browser as a described source, and a provider program) is replaced, one at a time, by a value
that does not fit (1e300, -1e300, 1e17, nan, inf, -0, a huge string, control characters) and
searched with `--format text`, `json` or `lines` in turn. Each run must exit as a search does (0, or 3
when a source failed), never by a signal (a Swift trap is SIGILL or SIGTRAP), and print no
control character but newline and tab.

    python3 Tests/Fuzz/fuzz_numbers.py --bin .build/release
"""

import argparse
import http.server
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import threading

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "fixtures"

HOSTILE = [
    1e300, -1e300, 1e17, 9.3e18, -0.0, "nan", "inf", "-inf", "1e300",
    "x" * 300_000, "\u001b]52;c;aGk=\u0007\u001b[2J title", "\u009b31m\u202egpj.exe\u00ad\U000e0041",
]


def first_record(path, key):
    document = json.loads(path.read_text())
    records = document[key] if key else document
    return records[0]


class Answers:
    """The body each path prefix answers, changed between runs."""

    def __init__(self):
        self.lock = threading.Lock()
        self.bodies = {}
        self.defaults = {}

    def set(self, prefix, body):
        with self.lock:
            self.bodies = {prefix: body}

    def default(self, prefix, body):
        """What a prefix answers while no run sets it."""
        with self.lock:
            self.defaults[prefix] = body

    def get(self, path):
        with self.lock:
            for table in (self.bodies, self.defaults):
                for prefix, body in table.items():
                    if path.startswith(prefix):
                        return body
        return None


def serve(answers):
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = answers.get(self.path)
            if body is None:
                self.send_response(404)
                self.end_headers()
                return
            data = body.encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def clean(text):
    return all(ch in "\n\t" or not (ord(ch) < 0x20 or 0x7F <= ord(ch) <= 0x9F) for ch in text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True, help="the folder holding mediasearch")
    args = parser.parse_args()
    binary = str(pathlib.Path(args.bin) / "mediasearch")
    answers = Answers()
    server = serve(answers)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    home = pathlib.Path(tempfile.mkdtemp(prefix="mediasearch-fuzz-"))
    (home / "bin").mkdir()
    program = home / "bin" / "mediasearch-provider-hostile"
    program.write_text(
        "#!/bin/sh\n"
        'case "$1" in\n'
        "  describe) echo '{\"kind\": \"thing\"}' ;;\n"
        f'  *) cat > /dev/null; cat "{home}/program-answer.json" ;;\n'
        "esac\n"
    )
    program.chmod(0o755)
    (home / "config" / "mediasearch").mkdir(parents=True)
    (home / "config" / "mediasearch" / "config.yaml").write_text(
        # Budgets wide open: each run asks once, and the runs follow each other at once.
        "kinds: [song, movie, deezer-song, radio, hostile]\n"
        "providers:\n  itunes:\n    rate_limit: 1000/min\n  deezer:\n    rate_limit: 1000/1s\n  radio:\n    rate_limit: 1000/1s\n"
    )
    environment = {
        "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"), "XDG_CACHE_HOME": str(home / "cache"),
        "XDG_STATE_HOME": str(home / "state"), "XDG_DATA_HOME": str(home / "data"),
        "PATH": f"{home / 'bin'}:/usr/bin:/bin", "MEDIASEARCH_ITUNES_URL": base,
        "MEDIASEARCH_DEEZER_URL": base + "/deezer", "MEDIASEARCH_RADIO_URL": base,
    }

    song = first_record(SHARED / "itunes" / "songs" / sorted(os.listdir(SHARED / "itunes" / "songs"))[0], "results")
    deezer = first_record(SHARED / "deezer" / "search-track-soliloquy.json", "data")
    station = first_record(SHARED / "radio-browser" / "stations-search-limit10.json", None)
    item = {"id": "1", "title": "A thing", "creator": "Someone", "durationMs": 1000, "price": 1.5,
            "releaseDate": "2001-01-01", "genre": "Rock", "url": "https://example.org/1"}
    cases = [
        ("song", "/search", lambda r: json.dumps({"resultCount": 1, "results": [r]}), song),
        ("deezer-song", "/deezer/search", lambda r: json.dumps({"data": [r], "total": 1}), deezer),
        ("radio", "/json/stations", lambda r: json.dumps([r]), station),
        ("hostile", None, lambda r: json.dumps({"items": [r]}), item),
    ]
    # `--kind song` asks every source of songs: Deezer finds nothing until its case.
    answers.default("/deezer/search", json.dumps({"data": [], "total": 0}))
    runs = failures = 0
    def search(kind, output):
        return subprocess.run(
            [binary, "search", "x", "--kind", kind, "--format", output, "--no-cache", "--width", "100"],
            env=environment, capture_output=True, timeout=60,
        )

    for kind, prefix, wrap, record in cases:
        # The record as recorded is found: the runs below test the decoder, not an error page.
        if prefix is None:
            (home / "program-answer.json").write_text(wrap(record))
        else:
            answers.set(prefix, wrap(record))
        baseline = search(kind, "lines")
        runs += 1
        if baseline.returncode != 0 or len(baseline.stdout.splitlines()) != 1:
            failures += 1
            print(f"FAIL {kind}: the unchanged record gave exit {baseline.returncode}: {baseline.stderr[:200]!r}")
        fields = [k for k, v in record.items() if isinstance(v, (int, float, str)) and not isinstance(v, bool)]
        for field in fields:
            for value in HOSTILE:
                mutated = dict(record)
                mutated[field] = value
                body = wrap(mutated)
                if prefix is None:
                    (home / "program-answer.json").write_text(body)
                else:
                    answers.set(prefix, body)
                # One output format a mutation, in turn: every format meets every field across the
                # values, in a third of the runs.
                for output in [("text", "json", "lines")[runs % 3]]:
                    runs += 1
                    result = search(kind, output)
                    out = result.stdout.decode("utf-8", "replace")
                    err = result.stderr.decode("utf-8", "replace")
                    problem = None
                    if result.returncode < 0:
                        problem = f"killed by signal {-result.returncode}"
                    elif result.returncode not in (0, 3) or len(err.strip().splitlines()) > 3:
                        problem = f"exit {result.returncode}"
                    elif not clean(out) or not clean(err):
                        problem = "a control character in the output"
                    if problem:
                        failures += 1
                        shown = repr(value)[:40]
                        print(f"FAIL {kind}.{field} = {shown} --format {output}: {problem}: {err.strip()[:200]}")
    server.shutdown()
    print(f"fuzz_numbers: {runs - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
