#!/usr/bin/env python3
"""`make bench`: figures and ratios of reminders against its peer tools, measured in one run.

Each command runs several times; the median wall time and the largest peak RSS are reported
(peak RSS from wait4's rusage of the child). Decks are generated once into bench/out/.
"""
import argparse, fcntl, json, os, shlex, shutil, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "out")
TODAY = "2026-11-21"
NOW = TODAY + "T06:00:00+09:00"


# Every figure with a target, for the table `main` prints last: (figure, value, ratio, target
# text, met). `ratio` is the figure against its peer (or the figure itself where the target is an
# absolute one); `at_most` or `at_least` is the target.
SUMMARY = []


def summary(figure, value, ratio, at_most=None, at_least=None, unit="x"):
    met = (at_most is None or ratio <= at_most) and (at_least is None or ratio >= at_least)
    target = (f"<= {at_most:g}{unit}" if at_most is not None else f">= {at_least:g}{unit}")
    SUMMARY.append((figure, value, f"{ratio:.2f}{unit}", target, "met" if met else "NOT MET"))


def print_summary():
    if not SUMMARY:
        return
    print("\n== every figure against its target ==")
    width = max(len(row[0]) for row in SUMMARY)
    print(f"{'figure':<{width}}  {'value':>14}  {'ratio':>10}  {'target':>10}  result")
    for figure, value, ratio, target, met in SUMMARY:
        print(f"{figure:<{width}}  {value:>14}  {ratio:>10}  {target:>10}  {met}")


def measure(argv, runs, env=None, stdout=subprocess.DEVNULL):
    """Median wall seconds and max peak RSS (MiB) of `argv` over `runs` runs."""
    walls, peaks, output = [], [], None
    for _ in range(runs):
        start = time.perf_counter()
        with tempfile.TemporaryFile() as out:
            proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.PIPE, env=env)
            _, status, usage = os.wait4(proc.pid, 0)
            walls.append(time.perf_counter() - start)
            peaks.append(usage.ru_maxrss / 1024)
            if os.waitstatus_to_exitcode(status) != 0:
                sys.exit(f"bench: {' '.join(argv)} failed: {proc.stderr.read().decode()}")
            out.seek(0)
            output = out.read()
    return statistics.median(walls), max(peaks), output


def deck(n, fsrs=False):
    path = os.path.join(OUT, f"deck-{n}{'-fsrs' if fsrs else ''}.json")
    if not os.path.exists(path):
        os.makedirs(OUT, exist_ok=True)
        subprocess.run([sys.executable, os.path.join(HERE, "gen_deck.py"), str(n), path, "--today", TODAY]
                       + (["--fsrs"] if fsrs else []), check=True)
    return path


def planner(bin_dir, runs):
    print("== preview --days 30 --json vs python3 json.load + count due ==")
    print(f"{'cards':>9} {'file MiB':>9} {'reminders s':>12} {'python s':>9} {'time ratio':>10} {'reminders MiB':>14} {'python MiB':>11} {'memory ratio':>12}")
    os.makedirs(OUT, exist_ok=True)
    config = os.path.join(OUT, "bench-config.toml")
    with open(config, "w") as f:
        f.write('[time]\nzone = "Asia/Tokyo"\n')
    state = tempfile.mkdtemp(prefix="reminders-bench-state-")
    for n in (100_000, 1_000_000):
        path = deck(n)
        ours = [os.path.join(bin_dir, "reminders"), "preview", "--days", "30", "--json", "--now", NOW,
                "--deck", path, "--config", config, "--state-dir", state]
        peer = [sys.executable, os.path.join(HERE, "count_due.py"), path, "--today", TODAY]
        t_ours, m_ours, out = measure(ours, runs)
        t_peer, m_peer, peer_out = measure(peer, runs)
        plan = json.loads(out)
        daily = next(r for r in plan["reminders"] if r["id"] == "daily:" + TODAY)
        if daily["dueCount"] != int(peer_out.split()[0]):
            sys.exit(f"bench: due counts differ: reminders {daily['dueCount']} python {peer_out!r}")
        size = os.path.getsize(path) / 2**20
        print(f"{n:>9} {size:>9.0f} {t_ours:>12.3f} {t_peer:>9.3f} {t_ours / t_peer:>9.2f}x {m_ours:>14.0f} {m_peer:>11.0f} {m_ours / m_peer:>11.0%}")
        summary(f"preview 30 days, {n:,} cards, vs Python count", f"{t_ours:.3f} s", t_ours / t_peer,
                at_most=0.30 if n == 1_000_000 else 1.00)
    # The same deck scheduled by FSRS: every reviewed card also holds its `fsrs` state, which
    # the planner reads (strictly) and passes by; the day's cards are counted by the same rule.
    fsrs_config = os.path.join(OUT, "bench-config-fsrs.toml")
    with open(fsrs_config, "w") as f:
        f.write('[time]\nzone = "Asia/Tokyo"\n[study]\nscheduler = "fsrs"\n')
    path = deck(1_000_000, fsrs=True)
    ours = [os.path.join(bin_dir, "reminders"), "preview", "--days", "30", "--json", "--now", NOW,
            "--deck", path, "--config", fsrs_config, "--state-dir", state]
    peer = [sys.executable, os.path.join(HERE, "count_due.py"), path, "--today", TODAY]
    t_ours, m_ours, out = measure(ours, runs)
    t_peer, m_peer, peer_out = measure(peer, runs)
    daily = next(r for r in json.loads(out)["reminders"] if r["id"] == "daily:" + TODAY)
    if daily["dueCount"] != int(peer_out.split()[0]):
        sys.exit(f"bench: due counts differ (fsrs): reminders {daily['dueCount']} python {peer_out!r}")
    size = os.path.getsize(path) / 2**20
    print(f"{'1000000 fsrs':>9} {size:>9.0f} {t_ours:>12.3f} {t_peer:>9.3f} {t_ours / t_peer:>9.2f}x {m_ours:>14.0f} {m_peer:>11.0f} {m_ours / m_peer:>11.0%}")
    summary("preview 30 days, 1,000,000 FSRS cards, vs Python count", f"{t_ours:.3f} s", t_ours / t_peer, at_most=0.30)
    print("target: time ratio <= 0.30x at 1,000,000 cards (1.00x otherwise), memory ratio < 60%")
    # The same over 1,000,000 cards with a journal of 10,000 answers beside the deck (a review
    # session's, not yet folded): every reader applies it (docs/files.md, the journal).
    work = tempfile.mkdtemp(prefix="reminders-bench-journal-")
    path = os.path.join(work, "deck.json")
    subprocess.run(["cp", deck(1_000_000), path], check=True)
    session = [os.path.join(bin_dir, "reminders"), "review", "--plain", "--deck", path, "--config", config,
               "--state-dir", work + "/state", "--now", NOW.replace("06:00", "09:00")]
    # A session folds its journal into the deck when it ends: this one is stopped (as a closed
    # terminal stops it) once its 10,000 answers are in the journal, which then stays.
    review = subprocess.Popen(session, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    review.stdin.write(b"y\n" * 10_000)
    review.stdin.flush()
    lines, deadline = 0, time.time() + 900
    while lines < 10_000 and time.time() < deadline and review.poll() is None:
        time.sleep(0.5)
        if os.path.exists(path + ".journal"):
            with open(path + ".journal") as f:
                lines = sum(1 for _ in f)
    review.kill()
    review.wait()
    if lines < 10_000:
        sys.exit(f"bench: the review session wrote {lines} answers, not 10,000")
    ours = [os.path.join(bin_dir, "reminders"), "preview", "--days", "30", "--json", "--now", NOW,
            "--deck", path, "--config", config, "--state-dir", work + "/state"]
    peer = [sys.executable, os.path.join(HERE, "count_due.py"), deck(1_000_000), "--today", TODAY]
    t_ours, m_ours, _ = measure(ours, runs)
    t_peer, m_peer, _ = measure(peer, runs)
    print(f"1,000,000 cards with a journal of {lines} answers: reminders {t_ours:.3f} s, python {t_peer:.3f} s, "
          f"{t_ours / t_peer:.2f}x (target <= 1.00x); memory {m_ours:.0f} / {m_peer:.0f} MiB ({m_ours / m_peer:.0%})")
    summary("preview, 1,000,000 cards + a journal of 10,000, vs Python", f"{t_ours:.3f} s", t_ours / t_peer,
            at_most=1.00)


def stats(bin_dir, runs):
    """`reminders stats --json` over a million cards and a million answers (a year of them, and a
    focus log) against Python loading the deck with json.load and counting answers per day."""
    print("\n== stats --json (52 weeks) vs python3 json.load + count answers per day ==")
    n, answers = 1_000_000, 1_000_000
    path = os.path.join(OUT, f"deck-{n}-answers-{answers}.json")
    if not os.path.exists(path):
        os.makedirs(OUT, exist_ok=True)
        subprocess.run([sys.executable, os.path.join(HERE, "gen_deck.py"), str(n), path, "--today", TODAY,
                        "--answers", str(answers), "--answer-days", "365", "--focus", "2000"], check=True)
    config = os.path.join(OUT, "bench-config.toml")
    with open(config, "w") as f:
        f.write('[time]\nzone = "Asia/Tokyo"\n')
    state = tempfile.mkdtemp(prefix="reminders-bench-state-")
    ours = [os.path.join(bin_dir, "reminders"), "stats", "--json", "--weeks", "52", "--now", NOW,
            "--deck", path, "--config", config, "--state-dir", state]
    peer = [sys.executable, os.path.join(HERE, "count_per_day.py"), path]
    t_ours, m_ours, out = measure(ours, runs)
    t_peer, m_peer, peer_out = measure(peer, runs)
    report, counted = json.loads(out), json.loads(peer_out)
    if report["allTime"]["answered"] != counted["answers"]:
        sys.exit(f"bench: answer counts differ: reminders {report['allTime']['answered']} python {counted['answers']}")
    for day in report["days"]:
        if day["answered"] != counted["days"].get(day["date"], 0):
            sys.exit(f"bench: {day['date']}: reminders {day['answered']} answers, python {counted['days'].get(day['date'], 0)}")
    size = os.path.getsize(path) / 2**20
    print(f"{'cards':>9} {'answers':>9} {'file MiB':>9} {'reminders s':>12} {'python s':>9} {'time ratio':>10} {'reminders MiB':>14} {'python MiB':>11} {'memory ratio':>12}")
    print(f"{n:>9} {answers:>9} {size:>9.0f} {t_ours:>12.3f} {t_peer:>9.3f} {t_ours / t_peer:>9.2f}x {m_ours:>14.0f} {m_peer:>11.0f} {m_ours / m_peer:>11.0%}")
    summary("stats 52 weeks, 1,000,000 cards and answers, vs Python", f"{t_ours:.3f} s", t_ours / t_peer,
            at_most=1.00)
    print(f"both counted {counted['answers']} answers, and the same per day over the {len(report['days'])} days shown")
    print("target: time ratio <= 1.00x")


def icalendar(bin_dir, runs):
    bench = os.path.join(bin_dir, "reminders-bench")
    if not os.path.exists(bench):
        return
    print("\n== iCalendar export of 100,000 reminders ==")
    n = "100000"
    tmp = tempfile.mkdtemp(prefix="reminders-bench-ical-")
    def seconds(argv, key):
        best = []
        for _ in range(runs):
            out = subprocess.run(argv, check=True, capture_output=True, text=True).stdout
            best.append(float(next(l.split("=")[1] for l in out.split() if l.startswith(key + "="))))
        return statistics.median(best)
    swift = seconds([bench, "ical", n, os.path.join(tmp, "swift.ics")], "ical_seconds")
    strings = seconds([sys.executable, os.path.join(HERE, "ical_python_strings.py"), n, os.path.join(tmp, "strings.ics")], "seconds")
    library = seconds([sys.executable, os.path.join(HERE, "ical_python_icalendar.py"), n, os.path.join(tmp, "lib.ics")], "seconds") if runs else 0
    print(f"{'reminders s':>12} {'py strings s':>13} {'py icalendar s':>15} {'vs icalendar':>13} {'vs strings':>11}")
    print(f"{swift:>12.3f} {strings:>13.3f} {library:>15.3f} {library / swift:>12.0f}x {strings / swift:>10.1f}x")
    summary("iCalendar, 100,000 reminders: times faster than icalendar", f"{swift:.3f} s", library / swift, at_least=50)
    summary("iCalendar, 100,000 reminders: times faster than strings", f"{swift:.3f} s", strings / swift, at_least=1)
    print("target: >= 50x faster than Python icalendar, faster than the string-formatting script")


def fsrs(bin_dir, runs):
    """FSRSScheduler against the reference (PyPI `fsrs`, fuzz off) on the same 100,000 reviews,
    the scheduling alone timed in each (the reviews are read first); both must end with the same
    cards (the same sum of stabilities, bit for bit, and of due instants)."""
    bench = os.path.join(bin_dir, "reminders-bench")
    if not os.path.exists(bench):
        return
    n = 100_000
    print(f"\n== FSRS: {n:,} reviews, FSRSScheduler vs PyPI fsrs (Scheduler, fuzz off) ==")
    path = os.path.join(OUT, f"fsrs-reviews-{n}.txt")
    if not os.path.exists(path):
        os.makedirs(OUT, exist_ok=True)
        subprocess.run([sys.executable, os.path.join(HERE, "fsrs_reviews.py"), str(n), path], check=True)

    def timed(argv, key):
        walls, cpus, checksums = [], [], set()
        for _ in range(runs):
            out = dict(w.split("=", 1) for w in subprocess.run(argv, check=True, capture_output=True, text=True).stdout.split())
            walls.append(float(out[key]))
            cpus.append(float(out["cpu_seconds"]))
            checksums.add(out["checksum"])
        return statistics.median(walls), statistics.median(cpus), checksums

    ours, our_cpu, our_sums = timed([bench, "fsrs", path], "fsrs_seconds")
    peer, peer_cpu, peer_sums = timed([sys.executable, os.path.join(HERE, "fsrs_python.py"), path], "seconds")
    if our_sums != peer_sums or len(our_sums) != 1:
        sys.exit(f"bench: FSRS cards differ: reminders {our_sums}, PyPI fsrs {peer_sums}")
    print(f"{'':>10} {'reminders s':>12} {'PyPI fsrs s':>12} {'reviews/s':>12} {'faster':>8}")
    print(f"{'wall':>10} {ours:>12.4f} {peer:>12.3f} {n / ours:>12,.0f} {peer / ours:>7.0f}x")
    print(f"{'processor':>10} {our_cpu:>12.4f} {peer_cpu:>12.3f} {n / our_cpu:>12,.0f} {peer_cpu / our_cpu:>7.0f}x")
    print("both end with the same cards (sum of stabilities bit for bit, sum of due instants); medians of "
          f"{runs} runs of the scheduling alone (the reviews are read first)")


def optimize(bin_dir, runs):
    """`reminders fsrs optimize --json` on simulated learners of about 10,000 and 100,000 reviews
    against fsrs-rs (PyPI `fsrs-rs-python`, Anki's optimizer) fitting the same items with
    `compute_parameters`; both fits judged by fsrs-rs's own `evaluate` on those items."""
    script = os.path.join(HERE, "..", "Tests", "fsrs", "optimizer_reference.py")
    zone = "Asia/Tokyo"
    print("\n== fsrs optimize vs fsrs-rs-python compute_parameters (the same items) ==")
    print(f"{'reviews':>8} {'items':>7} {'reminders s':>12} {'fit alone s':>12} {'fsrs-rs s':>10} {'time ratio':>10} {'fit ratio':>10} "
          f"{'reminders MiB':>14} {'fsrs-rs +MiB':>13} {'log loss ours':>14} {'fsrs-rs':>8} {'RMSE ours':>10} {'fsrs-rs':>8}")
    for cards, days in ((850, 400), (8500, 420)):
        path = os.path.join(OUT, f"optimize-{cards}.json")
        if not os.path.exists(path):
            os.makedirs(OUT, exist_ok=True)
            subprocess.run([sys.executable, script, "simulate", path, "--seed", "5", "--cards", str(cards),
                            "--days", str(days), "--zone", zone], check=True, stdout=subprocess.DEVNULL)
        config = os.path.join(OUT, "optimize-config.toml")
        with open(config, "w") as f:
            f.write(f'[time]\nzone = "{zone}"\n')
        state = tempfile.mkdtemp(prefix="reminders-bench-state-")
        ours = [os.path.join(bin_dir, "reminders"), "fsrs", "optimize", "--json",
                "--deck", path, "--config", config, "--state-dir", state]
        t_ours, m_ours, out = measure(ours, runs)
        fit = json.loads(out)
        bench = os.path.join(bin_dir, "reminders-bench")
        fit_alone = statistics.median(
            float(dict(w.split("=", 1) for w in subprocess.run(
                [bench, "optimize", path, zone], check=True, capture_output=True, text=True
            ).stdout.split())["fit_seconds"]) for _ in range(runs))
        walls, growths, reference = [], [], None
        for _ in range(runs):
            reference = json.loads(subprocess.run(
                [sys.executable, script, "reference", path, "--zone", zone, "--evaluate",
                 ",".join(str(w) for w in fit["parameters"])],
                check=True, capture_output=True, text=True).stdout)
            walls.append(reference["seconds"])
            growths.append(reference["peak_growth_mib"])
        if reference["items"] != fit["items"]:
            sys.exit(f"bench: items differ: reminders {fit['items']}, fsrs-rs {reference['items']}")
        t_peer = statistics.median(walls)
        mine = reference["evaluated"][0]
        print(f"{fit['reviews']:>8,} {fit['items']:>7,} {t_ours:>12.3f} {fit_alone:>12.3f} {t_peer:>10.3f} "
              f"{t_ours / t_peer:>9.2f}x {fit_alone / t_peer:>9.2f}x "
              f"{m_ours:>14.0f} {max(growths):>13.0f} {mine['log_loss']:>14.4f} {reference['fitted']['log_loss']:>8.4f} "
              f"{mine['rmse_bins']:>10.4f} {reference['fitted']['rmse_bins']:>8.4f}")
        summary(f"fsrs optimize, {fit['reviews']:,} reviews: the fit vs compute_parameters", f"{fit_alone:.3f} s",
                fit_alone / t_peer, at_most=1.00)
    print(f"medians of {runs} runs; reminders: the whole command (reading the deck, building the items, "
          "fitting, evaluating before and after), and the fit alone on items built for it (reminders-bench); "
          "fsrs-rs: compute_parameters alone on items built for it, and how far it raised the process's peak memory")
    print("target: time ratio <= 1.00x; log loss at most 1 % above fsrs-rs's, RMSE (bins) at most 0.005 above")


def session(*options):
    """Starts the test harness (private bus, Xvfb, dunst; `options` such as --accessibility);
    returns its environment and a stop function."""
    script = os.path.join(HERE, "..", "Tests", "harness", "desktop-session.sh")
    out = subprocess.run(["bash", script, "start", *options], check=True, capture_output=True, text=True).stdout
    env = dict(os.environ)
    for line in out.splitlines():
        if line.startswith("export "):
            key, _, value = line[len("export "):].partition("=")
            env[key] = shlex.split(value)[0]
    return env, lambda: subprocess.run(["bash", script, "stop", env["REMINDERS_SESSION_DIR"]], capture_output=True)


def hyperfine(commands, env, prepare=None, runs=40):
    """Mean seconds of each command, from hyperfine's JSON export (no shell: -N)."""
    with tempfile.NamedTemporaryFile(suffix=".json") as export:
        argv = ["hyperfine", "-N", "--warmup", "3", "--runs", str(runs), "--export-json", export.name, "--style", "none"]
        for command in commands:
            if prepare:
                argv += ["--prepare", prepare]
            argv.append(command)
        subprocess.run(argv, check=True, env=env, stdout=subprocess.DEVNULL)
        return [r["mean"] for r in json.load(open(export.name))["results"]]


def delivery(bin_dir):
    print("\n== reminders run vs notify-send x y, on one private bus with dunst ==")
    env, stop = session()
    try:
        work = tempfile.mkdtemp(prefix="reminders-bench-run-")
        env.update({"XDG_CACHE_HOME": work + "/cache", "XDG_DATA_HOME": work + "/data"})
        config = os.path.join(work, "config.toml")
        with open(config, "w") as f:
            f.write('[time]\nzone = "Asia/Tokyo"\n')
        reminders = os.path.join(bin_dir, "reminders")
        base = f"{reminders} run --deck {deck(100_000)} --config {config} --state-dir {work}/state --now "
        # Idle: at 07:00 JST nothing is due once a first run has delivered any earlier recall items.
        subprocess.run((base + TODAY + "T07:00:00+09:00").split(), check=True, env=env, capture_output=True)
        # Before each timed run dunst closes what it shows (the harness keeps pop-ups a minute), so
        # that every Notify meets the same empty screen.
        close = f"{work}/close-all.sh"
        with open(close, "w") as f:
            f.write("#!/bin/sh\nexec dunstctl close-all\n")
        os.chmod(close, 0o755)
        notify, idle = hyperfine(["notify-send x y", base + TODAY + "T07:00:00+09:00"], env, prepare=close)
        # One daily reminder: each timed run starts from the ledger as it was before 08:00.
        # (A first run at 08:00 delivers everything due then; the "before" ledger is that one
        # without the daily entry, so each timed run delivers exactly the daily reminder.)
        ledger = f"{work}/state/ledger.json"
        subprocess.run((base + TODAY + "T08:00:00+09:00").split(), check=True, env=env, capture_output=True)
        with open(ledger) as f:
            state = json.load(f)
        state["delivered"] = [d for d in state["delivered"] if d["id"] != "daily:" + TODAY]
        with open(ledger + ".before", "w") as f:
            json.dump(state, f)
        with open(f"{work}/prepare.sh", "w") as f:
            f.write(f"#!/bin/sh\ncp {ledger}.before {ledger} && exec dunstctl close-all\n")
        os.chmod(f"{work}/prepare.sh", 0o755)
        notify2, one = hyperfine(["notify-send x y", base + TODAY + "T08:00:00+09:00"], env,
                                 prepare=f"{work}/prepare.sh")
        print(f"{'notify-send x y':<48} {notify * 1000:8.2f} ms")
        print(f"{'run, nothing to deliver (100,000-card deck)':<48} {idle * 1000:8.2f} ms {idle / notify:6.2f}x   target <= 0.50x")
        summary("idle run, 100,000 cards, vs notify-send", f"{idle * 1000:.2f} ms", idle / notify, at_most=0.50)
        for label, path, state in idle_decks(work):
            run = f"{reminders} run --deck {path} --config {config} --state-dir {state} --now {TODAY}T07:00:00+09:00"
            subprocess.run(run.split(), check=True, env=env, capture_output=True)
            notify3, quiet = hyperfine(["notify-send x y", run], env, prepare=close)
            print(f"{'run, nothing to deliver (' + label + ')':<48} {quiet * 1000:8.2f} ms {quiet / notify3:6.2f}x   target <= 0.50x")
            summary(f"idle run, {label}, vs notify-send", f"{quiet * 1000:.2f} ms", quiet / notify3, at_most=0.50)
        print(f"{'run, delivering one daily reminder':<48} {one * 1000:8.2f} ms {one / notify2:6.2f}x   target <= 1.30x")
        summary("run delivering one daily reminder, vs notify-send", f"{one * 1000:.2f} ms", one / notify2, at_most=1.30)
        calendar_idle(bin_dir, env, close)
    finally:
        stop()


def idle_decks(work):
    """The decks of the idle runs besides the 100,000 cards: (label, deck, state folder)."""
    year = os.path.join(OUT, "deck-100000-year.json")
    state = os.path.join(work, "state-year")
    subprocess.run([sys.executable, os.path.join(HERE, "gen_year.py"), deck(100_000), year, state, "--today", TODAY],
                   check=True)
    return [("1,000-card deck", deck(1_000), os.path.join(work, "state-1k")),
            ("1,000,000-card deck", deck(1_000_000), os.path.join(work, "state-1m")),
            ("100,000 cards, a year of ledger, 10,000 recall items", year, state)]


def calendar_idle(bin_dir, env, close):
    """`run` with nothing to deliver and a CalDAV calendar in step (Xandikos on loopback): what a
    configured calendar costs the every-minute run (no request is sent)."""
    if not os.path.exists(os.path.join(bin_dir, "reminders-caldav")):
        print("(no reminders-caldav in this build: the calendar's idle run is not measured)")
        return
    work = tempfile.mkdtemp(prefix="reminders-bench-caldav-")
    script = os.path.join(HERE, "..", "Tests", "harness", "caldav-server.sh")
    url = subprocess.run(["bash", script, "xandikos", work + "/server"], check=True, capture_output=True,
                         text=True).stdout.strip()
    try:
        env = dict(env, XDG_CACHE_HOME=work + "/cache", XDG_DATA_HOME=work + "/data")
        config = os.path.join(work, "config.toml")
        with open(config, "w") as f:
            f.write(f'[time]\nzone = "Asia/Tokyo"\n[calendar]\nurl = "{url}"\n')
        base = (f"{os.path.join(bin_dir, 'reminders')} run --deck {deck(100_000)} --config {config} "
                f"--state-dir {work}/state --now {TODAY}T07:00:00+09:00")
        # The first run writes the calendar; from then on the inputs are the same and nothing is sent.
        subprocess.run(base.split(), check=True, env=env, capture_output=True)
        notify, idle = hyperfine(["notify-send x y", base], env, prepare=close)
        with open(work + "/server/log") as f:
            requests = sum(1 for line in f if line.rstrip().endswith('"reminders"'))
        print(f"{'run, nothing to deliver, CalDAV calendar in step':<48} {idle * 1000:8.2f} ms {idle / notify:6.2f}x   "
              f"target <= 1.00x ({requests} requests in all, the first run's)")
        summary("idle run, CalDAV calendar in step, vs notify-send", f"{idle * 1000:.2f} ms", idle / notify, at_most=1.00)
    finally:
        with open(work + "/server/pid") as f:
            os.kill(int(f.read()), 15)


def review(bin_dir):
    """Per-answer cost in a plain review session, against a whole-deck rewrite and SQLite."""
    print("\n== an answer in a review session (plain mode), per answer ==")
    print(f"{'cards':>9} {'per answer ms':>14} {'between cards ms':>17} {'cards answer ms':>16} {'sqlite3 ms':>11}")
    config = os.path.join(OUT, "bench-config.toml")
    with open(config, "w") as f:
        f.write('[time]\nzone = "Asia/Tokyo"\n')
    reminders = os.path.join(bin_dir, "reminders")
    answers = 200
    costs = {}
    for n in (1_000, 100_000, 1_000_000):
        source = deck(n)
        work = tempfile.mkdtemp(prefix="reminders-bench-review-")
        path = os.path.join(work, "deck.json")

        def session(keys):
            subprocess.run(["cp", source, path], check=True)
            subprocess.run(["rm", "-f", path + ".journal"], check=True)
            argv = [reminders, "review", "--plain", "--deck", path, "--config", config, "--state-dir",
                    work + "/state", "--now", NOW.replace("06:00", "09:00")]
            start = time.perf_counter()
            subprocess.run(argv, input=keys.encode(), stdout=subprocess.DEVNULL, check=True)
            return time.perf_counter() - start

        def between_cards():
            """Median seconds from sending an answer to reading the next card's prompt."""
            subprocess.run(["cp", source, path], check=True)
            argv = [reminders, "review", "--plain", "--deck", path, "--config", config, "--state-dir",
                    work + "/state", "--now", NOW.replace("06:00", "09:00")]
            proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
            waits = []
            line = proc.stdout.readline()
            for _ in range(answers):
                start = time.perf_counter()
                proc.stdin.write(b"y\n")
                proc.stdin.flush()
                while line and not line.startswith(b"["):
                    line = proc.stdout.readline()
                line = proc.stdout.readline()
                while line and not line.startswith(b"["):
                    line = proc.stdout.readline()
                waits.append(time.perf_counter() - start)
            proc.stdin.write(b"q\n")
            proc.stdin.close()
            proc.wait()
            return statistics.median(waits)

        latency = between_cards()
        quit_at_once = statistics.median(session("q\n") for _ in range(3))
        answering = statistics.median(session("y\n" * answers + "q\n") for _ in range(3))
        per_answer = (answering - quit_at_once) / answers
        # Today's whole-deck rewrite: one `cards answer`, minus the same command's start-up.
        subprocess.run(["cp", source, path], check=True)
        card = json.load(open(source))["cards"][0]["id"] if n < 1_000_000 else None
        rewrite = float("nan")
        if card:
            argv = [reminders, "cards", "answer", card, "correct", "--deck", path, "--config", config]
            rewrite = statistics.median(measure(argv, 1)[0] for _ in range(3))
        # What a SQLite-backed app pays: one row updated and committed (synchronous=FULL, WAL).
        import sqlite3
        db_path = os.path.join(work, "cards.db")
        db = sqlite3.connect(db_path)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("CREATE TABLE cards (id INTEGER PRIMARY KEY, step INTEGER, due TEXT)")
        db.executemany("INSERT INTO cards VALUES (?, 0, '2026-11-21')", ((i,) for i in range(n)))
        db.commit()
        start = time.perf_counter()
        for i in range(answers):
            db.execute("UPDATE cards SET step = step + 1, due = '2026-11-23' WHERE id = ?", (i,))
            db.commit()
        sqlite = (time.perf_counter() - start) / answers
        db.close()
        costs[n] = per_answer
        print(f"{n:>9} {per_answer * 1000:>14.2f} {latency * 1000:>17.2f} {rewrite * 1000:>16.1f} {sqlite * 1000:>11.2f}")
    print(f"100,000 / 1,000 cards: {costs[100_000] / costs[1_000]:.2f}x   target <= 3x, and under 10 ms")
    summary("review answer, 100,000 / 1,000 cards", f"{costs[100_000] * 1000:.2f} ms", costs[100_000] / costs[1_000],
            at_most=3)
    print("per answer: (a session answering 200 cards - one quitting at once) / 200; between cards: from an answer to")
    print("the next card's prompt (the fold as the session ends: see the fold below)")


def fold(bin_dir, runs):
    """The fold of a session's 200 answers into deck.json against Python's json.load + json.dump
    of the same deck. The session's own fold (as it ends) is held off by a shared hold of the
    review lock, as a second session would; its journal is then folded by `reminders-bench fold`
    (the fold alone), and by a whole `run`."""
    print("\n== the fold of a session's 200 answers into the deck vs python3 json.load + json.dump ==")
    print(f"{'cards':>9} {'file MiB':>9} {'fold s':>7} {'run folding s':>14} {'python s':>9} {'fold ratio':>10}")
    config = os.path.join(OUT, "bench-config.toml")
    with open(config, "w") as f:
        f.write('[time]\nzone = "Asia/Tokyo"\n')
    reminders = os.path.join(bin_dir, "reminders")
    later = NOW.replace("06:00", "09:00")
    for n in (100_000, 1_000_000):
        source = deck(n)
        work = tempfile.mkdtemp(prefix="reminders-bench-fold-")
        path, state = os.path.join(work, "deck.json"), os.path.join(work, "state")
        journal = path + ".journal"
        shutil.copy(source, path)
        os.makedirs(state)
        with open(os.path.join(state, "review.lock"), "a") as hold:
            fcntl.flock(hold, fcntl.LOCK_SH)
            subprocess.run([reminders, "review", "--plain", "--deck", path, "--config", config, "--state-dir", state,
                            "--now", later], input=b"y\n" * 200 + b"q\n", stdout=subprocess.DEVNULL, check=True)
        assert os.path.exists(journal), "the session folded its answers: the hold did not keep it from it"
        shutil.copy(journal, journal + ".before")

        def restore():
            shutil.copy(source, path)
            shutil.copy(journal + ".before", journal)

        folds = []
        for _ in range(runs):
            restore()
            out = subprocess.run([os.path.join(bin_dir, "reminders-bench"), "fold", path], capture_output=True,
                                 text=True, check=True).stdout
            folds.append(float(out.strip().split("=")[1]))
            assert not os.path.exists(journal)
        ours = statistics.median(folds)
        env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS="unix:path=/nonexistent", XDG_DATA_HOME=work + "/data",
                   XDG_CACHE_HOME=work + "/cache")
        argv = [reminders, "run", "--deck", path, "--config", config, "--state-dir", state, "--now", later]
        runs_folding = []
        for _ in range(runs):
            restore()
            shutil.rmtree(state, ignore_errors=True)
            shutil.rmtree(work + "/cache", ignore_errors=True)
            start = time.perf_counter()
            subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            runs_folding.append(time.perf_counter() - start)
            assert not os.path.exists(journal)
        script = ("import json, sys, time\nstart = time.perf_counter()\nwith open(sys.argv[1]) as f: deck = json.load(f)\n"
                  "with open(sys.argv[2], 'w') as f: json.dump(deck, f)\nprint(time.perf_counter() - start)")
        python = statistics.median(
            float(subprocess.run([sys.executable, "-c", script, source, os.path.join(work, "python.json")],
                                 capture_output=True, text=True, check=True).stdout) for _ in range(runs))
        print(f"{n:>9} {os.path.getsize(source) / 2**20:>9.0f} {ours:>7.2f} {statistics.median(runs_folding):>14.2f} "
              f"{python:>9.2f} {ours / python:>9.2f}x   target <= 1.00x")
        summary(f"fold of 200 answers, {n:,} cards, vs Python load+dump", f"{ours:.2f} s", ours / python, at_most=1.00)
        shutil.rmtree(work, ignore_errors=True)
    print("fold: `reminders-bench fold` (DeckStore.foldJournal, what a session runs as it ends, with its atomic write);")
    print("run folding: the whole `run` that folds and then plans from the new deck (its cache gone with the old one);")
    print("python: json.load + json.dump of the same deck, timed inside the interpreter (its start-up not counted)")


def lookup(bin_dir, runs):
    """`reminders lookup WORD` (its index already built in the cache folder) against `grep -F` of
    the same word over the same dictionary file (the word in EUC-JP, as the file has it)."""
    edict = "/usr/share/edict/edict"
    print("\n== reminders lookup WORD vs grep -F WORD over EDICT (index built once, then each lookup) ==")
    print(f"{'word':<14} {'reminders ms':>13} {'grep ms':>8} {'ratio':>6}")
    cache = tempfile.mkdtemp(prefix="reminders-bench-lookup-")
    env = dict(os.environ, XDG_CACHE_HOME=cache)
    reminders = os.path.join(bin_dir, "reminders")
    start = time.perf_counter()
    subprocess.run([reminders, "lookup", "猫"], env=env, stdout=subprocess.DEVNULL, check=True)
    print(f"{'(the index, built once)':<14} {(time.perf_counter() - start) * 1000:>13.0f}")
    # (looked up, grepped): a conjugated word is grepped as the dictionary form it is found as.
    for word, grepped in (("猫", "猫"), ("食べなかった", "食べる"), ("water", "water")):
        ours, _, _ = measure([reminders, "lookup", word], max(runs, 20), env=env)
        pattern = grepped.encode("euc_jp")
        grep, _, _ = measure(["grep", "-F", "-e", pattern, edict], max(runs, 20))
        print(f"{word:<14} {ours * 1000:>13.2f} {grep * 1000:>8.2f} {ours / grep:>5.2f}x   target: lookup <= 20 ms")
        summary(f"lookup {word} (ms; {ours / grep:.2f}x grep)", f"{ours * 1000:.2f} ms", ours * 1000, at_most=20,
                unit=" ms")
    shutil.rmtree(cache, ignore_errors=True)


def anki(bin_dir, runs):
    """`reminders status` over an Anki collection of 20,000 cards (18 MiB with its review log) against
    the Anki library opening it and counting (`deck_due_tree`), as a script run each minute would;
    then the same while Anki holds the collection open (the copy reminders reads then)."""
    import shutil
    n = 20_000
    print(f"== Anki: status --json over a collection of {n:,} cards vs the Anki library's deck_due_tree ==")
    source = os.path.join(OUT, f"anki-{n}", "collection.anki2")
    if not os.path.exists(source):
        subprocess.run([sys.executable, os.path.join(HERE, "gen_anki.py"), str(n), source], check=True)
    work = tempfile.mkdtemp(prefix="reminders-bench-anki-")
    ours_copy = os.path.join(work, "ours", "collection.anki2")
    peer_copy = os.path.join(work, "peer", "collection.anki2")
    for copy in (ours_copy, peer_copy):
        os.makedirs(os.path.dirname(copy))
        shutil.copyfile(source, copy)
        # As a collection nobody touched for an hour (a file modified in the last two seconds
        # is read again rather than trusted to be unchanged).
        os.utime(copy, (time.time() - 3600, time.time() - 3600))
    now = int(time.time())
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(now))
    config = os.path.join(work, "config.toml")
    with open(config, "w") as f:
        f.write(f'[time]\nzone = "UTC"\n[anki]\ncollection = "{ours_copy}"\n')
    state = os.path.join(work, "state")
    base = [os.path.join(bin_dir, "reminders")]
    options = ["--now", stamp, "--config", config, "--deck", os.path.join(work, "deck.json"), "--state-dir", state]
    # A home of its own: the run below delivers (to the fallback calendar when there is no bus).
    env = dict(os.environ, TZ="UTC", HOME=work, XDG_CONFIG_HOME=work, XDG_DATA_HOME=work, XDG_STATE_HOME=work,
               XDG_CACHE_HOME=work, DBUS_SESSION_BUS_ADDRESS="unix:path=" + os.path.join(work, "no-bus"))
    print(f"{'case':<44} {'seconds':>8} {'MiB':>6}")
    t, m, out = measure(base + ["status", "--json"] + options, runs, env=env)
    total = json.loads(out)["dueToday"]
    print(f"{'reminders status, read from the file':<44} {t:>8.3f} {m:>6.0f}")
    subprocess.run(base + ["run"] + options, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    t, m, _ = measure(base + ["status", "--json"] + options, runs, env=env)
    print(f"{'reminders status, the reading remembered':<44} {t:>8.3f} {m:>6.0f}")
    t, m, _ = measure(base + ["run"] + options, runs, env=env)
    print(f"{'reminders run with nothing to deliver, idem':<44} {t:>8.3f} {m:>6.0f}")
    t_peer, m_peer, peer_out = measure([sys.executable, os.path.join(HERE, "count_anki.py"), peer_copy, str(now)], runs, env=env)
    print(f"{'python: Collection() + deck_due_tree()':<44} {t_peer:>8.3f} {m_peer:>6.0f}")
    if int(peer_out.split()[0]) != total:
        sys.exit(f"bench: Anki counts differ: reminders {total}, the Anki library {peer_out!r}")
    holder = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(HERE), "Tests", "anki", "hold_open.py"), ours_copy],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    try:
        holder.stdout.readline()
        t, m, out = measure(base + ["status", "--json"] + options, runs, env=env)
        method = json.loads(out)["anki"]["method"]
        print(f"{'reminders status, Anki open (' + method + ')':<44} {t:>8.3f} {m:>6.0f}")
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)
    print(f"both count {total} cards due; file {os.path.getsize(source) / 2**20:.0f} MiB")
    shutil.rmtree(work, ignore_errors=True)


def app(bin_dir, runs):
    print("\n== reminders-desktop: launch to Home's count read over AT-SPI, an answer to the next card ==")
    print("(targets: Home within 1 s of launch, the next card within 50 ms; beside `reminders status`, the terminal's Home)")
    env, close = session("--accessibility")
    env["GSK_RENDERER"] = "cairo"  # Xvfb has no GL
    os.makedirs(OUT, exist_ok=True)
    config = os.path.join(OUT, "app-config.toml")
    open(config, "w").close()
    print(f"{'cards':>9} {'launch s':>9} {'status s':>9} {'ratio':>7} {'answer ms':>10} {'max ms':>7} {'app MiB':>8} {'status MiB':>11}")
    try:
        for n in (1_000, 100_000):
            path = deck(n)
            state = os.path.join(OUT, f"app-state-{n}")
            out = subprocess.run(
                ["/usr/bin/python3", os.path.join(HERE, "app_timing.py"), os.path.join(bin_dir, "reminders-desktop"),
                 path, state, config, str(max(runs, 3)), "10"],
                check=True, capture_output=True, text=True, env=env).stdout
            figures = json.loads(out)
            status = [os.path.join(bin_dir, "reminders"), "status", "--deck", path, "--state-dir", state + "-status",
                      "--config", config]
            t_status, m_status, _ = measure(status, runs, env=env)
            launch = statistics.median(figures["launch"])
            answer = statistics.median(figures["answer"]) * 1000
            print(f"{n:>9} {launch:>9.3f} {t_status:>9.3f} {launch / t_status:>6.1f}x {answer:>10.1f} "
                  f"{max(figures['answer']) * 1000:>7.1f} {figures['peakMiB']:>8.0f} {m_status:>11.0f}")
            summary(f"app launch to Home, {n:,} cards (s)", f"{launch:.3f} s", launch, at_most=1, unit=" s")
            summary(f"app answer to next card, {n:,} cards (ms)", f"{answer:.1f} ms", answer, at_most=50, unit=" ms")
    finally:
        close()


def changes(bin_dir, runs):
    """Every change to the deck (`cards add`, `edit`, `suspend`, `answer`, `remove`, `import` of
    100 rows, `recall add`) at 1,000 and at 1,000,000 cards: each one line of the journal, found
    through the deck's index; the median of 15 commands each (process start included), against
    the same at 1,000 cards, and a SQLite row inserted and committed (synchronous=FULL, WAL)."""
    import re
    import sqlite3
    print("\n== a change to the deck, per command (median of 15; the index made by a first add) ==")
    reminders = os.path.join(bin_dir, "reminders")
    names = ["add", "edit", "suspend", "answer", "remove", "import 100", "recall add"]
    print(f"{'cards':>9} {'index s':>8} " + " ".join(f"{n + ' ms':>13}" for n in names) + f" {'sqlite3 ms':>11}")
    costs = {}
    for n in (1_000, 1_000_000):
        source = deck(n)
        work = tempfile.mkdtemp(prefix="reminders-bench-changes-")
        path = os.path.join(work, "deck.json")
        subprocess.run(["cp", source, path], check=True)
        env = dict(os.environ, HOME=work, XDG_CONFIG_HOME=work + "/config", XDG_STATE_HOME=work + "/state",
                   XDG_CACHE_HOME=work + "/cache", XDG_DATA_HOME=work + "/data", TZ="Asia/Tokyo")
        with open(path, "rb") as f:
            ids = re.findall(rb'"id": ?"([0-9a-f-]{36})"', f.read(1 << 20))[:60]
        ids = [i.decode() for i in ids]
        base = ["--deck", path]
        start = time.perf_counter()
        subprocess.run([reminders, "cards", "add", "索引", "index"] + base, env=env, check=True,
                       stdout=subprocess.DEVNULL)
        index = time.perf_counter() - start

        def median(argvs):
            walls = []
            for argv in argvs:
                t = time.perf_counter()
                subprocess.run([reminders] + argv + base, env=env, check=True, stdout=subprocess.DEVNULL)
                walls.append(time.perf_counter() - t)
            return statistics.median(walls)

        files = []
        for k in range(15):
            file = os.path.join(work, f"import-{k}.tsv")
            with open(file, "w") as f:
                f.writelines(f"取 {k} {r}\tback {r}\n" for r in range(100))
            files.append(file)
        row = {
            "add": median([["cards", "add", f"新 {k}", "new"] for k in range(15)]),
            "edit": median([["cards", "edit", ids[k], "--back", f"直 {k}"] for k in range(15)]),
            "suspend": median([["cards", "suspend", ids[15 + k]] for k in range(15)]),
            "answer": median([["cards", "answer", ids[30 + k], "correct"] for k in range(15)]),
            "remove": median([["cards", "remove", ids[45 + k]] for k in range(15)]),
            "import 100": median([["cards", "import", f] for f in files]),
            "recall add": median([["recall", "add", f"思 {k}", "--in", "1h"] for k in range(15)]),
        }
        db = sqlite3.connect(os.path.join(work, "cards.db"))
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("CREATE TABLE cards (id TEXT PRIMARY KEY, front TEXT, back TEXT)")
        db.executemany("INSERT INTO cards VALUES (?, ?, 'b')", ((str(i), str(i)) for i in range(n)))
        db.commit()
        t = time.perf_counter()
        for k in range(15):
            db.execute("INSERT INTO cards VALUES (?, ?, 'new')", (f"new-{k}", f"新 {k}"))
            db.commit()
        sqlite = (time.perf_counter() - t) / 15
        db.close()
        costs[n] = row
        print(f"{n:>9} {index:>8.2f} " + " ".join(f"{row[name] * 1000:>13.1f}" for name in names)
              + f" {sqlite * 1000:>11.2f}")
        subprocess.run(["rm", "-rf", work], check=True)
    for name in names:
        big, small = costs[1_000_000][name], costs[1_000][name]
        summary(f"cards {name}, 1,000,000 / 1,000 cards" if name != "recall add" else
                "recall add, 1,000,000 / 1,000 cards", f"{big * 1000:.1f} ms", big / small, at_most=1.5)
    print("target: every change at 1,000,000 cards within 1.5x of the same at 1,000 (a few ms: the process")
    print("start is most of it); the index is made once per deck file, by the first change or the fold")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, help="folder of the release binaries")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only",
                        default="planner,stats,icalendar,fsrs,optimize,delivery,review,fold,changes,lookup,anki,app",
                        help="which parts, comma-separated (default: all)")
    args = parser.parse_args()
    parts = args.only.split(",")
    if "planner" in parts:
        planner(args.bin, args.runs)
    if "stats" in parts:
        stats(args.bin, args.runs)
    if "icalendar" in parts:
        icalendar(args.bin, 1)
    if "fsrs" in parts:
        fsrs(args.bin, args.runs)
    if "optimize" in parts:
        optimize(args.bin, args.runs)
    if "delivery" in parts:
        delivery(args.bin)
    if "review" in parts:
        review(args.bin)
    if "fold" in parts:
        fold(args.bin, args.runs)
    if "changes" in parts:
        changes(args.bin, args.runs)
    if "lookup" in parts:
        lookup(args.bin, args.runs)
    if "anki" in parts:
        anki(args.bin, args.runs)
    if "app" in parts:
        app(args.bin, args.runs)
    print_summary()


if __name__ == "__main__":
    main()
