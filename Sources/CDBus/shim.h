#ifndef REMINDERS_CDBUS_SHIM_H
#define REMINDERS_CDBUS_SHIM_H
#include <dbus/dbus.h>
#endif
