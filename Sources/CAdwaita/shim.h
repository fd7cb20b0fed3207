// libadwaita (and GTK 4, which it brings) for RemindersGtk, the one target that imports it
// (docs/app.md). What does not import into Swift is written here as small inline functions:
// variadic calls (gtk_accessible_update_property), macros (g_signal_connect) and the casts.
#ifndef REMINDERS_CADWAITA_SHIM_H
#define REMINDERS_CADWAITA_SHIM_H

#include <adwaita.h>
#include <glib-unix.h>
#include <signal.h>

/// The signals that end the app as a quit does (a review session closed, its lock let go).
static const int reminders_signal_terminate = SIGTERM;
static const int reminders_signal_interrupt = SIGINT;
static const int reminders_signal_hangup = SIGHUP;

/// The accessible name Orca reads for `widget` (GTK_ACCESSIBLE_PROPERTY_LABEL).
static inline void reminders_accessible_label(GtkWidget *widget, const char *label) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/// The accessible description Orca reads after the name (GTK_ACCESSIBLE_PROPERTY_DESCRIPTION).
static inline void reminders_accessible_description(GtkWidget *widget, const char *description) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

/// `g_signal_connect_data` with a destroy notify that lets the handler's box go.
static inline gulong reminders_signal_connect(gpointer instance, const char *signal, GCallback handler,
                                              gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

/// The flags of an application that is one instance (a second launch hands over and exits).
static const GApplicationFlags reminders_application_flags = G_APPLICATION_DEFAULT_FLAGS;
/// The flags of an instance of its own beside any other (the demo's screenshots).
static const GApplicationFlags reminders_application_flags_alone = G_APPLICATION_NON_UNIQUE;

/// GDK's key values the review keys are read from.
static const guint reminders_key_space = GDK_KEY_space;
static const guint reminders_key_return = GDK_KEY_Return;
static const guint reminders_key_kp_enter = GDK_KEY_KP_Enter;
static const guint reminders_key_escape = GDK_KEY_Escape;
static const guint reminders_key_left = GDK_KEY_Left;
static const guint reminders_key_right = GDK_KEY_Right;

/// The priority of the window's idle and timer work.
static const gint reminders_priority_default = G_PRIORITY_DEFAULT;

#endif
