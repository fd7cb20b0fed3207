import CAdwaita

/// The application: one instance per session bus (a second launch hands its request to the
/// first over D-Bus and exits), its actions (`app.NAME`), its main loop.
@MainActor
public final class Application {
  let object: ObjectReference

  /// `id` is the reverse-DNS application id: the D-Bus name, and the `.desktop` file's name.
  /// `alone`: an instance of its own, beside the one that may run (it neither hands over nor
  /// takes requests).
  public init(id: String, alone: Bool = false) {
    let flags = alone ? reminders_application_flags_alone : reminders_application_flags
    object = ObjectReference(adopting: UnsafeMutableRawPointer(adw_application_new(id, flags)!))
  }

  var application: UnsafeMutablePointer<GApplication> { object.typed() }

  /// What the first instance does when started or asked to show itself again.
  public func onActivate(_ action: @escaping @MainActor () -> Void) {
    connect(object.raw, "activate", action)
  }

  /// An action `app.NAME` without a parameter, which another process (a second launch, the
  /// pop-up's watch) may ask for over D-Bus.
  public func addAction(_ name: String, _ action: @escaping @MainActor () -> Void) {
    let simple = ObjectReference(adopting: UnsafeMutableRawPointer(g_simple_action_new(name, nil)!))
    connectWithArgument(simple.raw, "activate", action)
    // The application takes a reference of its own.
    g_action_map_add_action(OpaquePointer(object.raw), simple.opaque)
  }

  /// Keyboard shortcuts of an action (`app.quit`: `<Control>q`).
  public func setShortcuts(_ shortcuts: [String], for action: String) {
    withCStrings(shortcuts) { gtk_application_set_accels_for_action(object.typed(), action, $0) }
  }

  /// Registers on the session bus: after this, `isRemote` says whether another instance runs.
  @discardableResult
  public func register() -> Bool { g_application_register(application, nil, nil) != 0 }

  /// Another process is the application: what this one asks is forwarded to it.
  public var isRemote: Bool { g_application_get_is_remote(application) != 0 }

  /// Asks for `app.NAME`, here or in the instance that runs.
  public func activateAction(_ name: String) {
    g_action_group_activate_action(OpaquePointer(object.raw), name, nil)
  }

  /// Runs the main loop until the last window closes; the exit status. `arguments` are
  /// GApplication's own (`--gapplication-service`), the program's name first.
  public func run(arguments: [String]) -> Int32 {
    var copies = arguments.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    copies.append(nil)
    return copies.withUnsafeMutableBufferPointer {
      g_application_run(application, Int32(arguments.count), $0.baseAddress)
    }
  }

  public func quit() { g_application_quit(application) }
}

/// The application's window (libadwaita's): a header bar and the pages.
@MainActor
public final class Window: Widget {
  public init(application: Application, title: String) {
    super.init(sinking: adw_application_window_new(application.object.typed())!)
    gtk_window_set_title(object.typed(), title)
    gtk_window_set_default_size(object.typed(), 720, 640)
  }

  public func setContent(_ content: Widget) {
    adw_application_window_set_content(object.typed(), content.widget)
  }

  /// Shows the window in front; `present` uses the activation token GTK was started with, or
  /// was handed by a second launch.
  public func present() { gtk_window_present(object.typed()) }

  public func setTitle(_ title: String) { gtk_window_set_title(object.typed(), title) }

  /// Draws the window as it is on screen into a PNG file at `path` (with the window's own
  /// renderer: the same on X11 and Wayland, no screenshot tool). False when it is not shown yet or
  /// the file cannot be written.
  public func savePNG(to path: String) -> Bool {
    let width = gtk_widget_get_width(widget)
    let height = gtk_widget_get_height(widget)
    guard width > 0, height > 0, let native = gtk_widget_get_native(widget),
      let renderer = gtk_native_get_renderer(native), let paintable = gtk_widget_paintable_new(widget)
    else { return false }
    defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
    let snapshot = gtk_snapshot_new()
    gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
    guard let node = gtk_snapshot_free_to_node(snapshot) else { return false }
    defer { gsk_render_node_unref(node) }
    guard let texture = gsk_renderer_render_texture(renderer, node, nil) else { return false }
    defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
    return gdk_texture_save_to_png(texture, path) != 0
  }

}

/// The pages of the window, one shown at a time, each with a title and an icon for the
/// switcher.
public final class ViewStack: Widget {
  public init() { super.init(sinking: adw_view_stack_new()!) }

  public func add(_ child: Widget, name: String, title: String, icon: String) {
    let page = adw_view_stack_add_titled(object.opaque, child.widget, name, title)
    adw_view_stack_page_set_icon_name(page, icon)
  }

  /// Changes a page's title (the language changed).
  public func retitle(_ child: Widget, title: String) {
    adw_view_stack_page_set_title(adw_view_stack_get_page(object.opaque, child.widget), title)
  }

  public var visibleName: String {
    get { adw_view_stack_get_visible_child_name(object.opaque).map { String(cString: $0) } ?? "" }
    set { adw_view_stack_set_visible_child_name(object.opaque, newValue) }
  }
}

/// The window's header: the page switcher as its title, wide; a bar at the bottom when narrow.
public final class HeaderBar: Widget {
  public let switcherBar: Widget

  public init(stack: ViewStack, title: String) {
    let switcher = adw_view_switcher_title_new()!
    adw_view_switcher_title_set_stack(OpaquePointer(switcher), stack.object.opaque)
    adw_view_switcher_title_set_title(OpaquePointer(switcher), title)
    let bar = adw_view_switcher_bar_new()!
    adw_view_switcher_bar_set_stack(OpaquePointer(bar), stack.object.opaque)
    switcherBar = Widget(sinking: bar)
    super.init(sinking: adw_header_bar_new()!)
    adw_header_bar_set_title_widget(object.opaque, switcher)
    // The bottom bar shows the switcher when the title has no room for it.
    let barPointer = switcherBar.object
    connectNotify(UnsafeMutableRawPointer(switcher), property: "title-visible") {
      adw_view_switcher_bar_set_reveal(
        barPointer.opaque, adw_view_switcher_title_get_title_visible(OpaquePointer(switcher)))
    }
  }
}

/// A page of settings: groups of rows (libadwaita's preferences page).
public final class PreferencesPage: Widget {
  public init() { super.init(sinking: adw_preferences_page_new()!) }
  public func add(_ group: PreferencesGroup) {
    adw_preferences_page_add(object.typed(), group.object.typed())
  }
}

/// A titled group of rows.
public final class PreferencesGroup: Widget {
  public init(title: String) {
    super.init(sinking: adw_preferences_group_new()!)
    adw_preferences_group_set_title(object.typed(), title)
  }

  public func add(_ row: Widget) { adw_preferences_group_add(object.typed(), row.widget) }

  public func setTitle(_ title: String) { adw_preferences_group_set_title(object.typed(), title) }
}

/// A row to type a value in, applied with Enter or its apply button: a titled row (libadwaita's
/// action row) with an entry named by the title, so that a screen reader reads the field by its
/// setting's name (libadwaita 1.2's entry row leaves its text and its apply button unnamed).
public final class EntryRow: Widget {
  let entry: ObjectReference
  let apply: Button

  public init(title: String, apply label: String) {
    entry = ObjectReference(sinking: UnsafeMutableRawPointer(gtk_entry_new()!))
    apply = Button(label)
    super.init(sinking: adw_action_row_new()!)
    gtk_widget_set_valign(entry.typed(), GTK_ALIGN_CENTER)
    apply.align(vertically: .center)
    adw_action_row_add_suffix(object.typed(), entry.typed())
    adw_action_row_add_suffix(object.typed(), apply.widget)
    setTitle(title, apply: label)
  }

  public var text: String {
    get { String(cString: gtk_editable_get_text(entry.opaque)) }
    set { gtk_editable_set_text(entry.opaque, newValue) }
  }

  public override var hasFocus: Bool {
    gtk_widget_has_focus(entry.typed()) != 0 || gtk_widget_is_focus(entry.typed()) != 0
  }

  public func setTitle(_ title: String, apply label: String) {
    adw_preferences_row_set_title(object.typed(), title)
    reminders_accessible_label(entry.typed(), title)
    apply.label = label
    apply.setAccessibleLabel(label + ": " + title)
  }

  /// The value was applied (Enter in the entry, or the apply button).
  public func onApply(_ action: @escaping @MainActor () -> Void) {
    connect(entry.raw, "activate", action)
    apply.onClicked(action)
  }
}

/// A row to pick one of a few words (libadwaita's combo row).
public final class ComboRow: Widget {
  public init(title: String, choices: [String]) {
    super.init(sinking: adw_combo_row_new()!)
    adw_preferences_row_set_title(object.typed(), title)
    setChoices(choices)
  }

  public func setChoices(_ choices: [String]) {
    let list = ObjectReference(
      adopting: UnsafeMutableRawPointer(withCStrings(choices) { gtk_string_list_new($0)! }))
    // The row takes a reference of its own.
    adw_combo_row_set_model(object.typed(), list.opaque)
  }

  public func setTitle(_ title: String) { adw_preferences_row_set_title(object.typed(), title) }

  public var selected: Int {
    get { Int(adw_combo_row_get_selected(object.typed())) }
    set { adw_combo_row_set_selected(object.typed(), UInt32(newValue)) }
  }

  public func onSelected(_ action: @escaping @MainActor () -> Void) {
    connectNotify(object.raw, property: "selected", action)
  }
}

/// The main loop's timers, idle work and signals.
@MainActor
public enum MainLoop {
  /// A GLib source's callback that runs the boxed action and keeps the source (`G_SOURCE_CONTINUE`),
  /// and the destroy notify that lets the box go: what every source of this target is given.
  typealias SourceCallbacks = (
    run: @convention(c) (UnsafeMutableRawPointer?) -> Int32,
    release: @convention(c) (UnsafeMutableRawPointer?) -> Void
  )

  static func sourceCallbacks() -> SourceCallbacks {
    (
      run: { data in MainLoop.runBoxed(data) ? 1 : 0 },
      release: { data in if let data { ClosureBox<Action>.release(data) } }
    )
  }

  /// Runs the action boxed in a source's `data`; false when there is none.
  nonisolated static func runBoxed(_ data: UnsafeMutableRawPointer?) -> Bool {
    guard let data else { return false }
    let body = ClosureBox<Action>.from(data)
    MainActor.assumeIsolated { body() }
    return true
  }

  /// `action` once, `milliseconds` from now.
  public static func after(milliseconds: UInt32, _ action: @escaping @MainActor () -> Void) {
    _ = g_timeout_add_full(
      reminders_priority_default, milliseconds,
      { data in
        _ = MainLoop.runBoxed(data)
        return 0  // G_SOURCE_REMOVE: once
      }, ClosureBox<Action>.retained(action), sourceCallbacks().release)
  }

  /// `action` on SIGTERM, SIGINT or SIGHUP, in the main loop (not in a signal handler): the app
  /// quits as from its menu. A signal ignored by the parent stays heard.
  public static func onTermination(_ action: @escaping @MainActor () -> Void) {
    let callbacks = sourceCallbacks()
    for signal in [reminders_signal_terminate, reminders_signal_interrupt, reminders_signal_hangup] {
      _ = g_unix_signal_add_full(
        reminders_priority_default, signal, callbacks.run, ClosureBox<Action>.retained(action),
        callbacks.release)
    }
  }

  /// `action` every `seconds` until the process ends.
  public static func every(seconds: UInt32, _ action: @escaping @MainActor () -> Void) {
    let callbacks = sourceCallbacks()
    _ = g_timeout_add_seconds_full(
      reminders_priority_default, seconds, callbacks.run, ClosureBox<Action>.retained(action),
      callbacks.release)
  }
}
