#!/usr/bin/env python3
"""The MCP face (#73) driven as an assistant's client drives it, against the built binary.

One fixture server answers iTunes at once and holds Radio Browser's answers until it is sent
SIGUSR1; `mediasearch mcp` (stdio) and `mediasearch serve` (`/mcp`) run over it with songs and
the radio enabled. Checked:
- stdio, by hand-written JSON-RPC: initialize; tools/list, every tool with an input and an output
  schema (the kinds and sources this config's); a search whose progress notification names the
  songs while the radio is still held, and whose answer, after the radio is let go, has both,
  valid by its output schema and by Schemas/search.schema.json; show and list answers valid by
  theirs; a refused write; bad arguments, an unknown tool, a line that is no JSON and one over
  4 MiB answered with JSON-RPC errors, the server still answering after each; EOF ends it with 0;
  progress only grows.
- edges: ids (2^53 - 1 echoed exactly; past it, fractions, null and others refused), null and
  mistyped arguments, a burst of bad lines, notifications and repeated ids with a last line
  without its newline all answered before EOF; a client that stops reading while the server's
  stdout is non-blocking: stdin is no longer taken, and every request is answered whole after.
- writes on in the config: star and unstar change the list, as `lists` then says.
- HTTP: the same search over `/mcp` as an event stream, the progress event before the radio is let
  go; a JSON answer without `text/event-stream`; a foreign Host (421), a cross-site Origin (403),
  GET, PUT, PATCH, OPTIONS, DELETE (405, JSON), a batch (400) and a null id refused.
- the reference client (PyPI's `mcp`): over stdio and over Streamable HTTP, its own handshake,
  tools/list and a search with a progress callback.

    python3 Tests/MCP/test_mcp.py --bin "$(swift build -c release --show-bin-path)"
"""
import argparse, asyncio, json, os, queue, signal, subprocess, sys, threading, urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Support"))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
import harness  # noqa: E402
import test_web  # noqa: E402  (start, check and the fixture server's banner)
from test_web import check  # noqa: E402

import jsonschema  # noqa: E402  (the `mcp` package's own dependency)

HELD = "/json/stations/search"
# A term both recordings answer (songs for any term, stations by name). Each part of the test has
# a fixture server and a home of its own: the radio is held anew, and no cache answers at once.
TERM = "klara"
KINDS = ["song", "radio"]
TOOLS = {"search", "show", "providers", "lists", "list", "star", "unstar"}


def fixture_server(bindir):
    """A fixture server holding the radio's answers; (its process, the variables to reach it)."""
    test_web.start([os.path.join(bindir, "mediasearch-fixtures"), "--port", "0", "--hold", HELD], os.environ,
                   r"on (http://127\.0\.0\.1:\d+)")
    process = test_web.PROCESSES[-1]
    return process, test_web.announced_variables(process)


def home_with(bindir, variables, writes=False):
    """A private home whose config enables songs and the radio (and writes, when asked)."""
    home, env = harness.private_home(bindir, "mediasearch-mcp-")
    config = os.path.join(home, "config.yaml")
    with open(config, "w") as f:
        f.write("providers:\n  itunes: {rate_limit: 1000/min}\n")
        f.write(f"kinds: [{', '.join(KINDS)}]\n")
        f.write(f"mcp:\n  writes: {'true' if writes else 'false'}\n")
    env.update(MEDIASEARCH_CONFIG=config, **variables)
    return home, env


class Stdio:
    """`mediasearch mcp` with JSON-RPC written to its stdin and read, line by line, from its stdout."""

    def __init__(self, bindir, env):
        self.process = subprocess.Popen([os.path.join(bindir, "mediasearch"), "mcp"], env=env, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def write(self, data):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, method, params=None, notify=False):
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        if not notify:
            self.next_id += 1
            message["id"] = self.next_id
        self.write(json.dumps(message).encode() + b"\n")
        return message.get("id")

    def read(self, seconds=60):
        """The next message, or None at EOF; a minute without one fails the test."""
        try:
            line = self.lines.get(timeout=seconds)
        except queue.Empty:
            raise SystemExit(f"mediasearch mcp said nothing for {seconds} s")
        return None if line is None else json.loads(line)

    def answer(self, id_, seconds=60):
        """Reads up to the answer to `id_`; (the answer, the notifications before it)."""
        before = []
        while True:
            message = self.read(seconds)
            if message is None:
                raise SystemExit(f"mediasearch mcp ended before answering {id_}: {self.process.stderr.read()!r}")
            if message.get("id") == id_ and "method" not in message:
                return message, before
            before.append(message)

    def call(self, name, arguments, **meta):
        params = {"name": name, "arguments": arguments}
        if meta:
            params["_meta"] = meta
        return self.answer(self.send("tools/call", params))


def initialize(client):
    answer, _ = client.answer(client.send("initialize", {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}))
    client.send("notifications/initialized", notify=True)
    return answer


def check_tools(tools, where):
    names = {tool["name"] for tool in tools}
    check(names == TOOLS, f"{where}: tools/list has {sorted(TOOLS)} ({sorted(names)})")
    for tool in tools:
        schema, output = tool.get("inputSchema", {}), tool.get("outputSchema")
        check(schema.get("type") == "object" and isinstance(output, dict) and output.get("type") == "object",
              f"{where}: {tool['name']} has an input and an output schema")
        jsonschema.Draft202012Validator.check_schema(output)
    search = next(tool for tool in tools if tool["name"] == "search")
    properties = search["inputSchema"]["properties"]
    check(search["inputSchema"].get("required") == ["term"] and {"term", "kind", "source", "limit", "page"}
          <= set(properties), f"{where}: search takes term (required), kind, source, limit and page")
    check({"song", "radio", "all"} <= set(properties["kind"]["enum"]) and "movie" not in properties["kind"]["enum"],
          f"{where}: search's kinds are this config's ({properties['kind']['enum']})")
    check(properties["limit"]["type"] == "integer" and properties["explicit"]["type"] == "boolean",
          f"{where}: limit is an integer and explicit a boolean")
    star = next(tool for tool in tools if tool["name"] == "star")
    check("writes" in star["description"] and star["annotations"].get("readOnlyHint") is False,
          f"{where}: star says when it is refused and that it writes")
    return {tool["name"]: tool for tool in tools}


def check_search(result, tools, where):
    """The search's answer: structured, valid by its output schema and the CLI's schema, both kinds."""
    check(not result.get("isError"), f"{where}: the search succeeded ({str(result)[:200]})")
    document = result.get("structuredContent")
    jsonschema.validate(document, tools["search"]["outputSchema"])
    harness.validate("search", document, BIN)
    check(json.loads(result["content"][0]["text"]) == document, f"{where}: the text content is the same document")
    kinds = {entry["kind"] for entry in document["results"]}
    check({"song", "radio"} <= kinds, f"{where}: the answer has the songs and the late radio ({sorted(kinds)})")
    return document


def stdio_checks(bindir, fixtures, env):
    client = Stdio(bindir, env)
    hello = initialize(client)
    info = hello.get("result", {})
    check(info.get("serverInfo", {}).get("name") == "mediasearch" and "tools" in info.get("capabilities", {}),
          f"stdio: initialize names the server and its tools ({str(info)[:160]})")
    listed, _ = client.answer(client.send("tools/list"))
    tools = check_tools(listed["result"]["tools"], "stdio")

    # The songs answer at once; the radio is held until the first progress notification is read.
    id_ = client.send("tools/call", {"name": "search", "arguments": {"term": TERM, "limit": 5},
                                     "_meta": {"progressToken": "p1"}})
    first = client.read()
    check(first.get("method") == "notifications/progress" and first["params"]["progressToken"] == "p1",
          f"stdio: a progress notification comes first ({str(first)[:160]})")
    message = first.get("params", {}).get("message", "")
    check("song" in message and "[song " in message and "still asking radio" in message,
          f"stdio: it names the songs while the radio is held ({message[:160]!r})")
    fixtures.send_signal(signal.SIGUSR1)
    answer, between = client.answer(id_)
    check(all(m.get("method") == "notifications/progress" for m in between),
          f"stdio: only progress before the answer ({len(between)})")
    steps = [m["params"] for m in [first] + between]
    check(all(b["progress"] > a["progress"] for a, b in zip(steps, steps[1:]))
          and all(step["progress"] <= step.get("total", step["progress"]) for step in steps),
          f"stdio: progress only grows, never past its total ({[(p['progress'], p.get('total')) for p in steps]})")
    document = check_search(answer["result"], tools, "stdio")

    song = next(entry for entry in document["results"] if entry["kind"] == "song")
    shown, _ = client.call("show", {"kind": "song", "id": song["id"]})
    detail = shown["result"].get("structuredContent")
    jsonschema.validate(detail, tools["show"]["outputSchema"])
    harness.validate("detail", detail, BIN)
    check(detail["id"] == song["id"], "stdio: show answers the item a search gave, valid by both schemas")

    for name, arguments in [("providers", {}), ("lists", {}), ("list", {"name": "starred"})]:
        done, _ = client.call(name, arguments)
        result = done["result"]
        jsonschema.validate(result.get("structuredContent"), tools[name]["outputSchema"])
        check(not result.get("isError"), f"stdio: {name} answers a document valid by its output schema")

    refused, _ = client.call("star", {"kind": "song", "id": song["id"]})
    text = refused["result"]["content"][0]["text"]
    check(refused["result"].get("isError") is True and "writes: true" in text,
          f"stdio: star is refused with writes off ({text[:120]!r})")

    for arguments, what in [({"term": "x", "limit": "many"}, "a limit that is no number"),
                            ({"term": "x", "year": 1}, "an unknown argument"),
                            ({"term": "x", "kind": "movie"}, "a kind not enabled"),
                            ({}, "no term")]:
        bad, _ = client.call("search", arguments)
        error = bad.get("error", {})
        check(error.get("code") == -32602 and error.get("message"), f"stdio: {what} is an MCP error ({error})")
    unknown, _ = client.call("nope", {})
    check(unknown.get("error", {}).get("code") == -32602, f"stdio: an unknown tool is an MCP error ({unknown})")
    client.write(b"this is not json\n")
    check("error" in client.read(), "stdio: a line that is no JSON is answered with an error")
    client.write(b"[" * (5 << 20) + b"\n")
    check("error" in client.read(), "stdio: a line over 4 MiB is answered with an error")
    pong, _ = client.answer(client.send("ping"))
    check(pong.get("result") == {}, "stdio: the server still answers after them")
    client.process.stdin.close()
    status = client.process.wait(timeout=30)
    check(status == 0, f"stdio: EOF on stdin ends it with 0 ({status})")
    return tools


def cancel_checks(bindir, fixtures, env):
    """A call cancelled while its radio is held is never answered; the calls after it are."""
    client = Stdio(bindir, env)
    initialize(client)
    held = client.send("tools/call", {"name": "search", "arguments": {"term": TERM}})
    client.send("notifications/cancelled", {"requestId": held, "reason": "test"}, notify=True)
    after, before = client.answer(client.send("ping"))
    fixtures.send_signal(signal.SIGUSR1)
    check(after.get("result") == {} and all(m.get("id") != held for m in before),
          "stdio: the server answers while a cancelled call waits")
    again, between = client.call("providers", {})
    check("result" in again and all(m.get("id") != held for m in between),
          "stdio: the cancelled call is not answered once its source is let go")
    client.process.stdin.close()
    check(client.process.wait(timeout=30) == 0 and client.read() is None, "stdio: and it ends with 0")


def edge_checks(bindir, env):
    """Hostile and odd input over stdio: ids, arguments, the last line, EOF, a client that stops reading."""
    client = Stdio(bindir, env)
    hello, _ = client.answer(client.send("initialize", {
        "protocolVersion": "2024-11-05", "capabilities": {}, "clientInfo": {"name": "old", "version": "1"}}))
    check(hello["result"]["protocolVersion"] == "2025-11-25",
          f"edges: a version with batches is answered with the newest ({hello['result']['protocolVersion']})")
    for id_ in [9007199254740991, -9007199254740991, "x" * 300]:
        client.write(json.dumps({"jsonrpc": "2.0", "id": id_, "method": "ping"}).encode() + b"\n")
        answer = client.read()
        check(answer.get("id") == id_ and answer.get("result") == {}, f"edges: the id {str(id_)[:20]} comes back exactly")
    for id_ in [9007199254740993, 1.5, None, [1], {"a": 1}, True]:
        client.write(json.dumps({"jsonrpc": "2.0", "id": id_, "method": "ping"}).encode() + b"\n")
        answer = client.read()
        check(answer.get("error", {}).get("code") == -32600 and answer.get("id") is None,
              f"edges: the id {id_!r} is refused as an invalid request ({answer})")
    for arguments, what in [({"kind": None, "id": "1"}, "a required argument given as null"),
                            ({"kind": "song", "id": "1", "explicit": "yes"}, "a string for a boolean"),
                            ({"term": "x", "page": 1e300}, "a page past any number")]:
        bad, _ = client.call("show" if "id" in arguments else "search", arguments)
        message = bad.get("error", {}).get("message", "")
        check(bad.get("error", {}).get("code") == -32602 and " a integer" not in message,
              f"edges: {what} is refused with invalid params ({message})")
    # Two requests with one id, a burst of bad lines and notifications, and a last line without
    # its newline: every request is answered before EOF ends the server.
    burst = b"".join([b"not json\n", b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n',
                      b'{"jsonrpc":"2.0","id":5,"method":"ping"}\n'] * 40)
    client.write(burst + b'{"jsonrpc":"2.0","id":"last","method":"ping"}')
    client.process.stdin.close()
    answers = []
    while (message := client.read()) is not None:
        answers.append(message)
    errors = sum(1 for m in answers if m.get("error", {}).get("code") == -32700)
    pings = sum(1 for m in answers if m.get("id") == 5 and m.get("result") == {})
    check(errors == 40 and pings == 40 and any(m.get("id") == "last" for m in answers),
          f"edges: every line of a burst is answered before EOF ({errors} errors, {pings} pings, {len(answers)} in all)")
    check(client.process.wait(timeout=30) == 0, "edges: and the server ends with 0")

    # A client that writes without reading: the server's stdout is a pipe set non-blocking and
    # left full. The server stops reading stdin (so holds a bounded amount of memory), and once
    # the client reads, every request is answered, whole, none lost to the full pipe.
    out_read, out_write = os.pipe()
    os.set_blocking(out_write, False)
    process = subprocess.Popen([os.path.join(bindir, "mediasearch"), "mcp"], env=env, stdin=subprocess.PIPE,
                               stdout=out_write, stderr=subprocess.DEVNULL)
    os.close(out_write)
    os.set_blocking(process.stdin.fileno(), False)
    # A large answer among small ones: a write the full pipe cuts short must be finished, not lost.
    chunk = (b'{"jsonrpc":"2.0","id":"list","method":"tools/list"}\n'
             + b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n' * 63)
    pending, sent, still = b"", 0, 0
    while still < 30 and sent < 8 << 20:
        pending = pending or chunk
        try:
            written = os.write(process.stdin.fileno(), pending)
            sent, pending, still = sent + written, pending[written:], 0
        except BlockingIOError:
            still += 1
            threading.Event().wait(0.1)
    check(sent < 8 << 20, f"edges: a server whose answers are not read stops reading ({sent >> 10} KiB taken)")
    chunks = (sent + len(pending)) // len(chunk)

    def finish_writing():
        os.set_blocking(process.stdin.fileno(), True)
        process.stdin.write(pending)
        process.stdin.close()
    writer = threading.Thread(target=finish_writing, daemon=True)
    writer.start()
    lists = pings = 0
    with os.fdopen(out_read, "rb") as answers_in:
        for raw in answers_in:
            message = json.loads(raw)
            lists += message.get("id") == "list" and len(message.get("result", {}).get("tools", [])) == len(TOOLS)
            pings += message.get("id") == 1 and message.get("result") == {}
    writer.join()
    check(lists == chunks and pings == 63 * chunks,
          f"edges: every one of {64 * chunks} requests is answered whole ({lists} lists, {pings} pings)")
    check(process.wait(timeout=30) == 0, "edges: and that server ends with 0 too")


def writes_checks(bindir, env, song_id):
    client = Stdio(bindir, env)
    initialize(client)
    starred, _ = client.call("star", {"kind": "song", "id": song_id, "list": "for the car"})
    result = starred["result"].get("structuredContent", {})
    check(result.get("listed") is True and result.get("changed") is True, f"writes on: star keeps it ({result})")
    lists, _ = client.call("lists", {})
    names = {entry["name"]: entry["count"] for entry in lists["result"]["structuredContent"]["lists"]}
    check(names.get("for the car") == 1, f"writes on: lists says so ({names})")
    unstarred, _ = client.call("unstar", {"kind": "song", "id": song_id, "list": "for the car"})
    result = unstarred["result"].get("structuredContent", {})
    check(result.get("listed") is False and result.get("changed") is True, f"writes on: unstar takes it off ({result})")
    client.process.stdin.close()
    client.process.wait(timeout=30)


def post(url, message, accept="application/json, text/event-stream", headers=None):
    request = urllib.request.Request(url, data=json.dumps(message).encode(), method="POST", headers={
        "Content-Type": "application/json", "Accept": accept, **(headers or {})})
    return urllib.request.urlopen(request, timeout=60)


def status_of(url, message=None, method="POST", headers=None):
    data = None if message is None else json.dumps(message).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={
        "Content-Type": "application/json", "Accept": "application/json, text/event-stream", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def http_checks(base, fixtures, tools):
    url = base + "/mcp"
    hello = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}}
    with post(url, hello, accept="application/json") as response:
        answer = json.load(response)
        check(response.headers["Content-Type"].startswith("application/json")
              and answer["result"]["serverInfo"]["name"] == "mediasearch", "http: initialize answers JSON")
    call = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
        "name": "search", "arguments": {"term": TERM, "limit": 5}, "_meta": {"progressToken": 7}}}
    events = []
    with post(url, call) as response:
        check(response.headers["Content-Type"].startswith("text/event-stream"), "http: a call answers an event stream")
        released = False
        for raw in response:
            line = raw.decode().rstrip("\n")
            if not line.startswith("data: "):
                continue
            message = json.loads(line[len("data: "):])
            events.append(message)
            if message.get("method") == "notifications/progress" and not released:
                check("still asking radio" in message["params"].get("message", ""),
                      "http: the progress event names the songs while the radio is held")
                fixtures.send_signal(signal.SIGUSR1)
                released = True
    check(events and events[0].get("method") == "notifications/progress" and events[-1].get("id") == 2,
          f"http: progress first, the answer last ({[e.get('method', 'answer') for e in events]})")
    check_search(events[-1]["result"], tools, "http")
    listed = {"jsonrpc": "2.0", "id": 3, "method": "tools/list"}
    check(status_of(url, listed, headers={"Host": "evil.example:80"}) == 421, "http: a foreign Host is refused (421)")
    check(status_of(url, listed, headers={"Origin": "http://evil.example"}) == 403,
          "http: a cross-site Origin is refused (403)")
    check(status_of(url, listed, headers={"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate",
                                          "Sec-Fetch-Dest": "document"}) == 403,
          "http: a cross-site browser request is refused (403), navigation or not")
    check(status_of(url, method="GET") == 405, "http: GET is 405 (the server starts no stream)")
    for method in ["PUT", "PATCH", "OPTIONS", "DELETE"]:
        request = urllib.request.Request(url, data=b"{}", method=method, headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(request, timeout=30)
            status, body, allow = 200, {}, None
        except urllib.error.HTTPError as error:
            status, body, allow = error.code, json.loads(error.read() or b"{}"), error.headers.get("Allow")
        check(status == 405 and allow == "POST" and body.get("error", {}).get("code") == -32600,
              f"http: {method} is 405 with a JSON-RPC error and Allow: POST ({status}, {allow}, {body})")
    with post(url, {"jsonrpc": "2.0", "id": None, "method": "ping"}, accept="application/json") as response:
        answer = json.load(response)
        check(answer.get("error", {}).get("code") == -32600, f"http: a null id is an invalid request ({answer})")
    check(status_of(url, [listed]) == 400, "http: a batch is refused (400)")


async def reference_client(bindir, stdio_part, http_part):
    """PyPI's `mcp` client: its own handshake, tools/list and a search with progress, both transports."""
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client
    from mcp.client.streamable_http import streamable_http_client

    async def session_checks(session, where, fixtures):
        await session.initialize()
        listed = await session.list_tools()
        check({tool.name for tool in listed.tools} == TOOLS, f"reference client, {where}: tools/list")
        progress = []

        async def on_progress(done, total, message):
            progress.append(message)
            if len(progress) == 1:
                fixtures.send_signal(signal.SIGUSR1)
        result = await session.call_tool("search", {"term": TERM, "limit": 3},
                                         progress_callback=on_progress)
        kinds = {entry["kind"] for entry in (result.structured_content or {}).get("results", [])}
        check(not result.is_error and {"song", "radio"} <= kinds and progress and "still asking radio" in progress[0],
              f"reference client, {where}: a search with progress first ({len(progress)}; {sorted(kinds)})")

    fixtures, _, env = stdio_part
    parameters = StdioServerParameters(command=os.path.join(bindir, "mediasearch"), args=["mcp"], env=env)
    async with stdio_client(parameters) as (read, write):
        async with ClientSession(read, write) as session:
            await session_checks(session, "stdio", fixtures)
    fixtures, base = http_part
    async with streamable_http_client(base + "/mcp") as (read, write):
        async with ClientSession(read, write) as session:
            await session_checks(session, "http", fixtures)


BIN = None


def part(bindir, homes, writes=False):
    """A fixture server holding the radio, and a home over it: (the server, the home, its env)."""
    fixtures, variables = fixture_server(bindir)
    home, env = home_with(bindir, variables, writes)
    homes.append(home)
    return fixtures, home, env


def served(bindir, homes):
    """`mediasearch serve` over a part of its own: (the fixture server, the server's URL)."""
    fixtures, _, env = part(bindir, homes)
    return fixtures, test_web.start([os.path.join(bindir, "mediasearch"), "serve", "--port", "0"], env,
                                    r"on (http://127\.0\.0\.1:\d+/)")


def main():
    global BIN
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    BIN = bindir = os.path.abspath(args.bin)
    homes = []
    try:
        print("stdio")
        fixtures, _, env = part(bindir, homes)
        tools = stdio_checks(bindir, fixtures, env)
        print("cancelled")
        fixtures, _, env = part(bindir, homes)
        cancel_checks(bindir, fixtures, env)
        print("writes on")
        fixtures, _, env = part(bindir, homes, writes=True)
        fixtures.send_signal(signal.SIGUSR1)
        client = Stdio(bindir, env)
        initialize(client)
        found, _ = client.call("search", {"term": TERM, "kind": "song", "limit": 1})
        client.process.stdin.close()
        writes_checks(bindir, env, found["result"]["structuredContent"]["results"][0]["id"])
        print("edges")
        edge_checks(bindir, env)
        print("http")
        fixtures, base = served(bindir, homes)
        http_checks(base, fixtures, tools)
        print("the reference client")
        asyncio.run(reference_client(bindir, part(bindir, homes), served(bindir, homes)))
    finally:
        test_web.stop(None, *homes)
    test_web.report("MCP")


if __name__ == "__main__":
    main()
