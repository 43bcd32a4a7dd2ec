#!/usr/bin/env python3
"""End-to-end test of #26: two `mediasearch serve` instances behind nginx, round-robin on loopback,
sharing one PostgreSQL (a throw-away cluster of the test's own), over a fixture server that logs
every request it is sent.

Checks, the way an operator would see them:
  - a wrong store URL stops serve at start-up: one line, exit 78, no password;
  - both instances answer through nginx (docs/deploy/nginx.conf, as written);
  - the cache is shared: a search through one instance is a hit through the other (no request);
  - the library is shared: records seen through the instances are found by `search --offline`
    of a third process, and by the web's offline answers once the budget is spent;
  - the budget is shared: 60 different searches within its window (20 in 10 minutes here) send at most 20 requests;
  - PostgreSQL stopped in the middle: no 500, no hang, one line that the store is down, no
    request past the budget; and the store is used again once it is back.

    swift build -c release --traits PostgreSQL --product mediasearch
    python3 Tests/Deploy/test_shared_store.py --bin "$(swift build -c release --show-bin-path)"
Needs: a mediasearch built with the trait PostgreSQL (one without it is skipped, saying so, or
fails when $MEDIASEARCH_REQUIRE_POSTGRES is set, as in CI); postgresql and nginx (Debian), and what
Tests/Browser/test_web.py imports; .ci/run installs them.
"""
import argparse, json, os, re, shutil, socket, subprocess, sys, tempfile, time, urllib.parse, urllib.request
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
import test_web  # noqa: E402  (the server helpers)
CLUSTER = os.path.join(ROOT, "Scripts", "pg-cluster")
PROCESSES = []
FAILURES = []


def check(condition, message):
    print(f"  {'ok' if condition else 'FAILED'}: {message}")
    if not condition:
        FAILURES.append(message)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(command, env, pattern):
    """Starts a server (test_web's helper: its first line names its URL); returns it and the URL."""
    url = test_web.start(command, env, pattern)
    PROCESSES.append(test_web.PROCESSES.pop())
    return PROCESSES[-1], url


def get(url, timeout=40):
    """(status, JSON or text, seconds) of a GET."""
    begun = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            body = response.read().decode()
            status = response.status
    except urllib.error.HTTPError as error:
        body, status = error.read().decode(), error.code
    try:
        body = json.loads(body)
    except ValueError:
        pass
    return status, body, time.monotonic() - begun


def requests_sent(log):
    with open(log) as f:
        return sum(1 for line in f if "/search" in line)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    mediasearch = os.path.join(args.bin, "mediasearch")
    work = tempfile.mkdtemp(prefix="mediasearch-deploy-")
    os.chmod(work, 0o755)
    cluster = os.path.join(work, "pg")
    if not has_store(mediasearch, args.bin, work):
        shutil.rmtree(work, ignore_errors=True)
        said = "this mediasearch was built without the shared store (swift build --traits PostgreSQL)"
        if os.environ.get("MEDIASEARCH_REQUIRE_POSTGRES"):
            sys.exit(f"FAILED: {said}")
        print(f"skipped: {said}")
        return
    try:
        run(mediasearch, args.bin, work, cluster)
    finally:
        for process in PROCESSES:
            process.terminate()
        for process in PROCESSES:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
        subprocess.run([sys.executable, CLUSTER, "stop", cluster], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(work, ignore_errors=True)
    if FAILURES:
        print(f"{len(FAILURES)} check(s) failed")
        sys.exit(1)
    print("all checks passed")


def has_store(mediasearch, bindir, work):
    """Whether the binary has the shared store built in: one without it refuses any store URL
    at once, saying it was built without one."""
    _, variables = test_web.harness.private_home(bindir, "probe-", parent=work)
    probe = subprocess.run([mediasearch, "search", "probe", "--offline", "--store", "postgresql://probe@127.0.0.1:1/probe"],
                           env=variables, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=60)
    return "built without the shared store" not in probe.stderr


def run(mediasearch, bindir, work, cluster):
    print("== a throw-away PostgreSQL, a fixture server, two instances, nginx")
    url = subprocess.run([sys.executable, CLUSTER, "start", cluster], check=True, stdout=subprocess.PIPE,
                         text=True).stdout.strip()
    log = os.path.join(work, "upstream.log")
    _, fixtures = start([os.path.join(bindir, "mediasearch-fixtures"), "--port", "0", "--log", log], os.environ,
                        r"on (http://127\.0\.0\.1:\d+)")
    config = os.path.join(work, "config.yaml")
    with open(config, "w") as f:
        # One kind: one request per search. A budget of 20 though the API is local, in 10 minutes
        # rather than Apple's minute: the whole test fits in one window, however slow the machine.
        f.write(f"kinds: [song]\nproviders:\n  itunes: {{rate_limit: 20/10min}}\nstore: {url}\n")

    def env(name):
        _, variables = test_web.harness.private_home(bindir, f"{name}-", parent=work)
        return {**variables, "MEDIASEARCH_ITUNES_URL": fixtures, "MEDIASEARCH_CONFIG": config}

    wrong = url.replace("mediasearch-test", "not-the-password")
    result = subprocess.run([mediasearch, "serve", "--port", "0", "--store", wrong], env=env("wrong"),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
    lines = result.stderr.strip().splitlines()
    check(result.returncode == 78 and len(lines) == 1 and "not-the-password" not in result.stderr
          and "***" in result.stderr, f"a wrong password stops serve: exit {result.returncode}, {result.stderr.strip()!r}")

    front = free_port()
    instances = []
    for name in ("a", "b"):
        process, address = start([mediasearch, "serve", "--port", "0", "--allow-host", f"127.0.0.1:{front}"],
                                 env(name), r"on (http://127\.0\.0\.1:\d+/)")
        instances.append((process, address))
    ports = [int(address.rsplit(":", 1)[1]) for _, address in instances]
    nginx_dir = os.path.join(work, "nginx")
    os.makedirs(nginx_dir)
    with open(os.path.join(ROOT, "docs", "deploy", "nginx.conf")) as f:
        site = f.read().replace("127.0.0.1:8080", f"127.0.0.1:{front}") \
            .replace("127.0.0.1:8081", f"127.0.0.1:{ports[0]}").replace("127.0.0.1:8082", f"127.0.0.1:{ports[1]}")
    with open(os.path.join(nginx_dir, "site.conf"), "w") as f:
        f.write(site)
    user = "user nobody nogroup;\n" if os.geteuid() == 0 else ""
    with open(os.path.join(nginx_dir, "nginx.conf"), "w") as f:
        f.write(f"""{user}daemon off;
worker_processes 1;
pid {nginx_dir}/nginx.pid;
error_log {nginx_dir}/error.log;
events {{ worker_connections 256; }}
http {{
    log_format upstream '$request_uri $status $upstream_addr';
    access_log {nginx_dir}/access.log upstream;
    client_body_temp_path {nginx_dir}/body;
    proxy_temp_path {nginx_dir}/proxy;
    fastcgi_temp_path {nginx_dir}/fastcgi;
    uwsgi_temp_path {nginx_dir}/uwsgi;
    scgi_temp_path {nginx_dir}/scgi;
    include {nginx_dir}/site.conf;
}}
""")
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    PROCESSES.append(subprocess.Popen([nginx, "-c", os.path.join(nginx_dir, "nginx.conf"), "-p", nginx_dir]))
    base = f"http://127.0.0.1:{front}"
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", front), 0.2).close()
            break
        except OSError:
            time.sleep(0.1)

    def search(term, **extra):
        return get(f"{base}/api/search?" + urllib.parse.urlencode({"q": term, "kind": "song", **extra}))

    print("== the cache is shared: a search through one instance is a hit through the other")
    before = first_request = requests_sent(log)
    began = time.monotonic()
    first = search("shared cache")
    # The same search again until the other instance has answered it (round-robin: the next one).
    answers = [first]
    upstreams = []
    for _ in range(4):
        answers.append(search("shared cache"))
        with open(os.path.join(nginx_dir, "access.log")) as f:
            upstreams = [line.strip().split(" ", 2)[-1] for line in f if "shared+cache" in line]
        if len(set(upstreams)) == 2:
            break
    check(all(status == 200 for status, _, _ in answers), f"all answered 200 ({[a[0] for a in answers]})")
    check(len(set(upstreams)) == 2, f"round-robin: the searches went to both instances ({upstreams})")
    check(requests_sent(log) - before == 1,
          f"one request upstream for the {len(answers)} searches ({requests_sent(log) - before})")
    results = first[1].get("results", []) if isinstance(first[1], dict) else []
    check(len(results) > 0, f"the search has results ({len(results)})")
    title = (results[0].get("title") or "") if results else ""
    word = re.findall(r"\w+", title)[0] if title else "jack"

    print("== the library is shared: another process finds the records offline")
    offline = subprocess.run([mediasearch, "search", word, "--offline", "--kind", "song", "--format", "json"],
                             env=env("cli"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
    found = json.loads(offline.stdout).get("results", []) if offline.returncode == 0 else []
    check(any((r.get("title") or "") == title for r in found),
          f"`search --offline {word}` of a third process finds {title!r} (exit {offline.returncode}, {len(found)} results)")

    print("== the lists are shared: items kept at once through both instances are all there, for a CLI too")
    ids = [r["id"] for r in results if r.get("kind") == "song"]

    def keep(item_id):
        request = urllib.request.Request(f"{base}/api/lists/shared/items/song/{item_id}", method="PUT")
        try:
            with urllib.request.urlopen(request, timeout=40) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    with ThreadPoolExecutor(max_workers=8) as pool:
        statuses = list(pool.map(keep, ids))
    check(statuses == [200] * len(ids) and len(ids) > 1, f"every item kept at once, through either instance ({statuses})")
    listed = subprocess.run([mediasearch, "list", "shared", "--format", "json"], env=env("cli"),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
    kept = [r["id"] for r in json.loads(listed.stdout).get("results", [])] if listed.returncode == 0 else []
    check(sorted(kept) == sorted(ids), f"`mediasearch list shared` of a third process lists them all ({kept})")
    status, document, _ = get(f"{base}/api/lists/shared")
    check(status == 200 and len(document.get("results", [])) == len(ids), "and so does either instance")

    print("== PostgreSQL stops in the middle: answers go on from the network, say so, stay within the budget")
    before = requests_sent(log)
    subprocess.run([sys.executable, CLUSTER, "stop", cluster], check=True, stdout=subprocess.DEVNULL)
    # Each instance knew of two, and allows for one more: a share of 20 / 3 = 6 in the window, less
    # what it saw sent (the cache check's request). Three searches each fit.
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda n: search(f"store down {n}"), range(6)))
    statuses = [status for status, _, _ in answers]
    slowest = max(seconds for _, _, seconds in answers)
    check(all(status == 200 for status in statuses), f"every answer is a 200 while the store is down ({statuses})")
    check(slowest < 15, f"no hang: the slowest answer took {slowest:.1f} s")
    notices = [[n for n in a.get("notices", []) if "shared store" in n] for _, a, _ in answers if isinstance(a, dict)]
    check(len(notices) == len(answers) and all(len(n) == 1 for n in notices),
          f"each answer carries one line that the store is down: {notices[0] if notices else None}")
    check(all(len(a.get("results", [])) > 0 for _, a, _ in answers if isinstance(a, dict)),
          "the answers come from the network")
    check(requests_sent(log) - before == 6, f"one request each, within the shares ({requests_sent(log) - before})")
    check(all("mediasearch-test" not in json.dumps(a) for _, a, _ in answers), "no password in any answer")
    for process, _ in instances:
        check(process.poll() is None, "the instance is still running")

    print("== PostgreSQL is back: the instances use it again")
    subprocess.run([sys.executable, CLUSTER, "restart", cluster], check=True, stdout=subprocess.DEVNULL)
    back = 0
    for attempt in range(40):
        time.sleep(0.5)
        status, body, _ = search(f"store back {attempt}")
        if status == 200 and isinstance(body, dict) and not any("shared store" in n for n in body.get("notices", [])):
            back += 1
            if back == 2:
                break
    check(back == 2, "answers through both instances no longer say the store is down")

    print("== the budget is shared: different searches within its window send at most 20 requests")
    with ThreadPoolExecutor(6) as pool:
        answers = list(pool.map(lambda n: search(f"budget term {n}"), range(60)))
    elapsed = time.monotonic() - began
    sent = requests_sent(log) - first_request
    statuses = sorted({status for status, _, _ in answers})
    check(elapsed < 600, f"everything since the first request took {elapsed:.0f} s, within one window")
    check(sent == 20, f"{sent} requests to the API in all (the outage's included), limit 20")
    check(all(status in (200, 502) for status, _, _ in answers), f"no 500 ({statuses})")
    spent = [a for _, a, _ in answers if "budget is spent" in json.dumps(a)]
    check(len(spent) >= 40, f"the searches past the budget say so ({len(spent)})")

    print("== with the budget spent, the web answers from the shared library, through either instance")
    # Round-robin alternates, but nginx may skip an instance for a moment (a keep-alive connection
    # it closed): a few searches, until both instances have answered.
    upstreams = set()
    for attempt in range(6):
        status, body, _ = search(word)
        answer = body.get("offline") if isinstance(body, dict) else None
        count = len(body.get("results", [])) if isinstance(body, dict) else 0
        check(status == 200 and answer is not None and answer.get("fallback") and count > 0,
              f"offline answer {attempt + 1}: {status}, {count} results from {answer and answer.get('records')} records")
        with open(os.path.join(nginx_dir, "access.log")) as f:
            upstreams = {line.split()[-1] for line in f if f"q={word}&" in line and "kind=song" in line}
        if len(upstreams) == 2:
            break
    check(len(upstreams) == 2, f"through both instances ({upstreams})")


if __name__ == "__main__":
    main()
