#!/usr/bin/python3
"""The desktop app's figures for `make bench` (docs/app.md), read as a screen reader reads the
window, through AT-SPI (Tests/harness/app-probe.py's walk):

  app_timing.py APP DECK STATE CONFIG RUNS ANSWERS

starts APP (reminders-desktop) RUNS times on a fresh copy of DECK, each time timing the launch
until Home's count ("Today's reviews: …") is readable on the accessibility bus; in the last run
it presses "Study now" and answers ANSWERS cards (Show answer, then the key y: Remembered),
timing each key until the next card's "i/N" is read. Prints one JSON object: the launch
seconds (each run), the answer seconds (each answer), and the app's peak and current resident
memory (MiB) after the answers.

Run with Debian's python3 (python3-gi, gir1.2-atspi-2.0) in a session with the accessibility bus.
"""

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "app_probe", os.path.join(HERE, "..", "Tests", "harness", "app-probe.py"))
probe = importlib.util.module_from_spec(spec)
spec.loader.exec_module(probe)

APP_NAME = "reminders-desktop"
POLL = 0.002


def memory(pid):
    """Peak and current resident memory (MiB) of `pid`."""
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return int(fields["VmHWM"].split()[0]) / 1024, int(fields["VmRSS"].split()[0]) / 1024


def first(role, matches, seconds=60):
    """The first showing node of `role` whose name satisfies `matches`, polled as fast as the bus
    answers."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for node in probe.nodes(APP_NAME):
            if probe.role_name(node) == role and matches(probe.attribute(node.get_name)):
                return node
        time.sleep(POLL)
    sys.exit(f"app_timing: no {role} matching within {seconds} s")


def launch(app, deck, state, config, work):
    copy = os.path.join(work, "deck.json")
    shutil.copyfile(deck, copy)
    shutil.rmtree(state, ignore_errors=True)
    start = time.perf_counter()
    process = subprocess.Popen(
        [app, "--deck", copy, "--state-dir", state, "--config", config, "--lang", "en"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    first("label", lambda name: name.startswith("Today's reviews: "))
    return process, time.perf_counter() - start


def answers(count):
    progress = re.compile(r"^(\d+)/\d+")
    probe.press(APP_NAME, "push button", "Study now")
    label = first("label", lambda name: progress.match(name) is not None)
    timings = []
    for _ in range(count):
        number = int(progress.match(probe.attribute(label.get_name)).group(1))
        probe.press(APP_NAME, "push button", "Show answer")
        first("push button", lambda name: name == "Remembered")
        # The key (the terminal's y), as a learner answers: a button's accessible action goes
        # through GTK's activation, which shows the press for 250 ms before it clicks.
        start = time.perf_counter()
        probe.Atspi.generate_keyboard_event(ord("y"), None, probe.Atspi.KeySynthType.SYM)
        while True:
            shown = progress.match(probe.attribute(label.get_name))
            if shown and int(shown.group(1)) != number:
                break
            if time.perf_counter() - start > 10:
                sys.exit("app_timing: the next card did not come within 10 s")
            time.sleep(POLL)
        timings.append(time.perf_counter() - start)
    return timings


def stop(process):
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def main(argv):
    app, deck, state, config, runs, count = argv[1], argv[2], argv[3], argv[4], int(argv[5]), int(argv[6])
    work = state + "-work"
    os.makedirs(work, exist_ok=True)
    launches, answered, peak, resident = [], [], 0.0, 0.0
    for run in range(runs):
        process, seconds = launch(app, deck, state, config, work)
        launches.append(seconds)
        if run == runs - 1:
            answered = answers(count)
            peak, resident = memory(process.pid)
        stop(process)
    shutil.rmtree(work, ignore_errors=True)
    print(json.dumps({"launch": launches, "answer": answered, "peakMiB": peak, "residentMiB": resident}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
