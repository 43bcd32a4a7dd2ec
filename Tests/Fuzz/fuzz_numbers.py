#!/usr/bin/env python3
"""Hostile numbers and texts through the real binary (#39).

Every numeric and text field of a real recorded record of each decoder (iTunes, Deezer, Radio
Browser as a described source, and a provider program) is replaced, one at a time, by a value
that does not fit (1e300, -1e300, 1e17, nan, inf, -0, a huge string, control characters) and
searched with `--format text`, `json` or `lines` in turn. Each run must exit as a search does (0, or 3
when a source failed), never by a signal (a Swift trap is SIGILL or SIGTRAP), and print no
control character but newline and tab.

    python3 Tests/Fuzz/fuzz_numbers.py --bin .build/release   (a folder with mediasearch and mediasearch-fixtures)
"""

import argparse
import json
import os
import pathlib
import re
import select
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "Support"))
import harness  # noqa: E402  (the private home the Swift tests use)
# The recordings the fixture server itself serves (the same files as ../shared/fixtures).
FIXTURES = ROOT / "Sources" / "MediaSearchFixtures" / "Fixtures"

HOSTILE = [
    1e300, -1e300, 1e17, 9.3e18, -0.0, "nan", "inf", "-inf", "1e300",
    "x" * 300_000, "\u001b]52;c;aGk=\u0007\u001b[2J title", "\u009b31m\u202egpj.exe\u00ad\U000e0041",
]


def first_record(path, key):
    document = json.loads(path.read_text())
    records = document[key] if key else document
    return records[0]


def serve(bindir, answers):
    """`mediasearch-fixtures`, with each source's search answered by a file of `answers` (a
    folder), read at each request: a run writes the body it needs there first. Returns the
    server's process and its base URL."""
    options = []
    for prefix, name in [("/search", "itunes"), ("/deezer/search", "deezer"), ("/json/stations", "radio")]:
        options += ["--answer", f"{prefix}={answers / (name + '.json')}"]
    errors = tempfile.TemporaryFile(mode="w+")
    process = subprocess.Popen(
        [os.path.join(bindir, "mediasearch-fixtures"), "--port", "0", *options],
        stdout=subprocess.PIPE, stderr=errors, text=True)
    # A server that never announces itself fails the run after a minute instead of hanging it.
    ready, _, _ = select.select([process.stdout], [], [], 60)
    line = process.stdout.readline() if ready else ""
    match = re.search(r"on (http://127\.0\.0\.1:\d+)", line)
    if not match:
        process.kill()
        process.wait()
        errors.seek(0)
        raise SystemExit(f"mediasearch-fixtures did not start: {line!r} {errors.read()[:500]!r}")
    return process, match.group(1)


def clean(text):
    return all(ch in "\n\t" or not (ord(ch) < 0x20 or 0x7F <= ord(ch) <= 0x9F) for ch in text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True, help="the folder holding mediasearch and mediasearch-fixtures")
    args = parser.parse_args()
    binary = str(pathlib.Path(args.bin) / "mediasearch")
    home, environment = harness.private_home(args.bin, "mediasearch-fuzz-")
    home = pathlib.Path(home)
    answers = home / "answers"
    answers.mkdir()
    server, base = serve(args.bin, answers)
    try:
        fuzz(binary, home, environment, answers, base)
    finally:
        # Stopped however the run ends (a search past its time-out raises).
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(home, ignore_errors=True)


def fuzz(binary, home, environment, answers, base):
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
    config_dir = pathlib.Path(environment["XDG_CONFIG_HOME"]) / "mediasearch"
    config_dir.mkdir(parents=True)
    (config_dir / "config.yaml").write_text(
        # Budgets wide open: each run asks once, and the runs follow each other at once.
        "kinds: [song, movie, deezer-song, radio, hostile]\n"
        "providers:\n  itunes:\n    rate_limit: 1000/min\n  deezer:\n    rate_limit: 1000/1s\n  radio:\n    rate_limit: 1000/1s\n"
    )
    environment = {
        **environment, "PATH": f"{home / 'bin'}:{environment['PATH']}", "MEDIASEARCH_ITUNES_URL": base,
        "MEDIASEARCH_DEEZER_URL": base + "/deezer", "MEDIASEARCH_RADIO_URL": base,
    }

    songs = FIXTURES / "itunes" / "songs"
    song = first_record(songs / sorted(name for name in os.listdir(songs) if name.endswith(".json"))[0], "results")
    deezer = first_record(FIXTURES / "deezer" / "search-track-soliloquy.json", "data")
    station = first_record(FIXTURES / "radio-browser" / "stations-search-limit10.json", None)
    item = {"id": "1", "title": "A thing", "creator": "Someone", "durationMs": 1000, "price": 1.5,
            "releaseDate": "2001-01-01", "genre": "Rock", "url": "https://example.org/1"}
    cases = [
        ("song", answers / "itunes.json", lambda r: json.dumps({"resultCount": 1, "results": [r]}), song),
        ("deezer-song", answers / "deezer.json", lambda r: json.dumps({"data": [r], "total": 1}), deezer),
        ("radio", answers / "radio.json", lambda r: json.dumps([r]), station),
        ("hostile", home / "program-answer.json", lambda r: json.dumps({"items": [r]}), item),
    ]
    # `--kind song` asks every source of songs: Deezer finds nothing until its case.
    (answers / "deezer.json").write_text(json.dumps({"data": [], "total": 0}))
    runs = failures = 0
    def search(kind, output):
        return subprocess.run(
            [binary, "search", "x", "--kind", kind, "--format", output, "--no-cache", "--width", "100"],
            env=environment, capture_output=True, timeout=60,
        )

    for kind, answer, wrap, record in cases:
        # The record as recorded is found: the runs below test the decoder, not an error page.
        answer.write_text(wrap(record))
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
                answer.write_text(wrap(mutated))
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
        if kind == "deezer-song":
            (answers / "deezer.json").write_text(json.dumps({"data": [], "total": 0}))
    print(f"fuzz_numbers: {runs - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
