#!/usr/bin/python3
"""What the test desktop's notification servers show, and acting on their pop-ups as a user would.

Run by Tests/harness/desktop-session.sh (`shown`, `act`, `inhibit`), with Debian's own python3 and
its GObject bindings (packages python3-gi, gir1.2-atspi-2.0): the accessibility bus (AT-SPI) is
how a screen reader reads a pop-up and presses its buttons, and it is the one way in common to the
GTK servers (xfce4-notifyd, notification-daemon, SwayNotificationCenter) and to Plasma's Qt pop-ups.

  desktop-probe.py shown SERVER [LOG]        the pop-ups SERVER shows now, as JSON lines
                                             ({"summary", "body"}); xfce: every pop-up in LOG
  desktop-probe.py press SERVER SUMMARY LABEL  presses the button LABEL of the pop-up SUMMARY
                                             (on Xvfb a click of the X pointer; swaync: the
                                             button's accessible action)
  desktop-probe.py click SERVER SUMMARY      clicks the pop-up SUMMARY itself (the X pointer,
                                             through XTest: servers on Xvfb)
  desktop-probe.py dismiss SERVER            closes every pop-up on screen as a user would
                                             (servers on Xvfb)
  desktop-probe.py gnome-shown               GNOME Shell's notifications (org.gnome.Shell.Eval)
  desktop-probe.py gnome-dismiss             GNOME Shell: dismisses every notification
  desktop-probe.py gnome-act SUMMARY KEY LABEL  GNOME Shell: `default` activates the notification
                                             (what a click on its banner or list entry does),
                                             another key runs the callback of the button LABEL
  desktop-probe.py inhibit                   holds an org.freedesktop.Notifications.Inhibit until
                                             killed (KDE Plasma: Inhibited while the caller lives)

Exit status 0 on success, 1 when the pop-up or button is not there (after a few seconds of
looking), 2 on bad usage.
"""

import json
import signal
import sys
import time
import warnings

import gi

gi.require_version("Gio", "2.0")
gi.require_version("GLib", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

# The name each server's process gives on the accessibility bus.
APPLICATIONS = {
    "xfce": "xfce4-notifyd",
    "notification-daemon": "notification-daemon",
    "plasma": "plasmashell",
    "swaync": "swaync",
}

LOOK_SECONDS = 10
warnings.filterwarnings("ignore", category=DeprecationWarning)

# Servers on Xvfb, where buttons are clicked with the X pointer; swaync (Wayland) has its buttons
# pressed through the accessible action.
POINTER = ("xfce", "notification-daemon", "plasma")


def atspi():
    gi.require_version("Atspi", "2.0")
    from gi.repository import Atspi

    # A hung application must not hang the test: 2 s a call.
    Atspi.set_timeout(2000, 10000)
    return Atspi


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


def walk(node):
    """Every node under `node`, depth first, `node` included."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(children(current)))


def name(node):
    try:
        return node.get_name() or ""
    except GLib.Error:
        return ""


def role(node, Atspi):
    try:
        return node.get_role()
    except GLib.Error:
        return Atspi.Role.INVALID


def text(node):
    """A node's text: its Text interface (Plasma's body) or else its name."""
    try:
        value = node.get_text(0, node.get_character_count())
        if value:
            return value.strip()  # Plasma's rich text ends its paragraph with a blank
    except (GLib.Error, AttributeError, TypeError):
        pass
    return name(node)


def application(server, Atspi):
    wanted = APPLICATIONS[server]
    desktop = Atspi.get_desktop(0)
    for app in children(desktop):
        if name(app) == wanted:
            return app
    return None


def popups(server, Atspi):
    """The pop-ups on screen, each as (node, summary, body)."""
    app = application(server, Atspi)
    if app is None:
        return []
    found = []
    if server == "plasma":
        # Each pop-up is a window holding a `notification` node named by its summary (the body
        # is a text field in it) and, beside it, the pop-up's buttons. (The tray's history, when
        # open, holds such nodes too; the tests never open it.)
        for node in walk(app):
            if role(node, Atspi) == Atspi.Role.NOTIFICATION:
                texts = [text(n) for n in walk(node) if role(n, Atspi) in (Atspi.Role.TEXT,)]
                body = next((t for t in texts if t), None)
                try:
                    window = node.get_parent() or node
                except GLib.Error:
                    window = node
                found.append((window, name(node), body))
        return found
    if server == "swaync":
        # Each pop-up is a button (a click on it is the default action) named by its summary,
        # inside a list item of the pop-up window; its other buttons are the actions.
        for node in walk(app):
            if role(node, Atspi) == Atspi.Role.LIST_ITEM:
                buttons = [n for n in walk(node) if role(n, Atspi) == Atspi.Role.PUSH_BUTTON and name(n)]
                labels = [name(n) for n in walk(node) if role(n, Atspi) == Atspi.Role.LABEL and name(n)]
                if buttons:
                    summary = name(buttons[0])
                    body = next((l for l in labels if l != summary), None)
                    found.append((node, summary, body))
        return found
    # xfce4-notifyd: a frame per pop-up; notification-daemon: an alert per pop-up. The first
    # label is the summary, the next the body; buttons hold the action labels.
    containers = (Atspi.Role.FRAME, Atspi.Role.ALERT, Atspi.Role.WINDOW)
    for node in children(app):
        if role(node, Atspi) not in containers:
            continue
        labels = [name(n) for n in walk(node) if role(n, Atspi) == Atspi.Role.LABEL and name(n)]
        if labels:
            found.append((node, labels[0], labels[1] if len(labels) > 1 else None))
    return found


def find_popup(server, summary, Atspi):
    deadline = time.monotonic() + LOOK_SECONDS
    while True:
        for node, shown_summary, _ in popups(server, Atspi):
            if shown_summary == summary:
                return node
        if time.monotonic() > deadline:
            return None
        time.sleep(0.1)


def shown(server, log=None):
    if server == "xfce":
        return shown_in_xfce_log(log)
    Atspi = atspi()
    for _, summary, body in popups(server, Atspi):
        print(json.dumps({"summary": summary, "body": body}, ensure_ascii=False))
    return 0


def shown_in_xfce_log(path):
    """xfce4-notifyd's log (`/notification-log` on, `/log-level` 1): a key file, a group per
    pop-up named by its time, with `summary` and `body` among its keys."""
    keys = GLib.KeyFile()
    try:
        keys.load_from_file(path, GLib.KeyFileFlags.NONE)
    except GLib.Error:
        return 0  # no pop-up yet: the file is written at the first
    for group in keys.get_groups()[0]:
        entry = {}
        for key in ("summary", "body", "app_name"):
            try:
                entry[key] = keys.get_string(group, key)
            except GLib.Error:
                entry[key] = None
        print(
            json.dumps(
                {"summary": entry["summary"], "body": entry["body"], "app": entry["app_name"]}, ensure_ascii=False
            )
        )
    return 0


def press(server, summary, label):
    """Presses the button LABEL of the pop-up SUMMARY: of the one that has it, when two pop-ups
    have that summary for a moment (one that a server closed still fading out beside the one that
    follows it), waiting for it as a user would."""
    Atspi = atspi()
    deadline = time.monotonic() + LOOK_SECONDS
    button, seen = None, []
    while button is None:
        for node, shown_summary, _ in popups(server, Atspi):
            if shown_summary != summary:
                continue
            buttons = [n for n in walk(node) if role(n, Atspi) == Atspi.Role.PUSH_BUTTON]
            seen = [name(n) for n in buttons]
            if server == "swaync" and label == summary:
                button = buttons[0] if buttons else None
            else:
                button = next((n for n in buttons if name(n) == label), None)
            if button is not None:
                break
        if button is None:
            if time.monotonic() > deadline:
                if not seen:
                    print(f"desktop-probe: no pop-up {summary!r} from {server}", file=sys.stderr)
                else:
                    print(f"desktop-probe: the pop-up {summary!r} has no button {label!r} (it has {seen})", file=sys.stderr)
                return 1
            time.sleep(0.1)
    if server in POINTER:
        pointer_click(button, Atspi)
    else:
        button.do_action(0)  # the button's own `click`, as a screen reader presses it
    return 0


def pointer_click(node, Atspi):
    """A click of the X pointer (XTest, through the accessibility registry) at `node`'s centre:
    what a user's mouse does, for servers whose buttons answer the pointer only
    (notification-daemon's ignore the accessible `click`)."""
    box = node.get_extents(Atspi.CoordType.SCREEN)
    Atspi.generate_mouse_event(box.x + box.width // 2, box.y + box.height // 2, "b1c")


def click(server, summary):
    Atspi = atspi()
    popup = find_popup(server, summary, Atspi)
    if popup is None:
        print(f"desktop-probe: no pop-up {summary!r} from {server}", file=sys.stderr)
        return 1
    # The summary's own label: a point of the pop-up that is not a button.
    target = next(
        (n for n in walk(popup) if role(n, Atspi) == Atspi.Role.LABEL and name(n) == summary), popup
    )
    pointer_click(target, Atspi)
    return 0


def dismiss(server):
    """Closes every pop-up on screen as a user would: xfce4-notifyd closes on a click of the
    pop-up, notification-daemon on its close button (unnamed: an icon), Plasma on `Close`."""
    Atspi = atspi()
    for _ in range(20):  # each close may bring the next queued pop-up on screen
        shown_now = popups(server, Atspi)
        if not shown_now:
            return 0
        for popup, summary, _ in shown_now:
            buttons = [n for n in walk(popup) if role(n, Atspi) == Atspi.Role.PUSH_BUTTON]
            if server == "xfce":
                target = next(
                    (n for n in walk(popup) if role(n, Atspi) == Atspi.Role.LABEL and name(n) == summary), popup
                )
            elif server == "notification-daemon":
                target = next((b for b in buttons if not name(b)), None)
            else:
                target = next((b for b in buttons if name(b) == "Close"), None)
            if target is None:
                print(f"desktop-probe: no way to close {summary!r} on {server}", file=sys.stderr)
                return 1
            pointer_click(target, Atspi)
        time.sleep(0.3)
    return 1


def eval_in_shell(code):
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    reply = bus.call_sync(
        "org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell", "Eval", GLib.Variant("(s)", (code,)),
        GLib.VariantType("(bs)"), Gio.DBusCallFlags.NONE, 10000, None,
    )
    ok, result = reply.unpack()
    if not ok:
        raise RuntimeError(f"org.gnome.Shell.Eval failed (is the test extension enabled?): {result}")
    return json.loads(result) if result else None


GNOME_NOTIFICATIONS = """
imports.ui.main.messageTray.getSources().flatMap(source => source.notifications.map(n => ({
  source: source.title, summary: n.title, body: n.bannerBodyText,
  actions: n.actions.map(a => a.label)})))
"""


def gnome_shown():
    for entry in eval_in_shell(GNOME_NOTIFICATIONS):
        print(
            json.dumps(
                {"summary": entry["summary"], "body": entry["body"], "app": entry["source"], "buttons": entry["actions"]},
                ensure_ascii=False,
            )
        )
    return 0


def gnome_act(summary, key, label):
    # The shell's own objects: `activate()` is what a click on the banner or on the entry in the
    # message list calls (the daemon answers with ActionInvoked `default`); an action's
    # callback is what its button calls (ActionInvoked with that action's key).
    code = (
        "(() => { const n = imports.ui.main.messageTray.getSources().flatMap(s => s.notifications)"
        f".find(n => n.title === {json.dumps(summary)}); if (!n) return 'no notification';"
    )
    if key == "default":
        code += " n.activate(); return 'ok'; })()"
    else:
        code += (
            f" const a = n.actions.find(a => a.label === {json.dumps(label)}); if (!a) return 'no button';"
            " a.callback(); return 'ok'; })()"
        )
    deadline = time.monotonic() + LOOK_SECONDS
    while True:
        outcome = eval_in_shell(code)  # Eval answers with the value as JSON
        if outcome == "ok":
            return 0
        if time.monotonic() > deadline:
            print(f"desktop-probe: GNOME Shell: {outcome} for {summary!r} ({key}, {label!r})", file=sys.stderr)
            return 1
        time.sleep(0.1)


def inhibit():
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    reply = bus.call_sync(
        "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
        "Inhibit", GLib.Variant("(ssa{sv})", ("reminders-tests", "a test holds pop-ups back", {})),
        GLib.VariantType("(u)"), Gio.DBusCallFlags.NONE, 10000, None,
    )
    print(reply.unpack()[0], flush=True)
    # The inhibition lasts as long as this connection: until the harness ends this process.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    GLib.MainLoop().run()
    return 0


def main(argv):
    if len(argv) >= 3 and argv[1] == "shown" and argv[2] in APPLICATIONS:
        return shown(argv[2], argv[3] if len(argv) > 3 else None)
    if len(argv) == 5 and argv[1] == "press" and argv[2] in APPLICATIONS:
        return press(argv[2], argv[3], argv[4])
    if len(argv) == 4 and argv[1] == "click" and argv[2] in APPLICATIONS:
        return click(argv[2], argv[3])
    if len(argv) == 3 and argv[1] == "dismiss" and argv[2] in POINTER:
        return dismiss(argv[2])
    if argv[1:] == ["gnome-dismiss"]:
        eval_in_shell(
            "imports.ui.main.messageTray.getSources().flatMap(s => s.notifications)"
            ".forEach(n => n.destroy(imports.ui.messageTray.NotificationDestroyedReason.DISMISSED))"
        )
        return 0
    if argv[1:] == ["gnome-shown"]:
        return gnome_shown()
    if len(argv) == 5 and argv[1] == "gnome-act":
        return gnome_act(argv[2], argv[3], argv[4])
    if argv[1:] == ["inhibit"]:
        return inhibit()
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
