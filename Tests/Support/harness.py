"""What the Python suites share with the Swift tests, through the fixture program rather than a
copy of its code: the private home every run of mediasearch gets, and the one schema validator.

    sys.path.insert(0, os.path.join(ROOT, "Tests", "Support"))
    import harness
"""
import json
import os
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def fixtures(bindir=None):
    """The fixture program in `bindir` (default: the debug build's)."""
    return os.path.join(bindir or os.path.join(ROOT, ".build", "debug"), "mediasearch-fixtures")


def private_home(bindir=None, prefix="mediasearch-test-", parent=None):
    """A new private home (in `parent`, or the temporary folder): (its folder, the environment of a
    run in it: HOME, the four XDG folders and PATH, exactly as the Swift tests'
    CommandRunner.privateHome has them)."""
    home = tempfile.mkdtemp(prefix=prefix, dir=parent)
    done = subprocess.run([fixtures(bindir), "--private-home", home], capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        raise SystemExit(f"mediasearch-fixtures --private-home: {done.stderr.strip()}")
    return home, json.loads(done.stdout)


def schema_errors(name, document, bindir=None):
    """Where `document` breaks Schemas/<name>.schema.json: a list of lines, empty when it is valid."""
    done = subprocess.run([fixtures(bindir), "--validate", name], input=json.dumps(document),
                          capture_output=True, text=True, timeout=60)
    if done.returncode not in (0, 1):
        raise SystemExit(f"mediasearch-fixtures --validate {name}: {done.stderr.strip()}")
    return done.stdout.splitlines()


def validate(name, document, bindir=None):
    """Raises AssertionError, naming every error, unless `document` is valid by the schema."""
    errors = schema_errors(name, document, bindir)
    if errors:
        raise AssertionError(f"not valid by {name}.schema.json: {'; '.join(errors)}")
