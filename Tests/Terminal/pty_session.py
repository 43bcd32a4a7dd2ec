#!/usr/bin/env python3
"""Runs a command on a real pseudo-terminal, as a person at a terminal would, for the Swift tests.

The command is the session leader of a new terminal of --rows x --cols, so it and whatever it
starts in its own process group (a pager) are the terminal's foreground group, exactly as under
an interactive shell. Once the screen shows --wait-for (a regular expression), it waits --settle
seconds and types --send (Python escapes: "q", "\\x03" for Ctrl-C), and creates --signal-file (for a
test waiting to let a held source answer), then waits for the command to exit. Prints one JSON object: {"status": exit status or 128+signal, null when it had to be
killed after --timeout seconds; "seen": whether --wait-for appeared; "output": all it wrote}.

    python3 Tests/Terminal/pty_session.py --wait-for 'results' --send q -- /path/mediasearch search jack
"""
import argparse, codecs, fcntl, json, os, pty, re, select, signal, struct, termios, time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=24)
    parser.add_argument("--cols", type=int, default=80)
    parser.add_argument("--wait-for", default=None)
    parser.add_argument("--settle", type=float, default=0.5)
    parser.add_argument("--send", default="")
    parser.add_argument("--timeout", type=float, default=30)
    parser.add_argument("--signal-file", default=None)
    parser.add_argument("--after-file", default=None)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    keys = codecs.decode(args.send, "unicode_escape").encode()

    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", args.rows, args.cols, 0, 0))
        try:
            os.execv(command[0], command)
        finally:
            os._exit(127)

    output = b""
    seen = args.wait_for is None
    sent = False
    status = None
    started = time.monotonic()
    deadline = started + args.timeout
    seen_at = None
    after = None
    pre_file = 0
    while time.monotonic() < deadline:
        # What was read before a look that found no --after-file was written before the file was
        # made (the wrapper makes it, then execs the pager): the pager's screen is what follows.
        if after is None and args.after_file:
            if os.path.exists(args.after_file):
                after = pre_file
            else:
                pre_file = len(output)
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            output += chunk
        # With --after-file, --wait-for counts only in what was read after the last look that
        # found no such file, and only once it exists: the pager has been started by then, and
        # --settle later it has set the terminal up, however slow the machine (the key once went
        # a fixed 0.5 s after the screen showed the pattern, whoever had drawn it).
        watched = output if not args.after_file else (output[after:] if after is not None else b"")
        if not seen and re.search(args.wait_for, watched.decode("utf-8", "replace")):
            seen, seen_at = True, time.monotonic()
            if args.signal_file:
                open(args.signal_file, "w").close()
        if seen and not sent and keys and time.monotonic() - (seen_at or started) >= args.settle:
            os.write(fd, keys)
            sent = True
        done, code = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(code)
            status = 128 - status if status < 0 else status
            break
    if status is None:
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
    # What the command wrote after it exited but before we stopped reading.
    while True:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        output += chunk
    print(json.dumps({"status": status, "seen": seen, "sent": sent,
                      "seconds": round(time.monotonic() - started, 2),
                      "output": output.decode("utf-8", "replace")}))


if __name__ == "__main__":
    main()
