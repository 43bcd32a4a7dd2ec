#!/usr/bin/env python3
"""Checks a provider program against the published protocol (Schemas/provider-*.schema.json):
what mediasearch really sends it is valid by the request schemas, and what it answers is valid by
the answer schemas.

Run: python3 Tests/Protocol/check_provider_protocol.py [--bin DIR] [program]
(default program: the repository's Python example). With --bin, the mediasearch binary in DIR
searches and shows through the program, and every request it wrote on the program's stdin is
recorded and validated. Documents are validated by the project's one schema validator, through
`mediasearch-fixtures --validate` (in DIR, or the debug build's without --bin)."""
import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Support"))
import harness  # noqa: E402  (the private home and the schema validator the Swift tests use)

BINDIR = None  # the folder of mediasearch and mediasearch-fixtures (--bin)


def ask(program, verb, request, request_schema, answer_schema):
    if request_schema:
        harness.validate(request_schema, request, BINDIR)
    done = subprocess.run([program, verb], input=json.dumps(request), capture_output=True, text=True, timeout=10)
    assert done.returncode == 0, f"{verb} exited {done.returncode}: {done.stderr}"
    answer = json.loads(done.stdout)
    harness.validate(answer_schema, answer, BINDIR)
    return answer


RECORDER = """#!/bin/sh
# Records what mediasearch sends, then hands it to the real program.
log={log}
input="$log.$$"
cat > "$input"
printf '%s\\t' "$1" >> "$log"
tr -d '\\n' < "$input" >> "$log"
printf '\\n' >> "$log"
{program} "$@" < "$input"
status=$?
rm -f "$input"
exit $status
"""


# Where the check's config moves the program's source.
MIRROR = "http://127.0.0.1:9/mirror"


def sent_by_mediasearch(binary_dir, program):
    """Runs mediasearch's search, paging, filters and show through `program` behind a recorder;
    returns [(verb, request)] as the program received them."""
    home, env = harness.private_home(binary_dir, "mediasearch-protocol-")
    try:
        log = os.path.join(home, "sent.log")
        tools = os.path.join(home, "bin")
        os.mkdir(tools)
        recorder = os.path.join(tools, os.path.basename(program))
        with open(recorder, "w") as f:
            f.write(RECORDER.format(log=shlex.quote(log), program=shlex.quote(os.path.abspath(program))))
        os.chmod(recorder, 0o755)
        env.update(PATH=tools + ":" + env["PATH"], LANG="C.UTF-8")
        binary = os.path.join(binary_dir, "mediasearch")
        config_dir = os.path.join(env["XDG_CONFIG_HOME"], "mediasearch")
        os.makedirs(config_dir)
        name = os.path.basename(program)[len("mediasearch-provider-"):]
        # The program by its name: its kind of media (a book) may name built-in sources too.
        kind = name
        with open(os.path.join(config_dir, "config.yaml"), "w") as f:
            # A base URL for the program's source: it arrives in every request.
            f.write(f"kinds: [{kind}]\nproviders:\n  {name}: {{base_url: \"{MIRROR}\"}}\n")

        def run(*arguments):
            done = subprocess.run([binary, *arguments], capture_output=True, text=True, env=env, timeout=60)
            assert done.returncode == 0, f"mediasearch {' '.join(arguments)} exited {done.returncode}: {done.stderr}"
            return done.stdout

        found = json.loads(run("search", "austen", "--kind", kind, "--limit", "1", "--page", "2",
                               "--format", "json"))
        run("search", "jane", "--kind", kind, "--author", "Austen", "--no-explicit", "--country", "GB",
            "--format", "json")
        ids = [r["id"] for r in found["results"]]
        assert ids, f"a search for austen through mediasearch found nothing: {found}"
        # Neither the last results nor the library hold the item: the program is asked for it.
        shutil.rmtree(env["XDG_STATE_HOME"], ignore_errors=True)
        shutil.rmtree(env["XDG_DATA_HOME"], ignore_errors=True)
        shown = json.loads(run("show", ids[0], "--kind", kind, "--format", "json"))
        assert shown["id"] == ids[0], shown
        with open(log) as f:
            lines = [line.rstrip("\n").split("\t", 1) for line in f if line.strip()]
        return [(verb, json.loads(text) if text.strip() else None) for verb, text in lines]
    finally:
        shutil.rmtree(home, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", help="folder of the mediasearch binary: validate what it really sends")
    parser.add_argument("program", nargs="?", default=os.path.join(
        ROOT, "Examples", "ExternalProvider", "mediasearch-provider-gutenberg"))
    arguments = parser.parse_args()
    global BINDIR
    BINDIR = arguments.bin
    program = arguments.program
    described = ask(program, "describe", {}, None, "provider-describe")
    request = {"term": "austen", "limit": 5, "offset": 0, "country": "US", "lang": None, "explicit": True,
               "filters": {f["name"]: "a" for f in described.get("filters", [])}}
    found = ask(program, "search", request, "provider-search", "provider-answer")
    assert found["items"], "a search for austen finds something"
    first = found["items"][0]
    looked = ask(program, "lookup", {"id": str(first["id"])}, "provider-lookup", "provider-answer")
    assert [str(i["id"]) for i in looked["items"]] == [str(first["id"])], looked
    # The schemas must be able to fail: an answer without items is refused, and so is a search
    # request without its term.
    for document, name in (({"things": []}, "provider-answer"), ({"limit": 5}, "provider-search")):
        if not harness.schema_errors(name, document, BINDIR):
            raise AssertionError(f"{name}.schema.json accepted {document}")
    print(f"ok: {os.path.basename(program)} speaks the provider protocol ({len(found['items'])} results)")
    if arguments.bin:
        sent = sent_by_mediasearch(arguments.bin, program)
        schemas = {"search": "provider-search", "lookup": "provider-lookup"}
        verbs = [verb for verb, _ in sent]
        assert {"describe", "search", "lookup"} <= set(verbs), f"mediasearch asked only {verbs}"
        for verb, request in sent:
            if verb in schemas:
                harness.validate(schemas[verb], request, BINDIR)
        searches = [request for verb, request in sent if verb == "search"]
        # What the command line said arrives as such: paging, a filter, explicitness, the country.
        assert any(r["offset"] == 1 and r["limit"] == 1 for r in searches), searches
        assert any(r.get("filters", {}).get("author") == "Austen" and r["explicit"] is False
                   and r["country"] == "GB" for r in searches), searches
        # The config's base URL reaches the program in every search and lookup.
        assert all(request.get("base_url") == MIRROR for verb, request in sent if verb in schemas), sent
        print(f"ok: the {len(sent)} requests mediasearch sent ({', '.join(sorted(set(verbs)))}) are valid")


if __name__ == "__main__":
    main()
