#!/usr/bin/env python3
"""Checks a provider program against the published protocol (Schemas/provider-*.schema.json):
what mediasearch sends it is valid by the request schemas, and what it answers is valid by the
answer schemas. Run: python3 Tests/Protocol/check_provider_protocol.py [program]
(default: the repository's Python example). Needs `jsonschema` (installed with schemathesis)."""
import json
import os
import subprocess
import sys

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def schema(name):
    with open(os.path.join(ROOT, "Schemas", name + ".schema.json")) as f:
        return json.load(f)


def ask(program, verb, request, request_schema, answer_schema):
    if request_schema:
        jsonschema.validate(request, schema(request_schema))
    done = subprocess.run([program, verb], input=json.dumps(request), capture_output=True, text=True, timeout=10)
    assert done.returncode == 0, f"{verb} exited {done.returncode}: {done.stderr}"
    answer = json.loads(done.stdout)
    jsonschema.validate(answer, schema(answer_schema))
    return answer


def main():
    program = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        ROOT, "Examples", "ExternalProvider", "mediasearch-provider-gutenberg")
    described = ask(program, "describe", {}, None, "provider-describe")
    request = {"term": "austen", "limit": 5, "offset": 0, "country": "US", "lang": None, "explicit": True,
               "filters": {f["name"]: "a" for f in described.get("filters", [])}}
    found = ask(program, "search", request, "provider-search", "provider-answer")
    assert found["items"], "a search for austen finds something"
    first = found["items"][0]
    looked = ask(program, "lookup", {"id": str(first["id"])}, "provider-lookup", "provider-answer")
    assert [str(i["id"]) for i in looked["items"]] == [str(first["id"])], looked
    # The schemas must be able to fail: an answer without items is refused.
    try:
        jsonschema.validate({"things": []}, schema("provider-answer"))
    except jsonschema.ValidationError:
        pass
    else:
        raise AssertionError("provider-answer.schema.json accepted an answer without items")
    print(f"ok: {os.path.basename(program)} speaks the provider protocol ({len(found['items'])} results)")


if __name__ == "__main__":
    main()
