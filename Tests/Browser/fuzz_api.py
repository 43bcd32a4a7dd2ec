#!/usr/bin/env python3
"""Fuzzes `mediasearch serve`'s JSON API against its OpenAPI document (Schemas/openapi.json) with
schemathesis: every check (no 5xx, every response matching its schema, status codes and content
types as documented, valid requests accepted, invalid ones rejected), over the loopback fixtures.

    python3 Tests/Browser/fuzz_api.py --bin "$(swift build --show-bin-path)" [--examples 150]
"""
import argparse, os, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_web  # noqa: E402  (the server helpers)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--examples", type=int, default=150)
    args = parser.parse_args()
    base, home = test_web.serve(args.bin, "--local-artwork")
    try:
        result = subprocess.run(
            ["schemathesis", "run", os.path.join(test_web.ROOT, "Schemas", "openapi.json"), "--url", base,
             "--checks", "all", "--max-examples", str(args.examples), "--seed", "1"],
            timeout=1200)  # a hang fails the run rather than holding CI until its limit
    finally:
        for process in test_web.PROCESSES:
            process.terminate()
    sys.exit(result.returncode)


if __name__ == "__main__":
    main()
