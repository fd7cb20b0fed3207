#!/usr/bin/python3
"""The desktop app's window, read and used as a screen reader user would: through the
accessibility bus (AT-SPI), by role and accessible name, never by position or pixels.

Run with Debian's python3 and its GObject bindings (python3-gi, gir1.2-atspi-2.0), in a session
that has the accessibility bus (Tests/harness/desktop-session.sh start --accessibility).

  app-probe.py dump APP                 every showing node of APP's windows, a JSON object a line:
                                        {"role", "name", "description", "text", "sensitive",
                                         "focused", "checked"}
  app-probe.py press APP ROLE NAME      the accessible action of the showing ROLE named NAME
                                        ("push button", "toggle button", …), as Orca presses it
  app-probe.py type APP NAME TEXT BUTTON  replaces the text of the field named NAME with TEXT
                                        (EditableText) and presses the push button BUTTON
  app-probe.py key APP KEYS             types KEYS into the focused window (" " for Space)
  app-probe.py choose APP NAME CHOICE   opens the combo box named NAME and picks CHOICE
  app-probe.py wait APP ROLE NAME       until a showing ROLE named NAME is there (10 s)

APP is the application's name on the bus (reminders-desktop). Exit status 0 on success, 1 when
the node is not there after 10 seconds of looking, 2 on bad usage.
"""

import json
import sys
import time
import warnings

import gi

gi.require_version("Atspi", "2.0")
gi.require_version("GLib", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402

LOOK_SECONDS = 10
warnings.filterwarnings("ignore", category=DeprecationWarning)
# A hung application must not hang the test: 2 s a call.
Atspi.set_timeout(2000, 10000)


def children(node):
    try:
        count = node.get_child_count()
    except GLib.Error:
        return []
    found = []
    for i in range(count):
        try:
            child = node.get_child_at_index(i)
        except GLib.Error:
            continue
        if child is not None:
            found.append(child)
    return found


def states(node):
    try:
        return node.get_state_set()
    except GLib.Error:
        return None


def showing(node):
    """Visible: GTK 4.8 leaves a widget that is not visible out of the tree, and sets SHOWING on
    windows only (the pages of a stack that are not shown are there, after the shown one)."""
    state = states(node)
    return state is not None and state.contains(Atspi.StateType.VISIBLE)


def walk(node):
    """Every visible node under `node`, depth first, `node` included."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed([c for c in children(current) if showing(c)]))


def attribute(getter):
    try:
        return getter() or ""
    except (GLib.Error, AttributeError, TypeError):
        return ""


def text_of(node):
    try:
        return node.get_text(0, node.get_character_count()) or ""
    except (GLib.Error, AttributeError, TypeError, NotImplementedError):
        return ""


def role_name(node):
    return attribute(node.get_role_name)


def describe(node):
    state = states(node)

    def has(kind):
        return bool(state and state.contains(kind))

    return {
        "role": role_name(node),
        "name": attribute(node.get_name),
        "description": attribute(node.get_description),
        "text": text_of(node),
        "sensitive": has(Atspi.StateType.SENSITIVE),
        "focused": has(Atspi.StateType.FOCUSED),
        "checked": has(Atspi.StateType.CHECKED),
    }


def application(name):
    for app in children(Atspi.get_desktop(0)):
        if attribute(app.get_name) == name:
            return app
    return None


def nodes(app_name):
    app = application(app_name)
    if app is None:
        return []
    return [n for window in children(app) for n in walk(window)]


def find(app_name, role, name):
    deadline = time.monotonic() + LOOK_SECONDS
    while True:
        for node in nodes(app_name):
            if role_name(node) == role and attribute(node.get_name) == name:
                return node
        if time.monotonic() > deadline:
            return None
        time.sleep(0.2)


def missing(role, name):
    print(f"app-probe: no showing {role} named {name!r}", file=sys.stderr)
    return 1


def press(app_name, role, name):
    node = find(app_name, role, name)
    if node is None:
        return missing(role, name)
    node.do_action(0)
    return 0


def type_text(app_name, name, text, button):
    """The text field's text set as a screen reader sets it (EditableText), then the push
    button BUTTON pressed (the field's apply button)."""
    node = find(app_name, "text", name)
    if node is None:
        return missing("text", name)
    node.set_text_contents(text)
    time.sleep(0.2)
    status = press(app_name, "push button", button)
    time.sleep(0.5)
    return status


def keys(app_name, typed):
    for character in typed:
        Atspi.generate_keyboard_event(ord(character), None, Atspi.KeySynthType.SYM)
        time.sleep(0.1)
    return 0


def choose(app_name, name, choice):
    node = find(app_name, "combo box", name)
    if node is None:
        return missing("combo box", name)
    node.do_action(0)  # opens the list
    item = None
    deadline = time.monotonic() + LOOK_SECONDS
    while item is None and time.monotonic() < deadline:
        for candidate in nodes(app_name):
            if role_name(candidate) in ("list item", "label") and attribute(candidate.get_name) == choice:
                item = candidate
                break
        time.sleep(0.2)
    if item is None:
        return missing("list item", choice)
    item.grab_focus()
    Atspi.generate_keyboard_event(0xFF0D, None, Atspi.KeySynthType.SYM)  # Return picks it
    time.sleep(0.3)
    return 0


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    command, app_name = argv[1], argv[2]
    if command == "dump" and len(argv) == 3:
        for node in nodes(app_name):
            print(json.dumps(describe(node), ensure_ascii=False))
        return 0
    if command == "press" and len(argv) == 5:
        return press(app_name, argv[3], argv[4])
    if command == "type" and len(argv) == 6:
        return type_text(app_name, argv[3], argv[4], argv[5])
    if command == "key" and len(argv) == 4:
        return keys(app_name, argv[3])
    if command == "choose" and len(argv) == 5:
        return choose(app_name, argv[3], argv[4])
    if command == "wait" and len(argv) == 5:
        return 0 if find(app_name, argv[3], argv[4]) is not None else missing(argv[3], argv[4])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
