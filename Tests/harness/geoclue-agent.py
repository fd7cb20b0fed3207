#!/usr/bin/python3
"""A GeoClue2 location agent for tests, as a desktop's own (GNOME Shell's, KDE's) would be.

    geoclue-agent.py READY_FILE [--refuse]

GeoClue answers `Manager.GetClient` only once an agent has registered for the caller's user
(`Manager.AddAgent`), and asks it to authorise each application (`AuthorizeApp`). This agent
registers for the user it runs as, under an id GeoClue's own configuration allows
(`geoclue-demo-agent`, in the [agent] whitelist of /etc/geoclue/geoclue.conf), allows every
application at the accuracy it asked for (or none, with --refuse), logs each question on
stdout, and writes READY_FILE once registered. It talks to the bus that DBUS_SYSTEM_BUS_ADDRESS
names. Needs Debian's python3-dbus and python3-gi.
"""
import sys
import time

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

AGENT = "org.freedesktop.GeoClue2.Agent"
EXACT = 8


class Agent(dbus.service.Object):
    def __init__(self, bus, allow):
        super().__init__(bus, "/org/freedesktop/GeoClue2/Agent")
        self.allow = allow

    @dbus.service.method(AGENT, in_signature="su", out_signature="bu")
    def AuthorizeApp(self, desktop_id, level):
        print("AuthorizeApp %s %d -> %s" % (desktop_id, level, self.allow), flush=True)
        return (self.allow, dbus.UInt32(level if self.allow else 0))

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        if interface == AGENT and name == "MaxAccuracyLevel":
            return dbus.UInt32(EXACT if self.allow else 0)
        raise dbus.exceptions.DBusException(
            "no property %s.%s" % (interface, name), name="org.freedesktop.DBus.Error.UnknownProperty")

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        if interface == AGENT:
            return {"MaxAccuracyLevel": dbus.UInt32(EXACT if self.allow else 0)}
        return {}


def main():
    ready_file = sys.argv[1]
    allow = "--refuse" not in sys.argv[2:]
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SystemBus()
    agent = Agent(bus, allow)
    # GeoClue may still be starting.
    deadline = time.monotonic() + 15
    while not bus.name_has_owner("org.freedesktop.GeoClue2"):
        if time.monotonic() > deadline:
            sys.exit("geoclue-agent: org.freedesktop.GeoClue2 did not appear on the bus")
        time.sleep(0.05)
    manager = bus.get_object("org.freedesktop.GeoClue2", "/org/freedesktop/GeoClue2/Manager")
    loop = GLib.MainLoop()

    def registered():
        with open(ready_file, "w", encoding="ascii") as f:
            f.write("ready\n")
        print("registered", flush=True)

    def failed(error):
        print("AddAgent failed: %s" % error, file=sys.stderr, flush=True)
        loop.quit()
        sys.exit(1)

    # Asynchronously: before it answers, GeoClue reads this agent's MaxAccuracyLevel, which
    # only the running main loop can answer.
    manager.AddAgent(
        "geoclue-demo-agent", dbus_interface="org.freedesktop.GeoClue2.Manager",
        reply_handler=registered, error_handler=failed)
    loop.run()
    del agent


if __name__ == "__main__":
    main()
