#!/usr/bin/env python3
"""The CLI fuzz: the built `reminders` binary run on generated command lines, files and
environments, each run checked against the rules every command keeps (docs/development.md):

- it ends by itself within 10 s, and not by a signal;
- its exit code is one of docs/exit-codes.md's (0, 64, 65, 69, 74, 75, 77; `doctor` also 1);
- a failure says exactly one line on stderr, starting `reminders: `;
- after a failure, every file it was given is byte for byte as it was;
- no ESC or BEL from the data reaches stderr.

  fuzz_cli.py fuzz --bin PATH [--seconds N] [--seed N] [--findings DIR]
  fuzz_cli.py replay --bin PATH DIR...     (every case kept in DIR; exit 1 if one breaks a rule)

A run that breaks a rule is kept as one JSON case (the arguments, the environment, the files,
base64) in --findings; cases moved into Fuzz/CLIRegressions are replayed by `make test`.
"""

import argparse
import base64
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LIMIT_S = 10
CODES = {0, 64, 65, 69, 74, 75, 77}

# The files of a home, by role: where each lives under the scratch home.
PLACES = {
    "config": "config/reminders/config.toml",
    "deck": "data/reminders/deck.json",
    "journal": "data/reminders/deck.json.journal",
    "alarms": "data/reminders/alarms.json",
    "ledger": "state/reminders/ledger.json",
    "focus": "state/reminders/focus.json",
    "import": "words.tsv",
    "anki": "collection.anki2",
}


# MARK: running one case


def run_case(binary, case, scratch):
    """Runs `case` in a fresh home under `scratch`; returns (broken rules, what it did)."""
    home = os.path.join(scratch, "home")
    shutil.rmtree(home, ignore_errors=True)
    os.makedirs(home)
    for rel, text in case["files"].items():
        path = os.path.join(home, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(base64.b64decode(text).replace(b"$HOME", home.encode()))
    before = {rel: digest(os.path.join(home, rel)) for rel in case["files"]}
    env = {"PATH": "/usr/bin:/bin", "DBUS_SESSION_BUS_ADDRESS": "unix:path=" + home + "/no-bus",
           "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=" + home + "/no-system-bus"}
    base = {"HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data",
            "XDG_STATE_HOME": home + "/state", "XDG_CACHE_HOME": home + "/cache"}
    for key, value in base.items():
        if key not in case.get("unset", []):
            env[key] = value
    env.update(case.get("env", {}))
    args = [a.replace("$HOME", home) for a in case["args"]]
    stdout_kind = case.get("stdout", "pipe")
    out = open("/dev/full", "wb") if stdout_kind == "full" else subprocess.PIPE
    err_path = os.path.join(scratch, "stderr")
    started = time.monotonic()
    with open(err_path, "wb") as err:
        closed = stdout_kind == "closed"
        process = subprocess.Popen(
            [binary] + args, cwd=home, env=env, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL if closed else out, stderr=err,
            pass_fds=(), start_new_session=True,
            preexec_fn=(lambda: os.close(1)) if closed else None)
        try:
            stdout, _ = process.communicate(timeout=LIMIT_S)
            hung = False
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            stdout, _ = process.communicate()
            hung = True
    if stdout_kind == "full":
        out.close()
    seconds = time.monotonic() - started
    with open(err_path, "rb") as f:
        stderr = f.read()
    code = process.returncode
    broken = []
    command = case["args"][0] if case["args"] else ""
    if hung:
        broken.append("ran over %d s" % LIMIT_S)
    elif code < 0:
        broken.append("died of signal %d" % -code)
    else:
        allowed = CODES | ({1} if command == "doctor" else set())
        if code not in allowed:
            broken.append("exit %d is not in docs/exit-codes.md" % code)
        failed = code != 0 and not (command == "doctor" and code == 1)
        if failed:
            # The failure's line, after any line that said a problem the command went on past
            # (an alarm file or focus session left out): each one line, each `reminders: `.
            lines = stderr.decode("utf-8", "replace").splitlines()
            if not lines or not all(line.startswith("reminders: ") for line in lines):
                broken.append("a failure said %d lines, not `reminders:` lines" % len(lines))
            if len(lines) != len(set(lines)):
                broken.append("a line said twice")
            # A change made, then its confirmation refused by a full or closed standard output,
            # stays made (exit 74 says the output was lost, docs/decisions.md).
            lost_output = code == 74 and stdout_kind != "pipe"
            for rel, was in before.items():
                if not lost_output and digest(os.path.join(home, rel)) != was:
                    broken.append("%s changed although the command failed" % rel)
        if b"\x1b" in stderr or b"\x07" in stderr:
            broken.append("ESC or BEL on stderr")
    return broken, {"exit": code, "seconds": round(seconds, 2), "stderr": stderr.decode("utf-8", "replace")[:400],
                    "stdout": (stdout or b"")[:200].decode("utf-8", "replace")}


def digest(path):
    try:
        if os.path.islink(path) or not os.path.isfile(path):
            return "not a file"
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    except OSError as error:
        return "unreadable: %s" % error.strerror


# MARK: generating cases

NOWS = ["2026-11-21T08:00:00+09:00", "2026-11-21T23:59:59+09:00", "2026-03-08T02:30:00-05:00",
        "2026-11-01T01:30:00-04:00", "1970-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2026-02-29T10:00:00Z",
        "0000-01-01T00:00:00Z", "2026-11-21T08:00:00", "now", "", "2026-11-21T08:00:00+25:00",
        "2026-11-21T08:00:00.999999999+09:00", "-2026-11-21T08:00:00Z"]
NUMBERS = ["0", "1", "-1", "7", "366", "100000", "9223372036854775807", "99999999999999999999", "1.5", "x", "",
           "1e9", "0x10", " 3"]
TEXTS = ["a", "", "日本語", "Q\x1b]2;PWNED\x07x", "\u202e", "a\tb", "a\nb", "x" * 5000, "-", "--now",
         "\\", "'", "\x7f", "🙂", "\u200b"]
ZONES = ["Asia/Tokyo", "UTC", "America/New_York", "UTC-9", "JST-9", "EST5EDT,M3.2.0,M11.1.0", ":Europe/Paris",
         "/usr/share/zoneinfo/Asia/Tokyo", "Nowhere/Else", "", "UTC+14", "<+0330>-3:30", "../../etc/passwd",
         "A" * 300, "Europe/London"]
LANGS = ["ja_JP.UTF-8", "en_US.UTF-8", "C", "C.UTF-8", "POSIX", "ja", "xx_YY.UTF-8", "", "de_DE.ISO-8859-1"]


def pick(rng, values):
    return rng.choice(values)


def some_id(rng, ids):
    return pick(rng, ids + ["", "0", "nope", "-x", "a" * 100]) if ids else pick(rng, ["x", ""])


def command_line(rng, ids):
    """A command line as a learner, a script or a stray keypress might give it."""
    now = ["--now", pick(rng, NOWS)] if rng.random() < 0.85 else []
    day = rng.choice(["08:00", "23:59", "24:00", "7", "mon", "12:60", "", "2026-11-21T10:00:00+09:00"])
    text = lambda: pick(rng, TEXTS)
    number = lambda: pick(rng, NUMBERS)
    choices = [
        ["status"] + now, ["status", "--json"] + now, ["preview"] + now,
        ["preview", "--days", number(), "--json"] + now, ["preview", "--days", number()] + now,
        ["export", "--output", pick(rng, ["-", "$HOME/out.ics", "", "/nonexistent/x.ics", "$HOME"])] + now,
        ["run"] + now, ["run", "--quiet"] + now, ["stats"] + now, ["stats", "--json"] + now,
        ["stats", "--svg", pick(rng, ["-", "$HOME/s.svg", ""])] + now, ["doctor"], ["doctor", "--json"],
        ["cards", "list"] + now, ["cards", "list", "--due"] + now, ["cards", "list", "--json"],
        ["cards", "add", text(), text()] + now, ["cards", "add", text(), text(), "--collection", text()] + now,
        ["cards", "edit", some_id(rng, ids), "--front", text()], ["cards", "remove", some_id(rng, ids)],
        ["cards", "answer", some_id(rng, ids), pick(rng, ["good", "again", "hard", "easy", "y", "n", ""])] + now,
        ["cards", "import", pick(rng, ["$HOME/words.tsv", "$HOME/none.tsv", "", "$HOME"])] + now,
        ["cards", "import", "--anki", "$HOME/collection.anki2"] + now,
        ["recall", "list"] + now, ["recall", "add", text(), "--at", day] + now,
        ["recall", "add", text(), "--in", number()] + now, ["recall", "done", some_id(rng, ids)] + now,
        ["review", "--plain"] + now, ["review", "--plain", "--limit", number()] + now,
        ["review", "--plain", "--collection", text()] + now,
        ["focus", "--detach", "--minutes", number(), "--break", number()] + now,
        ["focus", "status"] + now, ["focus", "stop"] + now, ["log"], ["log", "--json"],
        ["alarm", "list"] + now, ["alarm", "add", text(), "--at", day, "--place", pick(rng, ["35.68,139.76", "x", "91,0"])] + now,
        ["alarm", "delete", some_id(rng, ids)], ["snooze", some_id(rng, ids), "--for", number()] + now,
        ["timer", "print-unit", pick(rng, ["service", "timer", "watch", "x"])],
        ["help"], ["--version"], [text()], ["cards", "--deck", pick(rng, ["$HOME/d.json", "", "/"])],
        ["status", "--lang", pick(rng, ["ja", "en", "fr", ""])] + now,
        ["status", "--config", pick(rng, ["$HOME/config/reminders/config.toml", "$HOME/no.toml", ""])] + now,
        ["status", "--state-dir", pick(rng, ["$HOME/st", "", "$HOME/words.tsv"])] + now,
    ]
    line = list(rng.choice(choices))
    if rng.random() < 0.1:
        line.insert(rng.randrange(len(line) + 1), pick(rng, ["--now", "--days", "--", "-", "--json", text()]))
    return line


def mutate(rng, data):
    """`data` changed the ways a torn write, a hand edit, another version or an attacker change it."""
    if not data or rng.random() < 0.05:
        return pick(rng, [b"", b"{}", b"[]", b"null", b"\x00", b"{\"version\": 2}", b"\xef\xbb\xbf{}"])
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        how = rng.random()
        i = rng.randrange(len(data) + 1)
        if how < 0.2 and data:
            del data[i:]  # torn
        elif how < 0.35:
            data[i:i] = pick(rng, [b"\x00", b"\x1b]2;x\x07", b"\xff\xfe", b"\"", b"{", b"]", b",", b"-1",
                                    b"1e999", b"99999999999999999999999", b"\n", b"\r\n", b"\\u0000",
                                    b"\\ud800", "\u202e".encode(), b"true", b"[[[[[[[[[[", b"\t"])
        elif how < 0.55 and data:
            j = min(len(data), i + rng.randint(1, 8))
            for k in range(i, j):
                data[k] = rng.randrange(256)
        elif how < 0.7 and data:
            j = min(len(data), i + rng.randint(1, 200))
            data[i:i] = data[i:j] * rng.randint(1, 4)  # repeated chunk
        elif how < 0.85:
            data = bytearray(swap_value(rng, bytes(data)))
        elif data:
            j = min(len(data), i + rng.randint(1, 50))
            del data[i:j]
    return bytes(data)


def swap_value(rng, data):
    """Replaces one JSON value with a value of another kind, when `data` is JSON."""
    try:
        root = json.loads(data)
    except ValueError:
        return data
    paths = []

    def walk(node, path):
        paths.append(path)
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, path + [k])
        elif isinstance(node, list):
            for k, v in enumerate(node[:20]):
                walk(v, path + [k])

    walk(root, [])
    path = rng.choice(paths)
    value = pick(rng, [None, 0, -1, 2 ** 63, 1.5, "", "x", [], {}, True, "2026-13-45", "9999-12-31T23:59:59Z",
                       "\x1b[2J", [""], {"id": None}])
    if not path:
        return json.dumps(value).encode()
    node = root
    for key in path[:-1]:
        node = node[key]
    if rng.random() < 0.2 and isinstance(node, dict):
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return json.dumps(root, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")


def seeds(binary, scratch):
    """Files of each role: the project's fuzz seeds, and files the binary writes itself."""
    out = {role: [] for role in PLACES}

    def add(role, path):
        try:
            with open(path, "rb") as f:
                out[role].append(f.read())
        except OSError:
            pass

    for role, folder in [("config", "config"), ("deck", "deck"), ("ledger", "ledger"), ("alarms", "alarms")]:
        for name in sorted(os.listdir(os.path.join(ROOT, "Fuzz/Seeds", folder))):
            add(role, os.path.join(ROOT, "Fuzz/Seeds", folder, name))
    add("import", os.path.join(ROOT, "samples/words.tsv"))
    out["import"].append(b"front,back\nQ,A\n\"a, b\",c\n")
    out["import"].append(b"front\tback\tnote\r\nQ\tA\tn\r\n")
    # A journal, a focus session and a ledger as this binary writes them.
    home = os.path.join(scratch, "seedhome")
    shutil.rmtree(home, ignore_errors=True)
    env = {"PATH": "/usr/bin:/bin", "HOME": home, "XDG_CONFIG_HOME": home + "/config",
           "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state", "XDG_CACHE_HOME": home + "/cache",
           "TZ": "Asia/Tokyo", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"}
    run = lambda *a, stdin=b"": subprocess.run([binary] + list(a), env=env, input=stdin, capture_output=True,
                                                timeout=60)
    run("cards", "import", os.path.join(ROOT, "samples/words.tsv"), "--now", "2026-11-20T08:00:00+09:00")
    run("review", "--plain", "--limit", "5", "--now", "2026-11-21T08:00:00+09:00", stdin=b"ynyny\n")
    run("recall", "add", "topic", "--at", "10:00", "--now", "2026-11-21T08:00:00+09:00")
    run("run", "--now", "2026-11-21T10:00:30+09:00")
    run("focus", "--detach", "--minutes", "1", "--break", "1", "--now", "2026-11-21T09:00:00+09:00")
    for role in ["deck", "journal", "ledger", "focus"]:
        add(role, os.path.join(home, PLACES[role]))
    # An Anki collection made by Anki's own package, when the test venv has it.
    python = os.environ.get("REMINDERS_VENV", os.path.join(ROOT, ".venv")) + "/bin/python"
    path = os.path.join(scratch, "seed.anki2")
    if os.path.exists(python):
        subprocess.run([python, "-c", (
            "import sys; from anki.collection import Collection\n"
            "c = Collection(sys.argv[1]); m = c.models.by_name('Basic')\n"
            "for i in range(5):\n n = c.new_note(m); n['Front'] = 'f%d' % i; n['Back'] = 'b'; c.add_note(n, 1)\n"
            "c.close()"), path], capture_output=True, timeout=120)
        add("anki", path)
    return out


def generate(rng, seed_files, ids):
    files = {}
    for role, rel in PLACES.items():
        if not seed_files[role] or rng.random() < 0.35:
            continue
        data = rng.choice(seed_files[role])
        if rng.random() < 0.6:
            data = mutate(rng, data)
        files[rel] = base64.b64encode(data).decode()
    if PLACES["anki"] in files and rng.random() < 0.7:
        config = "[anki]\ncollection = \"$HOME/collection.anki2\"\n"
        files[PLACES["config"]] = base64.b64encode(
            config.encode() + base64.b64decode(files.get(PLACES["config"], ""))).decode()
    env = {"TZ": pick(rng, ZONES), "LANG": pick(rng, LANGS)}
    if rng.random() < 0.2:
        env["LC_ALL"] = pick(rng, LANGS)
    if rng.random() < 0.15:
        del env["TZ"]
    unset = [k for k in ["HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"] if rng.random() < 0.05]
    stdout = rng.choices(["pipe", "full", "closed"], weights=[8, 1, 1])[0]
    return {"args": command_line(rng, ids), "env": env, "unset": unset, "stdout": stdout, "files": files}


def minimize(binary, case, rule, scratch):
    """`case` without each file, and each environment setting, that the broken `rule` does not need."""
    for key in ["files", "env"]:
        for name in list(case[key]):
            smaller = json.loads(json.dumps(case))
            del smaller[key][name]
            broken, _ = run_case(binary, smaller, scratch)
            if rule in broken:
                case = smaller
    return case


def fuzz(binary, seconds, seed, findings):
    os.makedirs(findings, exist_ok=True)
    rng = random.Random(seed)
    scratch = tempfile.mkdtemp(prefix="reminders-cli-fuzz-")
    seed_files = seeds(binary, scratch)
    ids = []
    for deck in seed_files["deck"]:
        try:
            ids += [c["id"][:k] for c in json.loads(deck).get("cards", [])[:5] for k in (8, 36)]
        except (ValueError, AttributeError, KeyError, TypeError):
            pass
    end = time.monotonic() + seconds
    runs = found = 0
    kinds = {}
    while time.monotonic() < end:
        case = generate(rng, seed_files, ids)
        broken, did = run_case(binary, case, scratch)
        runs += 1
        kinds[did["exit"]] = kinds.get(did["exit"], 0) + 1
        if broken:
            found += 1
            case = minimize(binary, case, broken[0], scratch)
            broken, did = run_case(binary, case, scratch)
            case["why"] = broken
            case["did"] = did
            name = hashlib.sha256(json.dumps(case["args"]).encode() + json.dumps(case["files"]).encode()).hexdigest()[:12]
            with open(os.path.join(findings, name + ".json"), "w") as f:
                json.dump(case, f, indent=1, ensure_ascii=False)
            print("finding %s: %s %s" % (name, broken, " ".join(case["args"])[:120]), flush=True)
    shutil.rmtree(scratch, ignore_errors=True)
    print("cli fuzz: %d runs in %d s, %d findings; exit codes %s" % (
        runs, seconds, found, dict(sorted(kinds.items()))), flush=True)
    return 0


def replay(binary, folders):
    scratch = tempfile.mkdtemp(prefix="reminders-cli-replay-")
    failures = count = 0
    for folder in folders:
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".json"):
                continue
            with open(os.path.join(folder, name)) as f:
                case = json.load(f)
            broken, did = run_case(binary, case, scratch)
            count += 1
            if broken:
                failures += 1
                print("%s: %s (%s)" % (name, "; ".join(broken), json.dumps(did, ensure_ascii=False)[:300]))
    shutil.rmtree(scratch, ignore_errors=True)
    print("cli fuzz replay: %d cases, %d broke a rule" % (count, failures))
    return 1 if failures or count == 0 else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    f = sub.add_parser("fuzz")
    f.add_argument("--bin", required=True)
    f.add_argument("--seconds", type=int, default=1800)
    f.add_argument("--seed", type=int, default=int(time.time()))
    f.add_argument("--findings", default=os.path.join(ROOT, ".build-fuzz/cli-findings"))
    r = sub.add_parser("replay")
    r.add_argument("--bin", required=True)
    r.add_argument("folders", nargs="+")
    a = parser.parse_args()
    a.bin = os.path.abspath(a.bin)
    if a.mode == "fuzz":
        print("cli fuzz: seed %d, %d s" % (a.seed, a.seconds), flush=True)
        return fuzz(a.bin, a.seconds, a.seed, a.findings)
    return replay(a.bin, a.folders)


if __name__ == "__main__":
    sys.exit(main())
